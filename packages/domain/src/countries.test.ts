import { describe, expect, it } from "vitest";
import { COUNTRIES, countryName, countryOptions, isCountryCode } from "./countries";

describe("ISO 3166-1 alpha-2 countries", () => {
  it("holds the 249 assigned codes, none of the reserved or user-assigned ones", () => {
    expect(Object.keys(COUNTRIES)).toHaveLength(249);
    for (const code of ["GR", "DE", "US", "JP", "BR", "ZA", "AX", "SS"]) {
      expect(isCountryCode(code)).toBe(true);
    }
    for (const code of ["EU", "UK", "XK", "ZZ", "AN", "YU", "gr", "GRC", ""]) {
      expect(isCountryCode(code)).toBe(false);
    }
  });

  it("are listed by English name, so the form can offer them in order", () => {
    const names = countryOptions().map((option) => option.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
    expect(countryOptions()[0]).toEqual({ code: "AF", name: "Afghanistan" });
  });

  it("names a code, or null for an unknown one", () => {
    expect(countryName("GR")).toBe("Greece");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("XX")).toBeNull();
  });

  it("does not inherit names from Object.prototype", () => {
    expect(isCountryCode("toString")).toBe(false);
  });
});
