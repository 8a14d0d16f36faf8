import type {
  District,
  DistrictAccess,
  DistrictCatalogueItem,
  DistrictFollowState,
  DistrictSettingsPatch,
  DistrictSlot,
  Group,
  GroupInput,
  GroupSummary,
  HostingRequest,
  HostingRequestInput,
  Invitation,
  Member,
  PurchasedDistrictItem,
  SettleDistrictCartRequest,
  SettleDistrictCartResponse,
  SpaceCard,
} from "@atrium/domain";
import { api } from "./client";

// The district calls of /api/userService (spec 2 §7.1, §7.4) the district site uses.

const BASE = "/api/userService/district";
const id = (value: string) => encodeURIComponent(value);

/** Whether the visitor may enter the district of this subdomain (404 when there is none). */
export const fetchDistrictAccess = (subdomain: string, signal?: AbortSignal) =>
  api<DistrictAccess>(`${BASE}/access/${id(subdomain)}`, { signal, quiet: true });

export const fetchDistrictInfo = (subdomain: string, signal?: AbortSignal) =>
  api<District>(`${BASE}/info`, { query: { subdomain }, signal, quiet: true });

/** The district by its id, with the caller's role (the editor's Upgrade asks who owns it). */
export const fetchDistrictInfoById = (districtId: string, signal?: AbortSignal) =>
  api<District>(`${BASE}/info`, { query: { id: districtId }, signal, quiet: true });

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
/** Explore's districts tab: listed districts (members also find their unlisted ones). */
export const searchDistricts = (q: string, cp: number, ipp: number, signal?: AbortSignal) =>
  api<District[]>(`${BASE}/search`, { query: { q, cp, ipp }, signal });

const FOLLOW = "/api/socialInteractionService/districtfollow";
export const followDistrict = (districtId: string) =>
  api<DistrictFollowState>(FOLLOW, { method: "POST", body: { districtId } });
export const fetchDistrictFollowState = (districtId: string) =>
  api<DistrictFollowState>(`${FOLLOW}/district/${id(districtId)}`, { quiet: true });
export const unfollowDistrict = (districtId: string) =>
  api<DistrictFollowState>(`${FOLLOW}/district/${id(districtId)}`, { method: "DELETE" });

/** The districts a user follows ("following districts"). */
export const fetchFollowedDistricts = (userId: string, cp: number, ipp: number) =>
  api<District[]>(`${FOLLOW}/user/${id(userId)}`, {
    query: { cp, ipp },
    quiet: true,
  });

/** A district's own site: its subdomain of the platform's host, same scheme and port. */
export function districtSiteUrl(subdomain: string, baseDomain: string, here: Location = location) {
  const port = here.port ? `:${here.port}` : "";
  return `${here.protocol}//${subdomain}.${baseDomain}${port}/`;
}

type CreatedInvitation = Invitation & { invitationUrl: string };

// The district site's sections (spec 2 §2.4): members, invitations, groups, settings, spaces.

export const fetchDistrictMembers = (districtId: string, signal?: AbortSignal) =>
  api<Member[]>(`${BASE}/${id(districtId)}/members`, { signal, quiet: true });

/** The owner gives a member the role Creator or Guest. */
export const setMemberRole = (districtId: string, userId: string, role: "Creator" | "Guest") =>
  api<Member>(`${BASE}/${id(districtId)}/member/${id(userId)}`, {
    method: "PATCH",
    body: { role },
    quiet: true,
  });

/** The owner removes a member (or a member leaves). */
export const removeMember = (districtId: string, userId: string) =>
  api<{ removed: true }>(`${BASE}/${id(districtId)}/member/${id(userId)}`, {
    method: "DELETE",
    quiet: true,
  });

export const inviteToDistrict = (
  districtId: string,
  body: { email: string; role: "Creator" | "Guest" },
) =>
  api<CreatedInvitation>(`${BASE}/${id(districtId)}/invite`, {
    method: "POST",
    body,
    quiet: true,
  });

export const fetchInvitations = (districtId: string, signal?: AbortSignal) =>
  api<Invitation[]>(`${BASE}/${id(districtId)}/invite`, { signal, quiet: true });

export const revokeInvitation = (districtId: string, invitationId: string) =>
  api<{ revoked: true }>(`${BASE}/${id(districtId)}/invite/${id(invitationId)}`, {
    method: "DELETE",
    quiet: true,
  });

export const updateDistrictSettings = (districtId: string, patch: DistrictSettingsPatch) =>
  api<District>(`${BASE}/${id(districtId)}/admin`, { method: "PATCH", body: patch, quiet: true });

const GROUPS = "/api/userService/group";

export const fetchDistrictGroups = (districtId: string, signal?: AbortSignal) =>
  api<Group[]>(`${GROUPS}/district/${id(districtId)}`, { signal, quiet: true });

/** The groups one manages (one's own and one's districts') and those one belongs to. */
export const fetchManagedGroups = (signal?: AbortSignal) =>
  api<Group[]>(`${GROUPS}/my`, { signal, quiet: true });
export const fetchMemberGroups = (signal?: AbortSignal) =>
  api<Group[]>(`${GROUPS}/me`, { signal, quiet: true });
/** A user's own groups as their profile shows them to others (titles and sizes). */
export const fetchUserGroups = (userId: string, signal?: AbortSignal) =>
  api<GroupSummary[]>(`${GROUPS}/user/${id(userId)}`, { signal, quiet: true });

export const createGroup = (body: GroupInput) =>
  api<Group>(GROUPS, { method: "POST", body, quiet: true });

