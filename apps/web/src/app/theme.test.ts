import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastWithWhite, cssVariablesResolver, TEXT_ON_BRAND, theme } from "./theme";

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const resolve = (color: string, variant: string) =>
  full.variantColorResolver({ color, variant, theme: full });

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const on = (hex: string) => 1.05 / contrastWithWhite(hex) - 0.05;
  const [light, dark] = [on(a), on(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("the theme's contrast (WCAG AA, 4.5:1 for text)", () => {
  it("writes navy on the brand blue of filled buttons, which stays the brand blue", () => {
    const filled = resolve("atrium", "filled");
    expect(filled.background).toBe("var(--mantine-color-atrium-filled)");
    // through a variable whose platform value is TEXT_ON_BRAND (a district sets its own)
    expect(filled.color).toBe("var(--atrium-text-on-brand)");
    expect(cssVariablesResolver(full).variables["--atrium-text-on-brand"]).toBe(TEXT_ON_BRAND);
    expect(contrast(TEXT_ON_BRAND, "#3dabff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(TEXT_ON_BRAND, "#3393de")).toBeGreaterThanOrEqual(4.5);
  });

  it("writes on other filled colours with 4.5:1: white on a dark enough shade, else navy", () => {
    for (const color of ["red", "green", "orange", "teal", "yellow", "lime", "gray", "grape"]) {
      const filled = resolve(color, "filled");
      const shade = Number(/-(\d|filled)\)$/.exec(filled.background)?.[1] ?? 6) || 6;
      const hex = full.colors[color]?.[shade] ?? "";
      const text = filled.color === TEXT_ON_BRAND ? TEXT_ON_BRAND : "#ffffff";
      if (text === "#ffffff") expect(filled.color, color).toBe("var(--mantine-color-white)");
      expect(contrast(text, hex), `${text} on ${color}.${shade}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("writes blue text (links, light and outline buttons) and dimmed text in readable shades", () => {
    const light = cssVariablesResolver(full).light;
    expect(light["--mantine-color-anchor"]).toBe("var(--mantine-color-atrium-8)");
    expect(light["--mantine-color-atrium-light-color"]).toBe("var(--mantine-color-atrium-9)");
    const atrium = full.colors.atrium;
    expect(contrast(atrium[8], "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(atrium[8], "#f8f9fa")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(atrium[9], atrium[0])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light["--mantine-color-dimmed"] ?? "", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light["--mantine-color-dimmed"] ?? "", atrium[0])).toBeGreaterThanOrEqual(4.5);
  });

  it("lets Esc close every modal", () => {
    expect(full.components.Modal?.defaultProps).not.toHaveProperty("closeOnEscape", false);
  });
});
