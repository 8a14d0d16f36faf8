import { describe, expect, it } from "vitest";
import { DEFAULT_DISTRICT_THEME, districtLook, districtThemeVariables } from "./district-look";

describe("districtLook", () => {
  it("takes the district's colour and font, with text that reads on the colour", () => {
    expect(districtLook({ theme: "#1a237e", fontFamily: "Georgia, serif" })).toEqual({
      accent: "#1a237e",
      onAccent: "#ffffff",
      accentText: "#1a237e",
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

describe("districtThemeVariables", () => {
  it("makes the accent the primary colour, with text that reads on it and in it", () => {
    const dark = districtThemeVariables(districtLook({ theme: "#1a237e", fontFamily: "Georgia" }));
    expect(dark).toMatchObject({
      "--mantine-color-atrium-filled": "#1a237e",
      "--atrium-text-on-brand": "#ffffff",
      "--mantine-color-anchor": "#1a237e",
      "--mantine-font-family": "Georgia",
    });
    // a light accent keeps navy text on it, and links in navy rather than the pale colour
    const light = districtThemeVariables(districtLook({ theme: "#ffe066" }));
    expect(light["--atrium-text-on-brand"]).not.toBe("#ffffff");
    expect(light["--mantine-color-anchor"]).not.toBe("#ffe066");
    expect(light["--mantine-font-family"]).toBeUndefined();
  });
});
