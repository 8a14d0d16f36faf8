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
