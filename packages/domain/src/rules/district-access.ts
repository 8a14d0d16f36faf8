import type { DistrictRole } from "../entities/member";

// Who may do what in a district (spec 1 §6, spec 2 §6). One place for the rules the server
// enforces and the district site shows: the role is the signed-in user's role in the district,
// null for outsiders and signed-out visitors.

/** public or private, hidden or visible, listed or unlisted (spec 1 §4: district visibility). */
export interface DistrictVisibility {
  public: boolean;
  visible: boolean;
  listed: boolean;
}

/** Members always; others only when the district is public and not hidden. */
export function canEnterDistrict(district: DistrictVisibility, role: DistrictRole | null): boolean {
  if (role !== null) return true;
  return district.public && district.visible;
}

/**
 * Whether the district (and its spaces) appear in search and explore for this visitor: an
 * unlisted district is reachable by its subdomain but listed to its members only.
 */
export function isDistrictListedFor(
  district: DistrictVisibility,
  role: DistrictRole | null,
): boolean {
  if (role !== null) return true;
  return district.public && district.visible && district.listed;
}

/** Members, roles, slots, invitations, groups and settings are the owner's. */
export function canManageDistrict(role: DistrictRole | null): boolean {
  return role === "Owner";
}

/** Only owners and creators create spaces in a district (and see its Create Space button). */
export function canCreateInDistrict(role: DistrictRole | null): boolean {
  return role === "Owner" || role === "Creator";
}

/** The roles an invitation or a role change may give: a district has exactly one owner. */
export const ASSIGNABLE_DISTRICT_ROLES = ["Creator", "Guest"] as const;
export type AssignableDistrictRole = (typeof ASSIGNABLE_DISTRICT_ROLES)[number];
