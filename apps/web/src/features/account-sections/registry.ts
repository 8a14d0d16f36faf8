import type { PublicProfile as Profile } from "@atrium/domain";
import type { ComponentType } from "react";
import "../../i18n/areas/account";

/** What every section of the account area receives. */
export interface AccountSectionProps {
  profile: Profile;
  /** The signed-in user is the profile's owner. */
  isOwner: boolean;
  /** The section's label, for headings. */
  title: string;
}

export interface AccountSection {
  category: string;
  subcategory: string;
  /** Catalogue key of the section's label. */
  labelKey: string;
  /** Only the owner sees it (drafts, history...); others are sent back to the profile. */
  ownerOnly?: boolean;
  /** Hidden from others when the owner chose so in Settings. */
  hiddenBy?: "hideContentLibrary" | "hideGroups";
  /** The section's content, loaded when it is opened. */
  load: () => Promise<{ default: ComponentType<AccountSectionProps> }>;
}

export interface AccountCategory {
  category: string;
  labelKey: string;
  sections: AccountSection[];
}

const section = (
  category: string,
  subcategory: string,
  labelKey: string,
  load: AccountSection["load"],
  options: Pick<AccountSection, "ownerOnly" | "hiddenBy"> = {},
): AccountSection => ({ category, subcategory, labelKey, load, ...options });

const spacesSection =
  (name: "PublishedSpacesSection" | "DraftsSection" | "HistorySection" | "FavoritesSection") =>
  () =>
    import("../spaces/account-sections").then((module) => ({ default: module[name] }));

const districtsSection =
  (name: "MyDistrictsSection" | "OthersDistrictsSection" | "FollowingDistrictsSection") => () =>
    import("./DistrictsSections").then((module) => ({ default: module[name] }));

/** The account area of spec 1 §2 (USER/{userId}/{category}/{subcategory}), in menu order. */
export const accountCategories: AccountCategory[] = [
  {
    category: "spaces",
    labelKey: "account.sections.spaces",
    sections: [
      section(
        "spaces",
        "published",
        "account.sections.published",
        spacesSection("PublishedSpacesSection"),
      ),
      section("spaces", "drafts", "account.sections.drafts", spacesSection("DraftsSection"), {
        ownerOnly: true,
      }),
    ],
  },
  {
    category: "districts",
    labelKey: "account.sections.districts",
    sections: [
      section(
        "districts",
        "what-is-district",
        "account.sections.whatIsDistrict",
        () => import("./WhatIsDistrict"),
      ),
      section(
        "districts",
        "my-districts",
        "account.sections.myDistricts",
        districtsSection("MyDistrictsSection"),
      ),
      section(
        "districts",
        "others-districts",
        "account.sections.othersDistricts",
        districtsSection("OthersDistrictsSection"),
        { ownerOnly: true },
      ),
      section(
        "districts",
        "following-districts",
        "account.sections.followingDistricts",
        districtsSection("FollowingDistrictsSection"),
        { ownerOnly: true },
      ),
    ],
  },
  {
    category: "library",
    labelKey: "account.sections.library",
    sections: (
      [
        ["images", "account.sections.images"],
        ["videos", "account.sections.videos"],
        ["3d-models", "account.sections.models3d"],
        ["audio", "account.sections.audio"],
        ["3d-texts", "account.sections.texts3d"],
        ["3d-hypertexts", "account.sections.hypertexts3d"],
        ["webviews", "account.sections.webviews"],
      ] as const
    ).map(([subcategory, labelKey]) =>
      section(
        "library",
        subcategory,
        labelKey,
        () =>
          import("../../pages/library/account-sections").then((module) => ({
            default: module.librarySectionFor(subcategory),
          })),
        {
          hiddenBy: "hideContentLibrary",
        },
      ),
    ),
  },
  {
    category: "connections",
    labelKey: "account.sections.connections",
    sections: [
      section("connections", "followers", "account.sections.followers", () =>
        import("./FollowList").then((module) => ({ default: module.FollowersSection })),
      ),
      section("connections", "following", "account.sections.following", () =>
        import("./FollowList").then((module) => ({ default: module.FollowingSection })),
      ),
      section(
        "connections",
        "groups",
        "account.sections.groups",
        () => import("./GroupsSection").then((module) => ({ default: module.GroupsSection })),
        { hiddenBy: "hideGroups" },
      ),
    ],
  },
  {
    category: "activity",
    labelKey: "account.sections.activity",
    sections: [
      section("activity", "history", "account.sections.history", spacesSection("HistorySection"), {
        ownerOnly: true,
      }),
      section(
        "activity",
        "favorites",
        "account.sections.favorites",
        spacesSection("FavoritesSection"),
        {
          ownerOnly: true,
        },
      ),
    ],
  },
];

export function findCategory(category: string) {
  return accountCategories.find((entry) => entry.category === category) ?? null;
}

export function findSection(category: string, subcategory: string) {
  return (
    findCategory(category)?.sections.find((entry) => entry.subcategory === subcategory) ?? null
  );
}

/** Whether a visitor may see a section of this profile. */
export function canSee(
  entry: AccountSection,
  profile: { hideContentLibrary?: boolean; hideGroups?: boolean },
  isOwner: boolean,
) {
  if (isOwner) return true;
  if (entry.ownerOnly) return false;
  return !(entry.hiddenBy && profile[entry.hiddenBy]);
}
