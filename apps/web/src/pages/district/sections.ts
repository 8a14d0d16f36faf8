import type { DistrictRole } from "@atrium/domain";
import { canCreateInDistrict, canManageDistrict } from "@atrium/domain/rules/district-access";

// The district site's sections (spec 2 §2.4): /, /spaces/published, /spaces/drafts,
// /library/{images, videos, 3d-models, 3d-texts, 3d-hypertexts}, /members/all,
// /members/invitations, /groups; and the owner's /manage/settings, /manage/slots,
// /manage/hosting and /manage/promotion (the spec names settings, slots, hosting requests and
// promotion among the owner's tasks without a path). Which of them a visitor sees follows their role.

export const DISTRICT_LIBRARY_SECTIONS = [
  "images",
  "videos",
  "3d-models",
  "3d-texts",
  "3d-hypertexts",
] as const;
export type DistrictLibrarySection = (typeof DISTRICT_LIBRARY_SECTIONS)[number];

export type DistrictSection =
  | { category: "home" }
  | { category: "spaces"; sub: "published" | "drafts" }
  | { category: "library"; sub: DistrictLibrarySection }
  | { category: "members"; sub: "all" | "invitations" }
  | { category: "groups" }
  | { category: "manage"; sub: "settings" | "slots" | "hosting" | "promotion" };

export type DistrictCategory = DistrictSection["category"];

/** The subsections of each category, first the default, as far as `role` may see them. */
export function subsectionsFor(category: DistrictCategory, role: DistrictRole | null): string[] {
  switch (category) {
    case "spaces":
      return canCreateInDistrict(role) ? ["published", "drafts"] : ["published"];
    case "library":
      return [...DISTRICT_LIBRARY_SECTIONS];
    case "members":
      return canManageDistrict(role) ? ["all", "invitations"] : ["all"];
    case "manage":
      return canManageDistrict(role) ? ["settings", "slots", "hosting", "promotion"] : [];
    default:
      return [];
  }
}

/** The categories of the header's navigation for `role`. */
export function categoriesFor(role: DistrictRole | null): DistrictCategory[] {
  const all: DistrictCategory[] = ["home", "spaces", "library", "members", "groups"];
  return canManageDistrict(role) ? [...all, "manage"] : all;
}

/**
 * The section an address shows: null for an address that is no section (a not-found page),
 * or one the visitor's role does not open (drafts, invitations and settings).
 * A category without its subsection opens its first one.
 */
export function resolveDistrictSection(
  category: string | undefined,
  subcategory: string | undefined,
  role: DistrictRole | null,
): DistrictSection | null {
  if (category === undefined) return subcategory === undefined ? { category: "home" } : null;
  if (category === "groups") return subcategory === undefined ? { category: "groups" } : null;
  if (
    category !== "spaces" &&
    category !== "library" &&
    category !== "members" &&
    category !== "manage"
  )
    return null;
  const allowed = subsectionsFor(category, role);
  const sub = subcategory ?? allowed[0];
  if (sub === undefined || !allowed.includes(sub)) return null;
  return { category, sub } as DistrictSection;
}

/** The address of a section (the header's links). */
export function districtSectionPath(section: DistrictSection): string {
  if (section.category === "home") return "/";
  if (section.category === "groups") return "/groups";
  return `/${section.category}/${section.sub}`;
}
