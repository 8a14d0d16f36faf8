import type { District, DistrictAccess } from "@atrium/domain";
import { api } from "./client";

// The district calls of /api/userService (spec 2 §7.1, §7.4) the district site uses.

const BASE = "/api/userService/district";
const id = (value: string) => encodeURIComponent(value);

/** Whether the visitor may enter the district of this subdomain (404 when there is none). */
export const fetchDistrictAccess = (subdomain: string, signal?: AbortSignal) =>
  api<DistrictAccess>(`${BASE}/access/${id(subdomain)}`, { signal, quiet: true });

export const fetchDistrictInfo = (subdomain: string, signal?: AbortSignal) =>
  api<District>(`${BASE}/info`, { query: { subdomain }, signal, quiet: true });

/** The invitation link's code (spec 1 §4: invitation_code triggers acceptance). */
export const acceptDistrictInvitation = (code: string) =>
  api<{ districtId: string; subdomain: string; role: string }>(
    `${BASE}/accept-invitation/${id(code)}`,
    { method: "POST", quiet: true },
  );

/** Districts owned by the signed-in user ("my districts"). */
export const fetchMyDistricts = (cp: number, ipp: number) =>
  api<District[]>(`${BASE}/my`, { query: { cp, ipp }, quiet: true });
/** Districts the signed-in user belongs to as Creator or Guest ("others' districts"). */
export const fetchMemberDistricts = (cp: number, ipp: number) =>
  api<District[]>(`${BASE}/me`, { query: { cp, ipp }, quiet: true });
/** A user's listed districts, as another visitor sees them. */
export const fetchDistrictsOf = (ownerId: string, cp: number, ipp: number) =>
  api<District[]>(`${BASE}/search`, { query: { ownerId, cp, ipp }, quiet: true });
/** The districts a user follows ("following districts"). */
export const fetchFollowedDistricts = (userId: string, cp: number, ipp: number) =>
  api<District[]>(`/api/socialInteractionService/districtfollow/user/${id(userId)}`, {
    query: { cp, ipp },
    quiet: true,
  });

/** A district's own site: its subdomain of the platform's host, same scheme and port. */
export function districtSiteUrl(subdomain: string, baseDomain: string, here: Location = location) {
  const port = here.port ? `:${here.port}` : "";
  return `${here.protocol}//${subdomain}.${baseDomain}${port}/`;
}
