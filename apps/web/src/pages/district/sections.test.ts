import { describe, expect, it } from "vitest";
import {
  categoriesFor,
  districtSectionPath,
  resolveDistrictSection,
  subsectionsFor,
} from "./sections";

describe("district sections", () => {
  it("opens the spec's addresses, a category without subsection at its first one", () => {
    expect(resolveDistrictSection(undefined, undefined, null)).toEqual({ category: "home" });
    expect(resolveDistrictSection("spaces", undefined, null)).toEqual({
      category: "spaces",
      sub: "published",
    });
    expect(resolveDistrictSection("library", "3d-hypertexts", "Guest")).toEqual({
      category: "library",
      sub: "3d-hypertexts",
    });
    expect(resolveDistrictSection("members", "all", null)).toEqual({
      category: "members",
      sub: "all",
    });
    expect(resolveDistrictSection("groups", undefined, "Guest")).toEqual({ category: "groups" });
  });

  it("refuses addresses that are no section", () => {
    expect(resolveDistrictSection("nothing", undefined, "Owner")).toBeNull();
    expect(resolveDistrictSection("groups", "extra", "Owner")).toBeNull();
    expect(resolveDistrictSection("library", "webviews", "Owner")).toBeNull();
    expect(resolveDistrictSection("library", "audio", "Owner")).toBeNull();
  });

  it("drafts for owners and creators, invitations and settings for the owner", () => {
    for (const role of [null, "Guest"] as const) {
      expect(resolveDistrictSection("spaces", "drafts", role)).toBeNull();
      expect(resolveDistrictSection("members", "invitations", role)).toBeNull();
      expect(resolveDistrictSection("manage", "settings", role)).toBeNull();
    }
    expect(resolveDistrictSection("spaces", "drafts", "Creator")).not.toBeNull();
    expect(resolveDistrictSection("members", "invitations", "Creator")).toBeNull();
    expect(resolveDistrictSection("manage", undefined, "Creator")).toBeNull();
    expect(resolveDistrictSection("members", "invitations", "Owner")).not.toBeNull();
    expect(resolveDistrictSection("manage", undefined, "Owner")).toEqual({
      category: "manage",
      sub: "settings",
    });
    expect(subsectionsFor("spaces", "Owner")).toEqual(["published", "drafts"]);
    expect(resolveDistrictSection("manage", "slots", "Owner")).toEqual({
      category: "manage",
      sub: "slots",
    });
    expect(resolveDistrictSection("manage", "slots", "Creator")).toBeNull();
    // hosting requests and promotion are the owner's too
    for (const sub of ["hosting", "promotion"]) {
      expect(resolveDistrictSection("manage", sub, "Owner")).toEqual({ category: "manage", sub });
      expect(resolveDistrictSection("manage", sub, "Creator")).toBeNull();
      expect(resolveDistrictSection("manage", sub, null)).toBeNull();
    }
    expect(categoriesFor("Creator")).not.toContain("manage");
    expect(categoriesFor("Owner")).toContain("manage");
  });

  it("builds the addresses back", () => {
    expect(districtSectionPath({ category: "home" })).toBe("/");
    expect(districtSectionPath({ category: "groups" })).toBe("/groups");
    expect(districtSectionPath({ category: "members", sub: "invitations" })).toBe(
      "/members/invitations",
    );
  });
});
