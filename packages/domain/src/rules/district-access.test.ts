import { describe, expect, it } from "vitest";
import {
  canCreateInDistrict,
  canEnterDistrict,
  canManageDistrict,
  isDistrictListedFor,
} from "./district-access";
import { districtTitleKey, subdomainKey, validateSubdomain } from "./district-validation";

const open = { public: true, visible: true, listed: true };

describe("district access by role and visibility", () => {
  it("a public, visible district is open to everyone; private or hidden to members only", () => {
    expect(canEnterDistrict(open, null)).toBe(true);
    expect(canEnterDistrict({ ...open, public: false }, null)).toBe(false);
    expect(canEnterDistrict({ ...open, visible: false }, null)).toBe(false);
    for (const role of ["Owner", "Creator", "Guest"] as const) {
      expect(canEnterDistrict({ public: false, visible: false, listed: false }, role)).toBe(true);
    }
  });
  it("an unlisted district is reachable but not listed to outsiders", () => {
    const unlisted = { ...open, listed: false };
    expect(canEnterDistrict(unlisted, null)).toBe(true);
    expect(isDistrictListedFor(unlisted, null)).toBe(false);
    expect(isDistrictListedFor(unlisted, "Guest")).toBe(true);
    expect(isDistrictListedFor(open, null)).toBe(true);
    expect(isDistrictListedFor({ ...open, public: false }, null)).toBe(false);
  });
  it("owners manage; owners and creators create; guests and outsiders neither", () => {
    expect([canManageDistrict("Owner"), canManageDistrict("Creator")]).toEqual([true, false]);
    expect(canManageDistrict("Guest") || canManageDistrict(null)).toBe(false);
    expect([canCreateInDistrict("Owner"), canCreateInDistrict("Creator")]).toEqual([true, true]);
    expect(canCreateInDistrict("Guest") || canCreateInDistrict(null)).toBe(false);
  });
});

describe("subdomains that differ only by case or look-alikes", () => {
  const PATTERN =
    "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.";
  it.each([
    ["upper case", "Museum"],
    ["Cyrillic а", "muѕеum"],
    ["fullwidth letters", "ｍｕｓｅｕｍ"],
    ["dotless i", "ıbiza"],
    ["a combining accent", "muse\u0301um"],
  ])("%s is refused with the pattern message", (_case, value) => {
    expect(validateSubdomain(value)).toBe(PATTERN);
  });
  it("keys fold case and compatibility forms", () => {
    expect(subdomainKey("ｍｕｓｅｕｍ")).toBe("museum");
    expect(subdomainKey("Museum")).toBe("museum");
  });
  it("title keys ignore case, outer and repeated spaces", () => {
    expect(districtTitleKey("  Museum   Row ")).toBe(districtTitleKey("museum row"));
    expect(districtTitleKey("Ｍuseum Row")).toBe("museum row");
  });
});
