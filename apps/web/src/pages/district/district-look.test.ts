import { describe, expect, it } from "vitest";
import { DEFAULT_DISTRICT_THEME, districtLook } from "./district-look";

describe("districtLook", () => {
  it("takes the district's colour and font, with text that reads on the colour", () => {
    expect(districtLook({ theme: "#1a237e", fontFamily: "Georgia, serif" })).toEqual({
      accent: "#1a237e",
      onAccent: "#ffffff",
      fontFamily: "Georgia, serif",
    });
    // a light yellow takes navy text
    expect(districtLook({ theme: "#ffe066" }).onAccent).not.toBe("#ffffff");
  });

  it("falls back to the platform's blue and font for missing or malformed styles", () => {
    expect(districtLook({})).toMatchObject({ accent: DEFAULT_DISTRICT_THEME, fontFamily: null });
    expect(districtLook({ theme: "red; background:url(x)", fontFamily: "  " })).toMatchObject({
      accent: DEFAULT_DISTRICT_THEME,
      fontFamily: null,
    });
  });
});
