import { describe, expect, it } from "vitest";
import { accountCategories, canSee, findSection } from "./registry";

describe("the account area's sections", () => {
  it("has every section of spec 1 §2", () => {
    const paths = accountCategories.flatMap((category) =>
      category.sections.map((section) => `${section.category}/${section.subcategory}`),
    );
    expect(paths).toEqual([
      "spaces/published",
      "spaces/drafts",
      "districts/what-is-district",
      "districts/my-districts",
      "districts/others-districts",
      "districts/following-districts",
      "library/images",
      "library/videos",
      "library/3d-models",
      "library/audio",
      "library/3d-texts",
      "library/3d-hypertexts",
      "library/webviews",
      "connections/followers",
      "connections/following",
      "connections/groups",
      "activity/history",
      "activity/favorites",
    ]);
  });

  it("keeps private sections and hidden ones from visitors", () => {
    const drafts = findSection("spaces", "drafts")!;
    const images = findSection("library", "images")!;
    const groups = findSection("connections", "groups")!;
    expect(canSee(drafts, {}, true)).toBe(true);
    expect(canSee(drafts, {}, false)).toBe(false);
    expect(canSee(images, { hideContentLibrary: true }, false)).toBe(false);
    expect(canSee(images, { hideContentLibrary: true }, true)).toBe(true);
    expect(canSee(groups, { hideGroups: false }, false)).toBe(true);
    expect(findSection("spaces", "nope")).toBeNull();
  });
});