export const updateGroup = (groupId: string, patch: Omit<GroupInput, "districtId">) =>
  api<Group>(`${GROUPS}/${id(groupId)}`, { method: "PATCH", body: patch, quiet: true });

export const deleteGroup = (groupId: string) =>
  api<{ deleted: true }>(`${GROUPS}/${id(groupId)}`, { method: "DELETE", quiet: true });

/** A district's published spaces, or its drafts (the owner's all, a creator's own). */
export const fetchDistrictSpaces = (
  districtId: string,
  params: { state: "Published" | "Draft"; cp: number; ipp: number },
  signal?: AbortSignal,
) =>
  api<SpaceCard[]>(`/api/sceneService/scene/district/${id(districtId)}`, {
    query: params,
    signal,
    quiet: true,
  });

// The district wizard (issue 18): creation, the subdomain's availability, district items and
// the cart settled from the wallet (/api/marketplaceService).

/** Creates a district (Pro only); the free premade space becomes its first draft. */
export const createDistrict = (body: {
  title: string;
  subdomain: string;
  public: boolean;
  freeSpaceTemplateId: string;
}) =>
  api<{ districtId: string; subdomain: string; freeSceneId: string }>(
    "/api/userService/user-management/districts",
    { method: "POST", body, quiet: true },
  );

/** 200 when the subdomain is free; a 4xx when it is taken (or malformed). */
export const checkSubdomainAvailable = (subdomain: string, signal?: AbortSignal) =>
  api<{ subdomain: string; available: true }>(`${BASE}/available/${id(subdomain)}`, {
    signal,
    quiet: true,
  });

/** The owner's view of a district (edit mode of the wizard). */
export const fetchDistrictAdmin = (districtId: string, signal?: AbortSignal) =>
  api<District>(`${BASE}/${id(districtId)}/admin`, { signal, quiet: true });

const MARKET = "/api/marketplaceService";

export const fetchDistrictItems = (signal?: AbortSignal) =>
  api<DistrictCatalogueItem[]>(`${MARKET}/districtitem`, { signal });

export const fetchPurchasedDistrictItems = (districtId: string, signal?: AbortSignal) =>
  api<PurchasedDistrictItem[]>(`${MARKET}/districtitem/district/${id(districtId)}`, {
    signal,
    quiet: true,
  });

/** Settles the wizard's cart from the wallet; the key makes a retry charge nothing. */
export const settleDistrictCart = (districtId: string, body: SettleDistrictCartRequest) =>
  api<SettleDistrictCartResponse>(`${MARKET}/purchase/district/${id(districtId)}`, {
    method: "POST",
    body,
    quiet: true,
  });

/** The district's slots: the owner's all, a creator's own. */
export const fetchDistrictSlots = (districtId: string, signal?: AbortSignal) =>
  api<DistrictSlot[]>(`${BASE}/${id(districtId)}/slots`, { signal, quiet: true });

/** The owner gives a slot to a member who may create. */
export const allocateDistrictSlot = (districtId: string, slotId: string, userId: string) =>
  api<DistrictSlot>(`${BASE}/${id(districtId)}/slots/${id(slotId)}`, {
    method: "PATCH",
    body: { userId },
    quiet: true,
  });

/** Groups by id, as far as the visitor may see them (the access lists show their titles). */
export const fetchGroupsByIds = (ids: string[]) =>
  api<Group[]>(`${GROUPS}/many`, { query: { ids: ids.join(",") }, quiet: true });

/**
 * The groups a creator may name in a space's privacy and communication lists: those they
 * manage (their own, their districts') and those they belong to, each once.
 */
export async function fetchAclGroups(): Promise<Group[]> {
  const [managed, memberOf] = await Promise.all([fetchManagedGroups(), fetchMemberGroups()]);
  const all = new Map<string, Group>();
  for (const group of [...managed, ...memberOf]) all.set(group.groupId, group);
  return [...all.values()];
}

// hosting requests and promotion (docs/districts.md: Atrium's reading of two owner's tasks)

/** Offer one of one's own spaces to a District. */
export const requestHosting = (districtId: string, body: HostingRequestInput) =>
  api<HostingRequest>(`${BASE}/${id(districtId)}/hosting`, { method: "POST", body, quiet: true });
export const fetchHostingRequests = (districtId: string, signal?: AbortSignal) =>
  api<HostingRequest[]>(`${BASE}/${id(districtId)}/hosting`, { signal, quiet: true });
export const fetchMyHostingRequests = (signal?: AbortSignal) =>
  api<HostingRequest[]>(`${BASE}/hosting/my`, { signal, quiet: true });
export const answerHostingRequest = (
  districtId: string,
  requestId: string,
  answer: "accept" | "decline",
) =>
  api<HostingRequest>(`${BASE}/${id(districtId)}/hosting/${id(requestId)}/${answer}`, {
    method: "POST",
    quiet: true,
  });
/** The maker takes back a request still waiting. */
export const withdrawHostingRequest = (districtId: string, requestId: string) =>
  api<void>(`${BASE}/${id(districtId)}/hosting/${id(requestId)}`, {
    method: "DELETE",
    quiet: true,
  });
/** The District's promoted spaces' ids, newest promotion first. */
export const fetchPromotedIds = (districtId: string, signal?: AbortSignal) =>
  api<string[]>(`${BASE}/${id(districtId)}/promoted`, { signal, quiet: true });
export const setPromoted = (districtId: string, sceneId: string, promoted: boolean) =>
  api<{ sceneId: string; promoted: boolean }>(`${BASE}/${id(districtId)}/promoted/${id(sceneId)}`, {
    method: promoted ? "PUT" : "DELETE",
    quiet: true,
  });
