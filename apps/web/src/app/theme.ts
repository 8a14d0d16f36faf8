import { BREAKPOINTS, CONTAINER_MAX_WIDTH_PX, Z_INDEX } from "@atrium/domain/constants";
import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  luminance,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";

// The spec's theme language (spec 2 §9.3): primary #3DABFF, radius xl, Urbanist,
// its breakpoints, container width and layering of modals and drawers.
//
// Contrast (WCAG AA, 4.5:1 for text): the brand blue is light (white on it is 2.48:1), so it
// stays as a colour of surfaces and decoration, and what is written on it or in blue is dark
// enough to read: text on a blue button is navy (6.7:1), blue text (links, eyebrows, light
// and outline buttons) uses the darker shades 8 and 9 (5.7:1 and 7.6:1 on white), and dimmed
// text is a grey of 6:1 instead of Mantine's 3.3:1.
const atriumBlue: MantineColorsTuple = [
  "#eff8ff",
  "#dcf0ff",
  "#c1e4ff",
  "#a2d7ff",
  "#83c9ff",
  "#60baff",
  "#3dabff",
  "#3393de",
  "#1a6aa8",
  "#12578c",
];

/** Text on the brand blue (filled buttons, badges): 6.7:1 on shade 6, 5.1:1 on its hover. */
export const TEXT_ON_BRAND = "#0a1f33";
/** Secondary ("dimmed") text: 6.1:1 on white, 5.7:1 on the palest blue. */
export const DIMMED_TEXT = "#5c636a";

/**
 * Mantine writes white on every filled colour; on the light brand blue (and the other light
 * shades 6 of its palette) that is unreadable, so filled surfaces of theme colours take the
 * navy text, or a darker shade under white text where the colour is a warning or a danger.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant === "white" && (input.color || input.theme.primaryColor) === "atrium")
    return { ...colors, color: "var(--mantine-color-atrium-8)" };
  if (input.variant !== "filled") return colors;
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor) return colors;
  // a variable (TEXT_ON_BRAND by default) so that a district's theme can set it for its accent
  if (parsed.color === "atrium") return { ...colors, color: "var(--atrium-text-on-brand)" };
  if (parsed.shade !== undefined) return colors;
  // red, orange, teal...: white text on the first shade from 6 on that reads at 4.5:1
  const palette = input.theme.colors[parsed.color];
  if (!palette) return colors;
  const shade = [6, 7, 8, 9].find((index) => contrastWithWhite(palette[index] ?? "") >= 4.5);
  // light palettes (green, yellow, lime): navy on their own colour instead
  if (shade === undefined) return { ...colors, color: TEXT_ON_BRAND };
  return {
    ...colors,
    background: `var(--mantine-color-${parsed.color}-${shade})`,
    hover: `var(--mantine-color-${parsed.color}-${Math.min(shade + 1, 9)})`,
    color: "var(--mantine-color-white)",
  };
};

/** WCAG contrast ratio of white text on a colour. */
export function contrastWithWhite(color: string) {
  return 1.05 / (luminance(color) + 0.05);
}

export const theme = createTheme({
  primaryColor: "atrium",
  primaryShade: 6,
  colors: { atrium: atriumBlue },
  variantColorResolver,
  defaultRadius: "xl",
  fontFamily: "Urbanist, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  headings: { fontFamily: "Urbanist, system-ui, -apple-system, Segoe UI, Roboto, sans-serif" },
  breakpoints: BREAKPOINTS,
  components: {
    Container: { defaultProps: { size: CONTAINER_MAX_WIDTH_PX } },
    Modal: { defaultProps: { zIndex: Z_INDEX.modal } },
    Drawer: { defaultProps: { zIndex: Z_INDEX.sideDrawer, size: "27%" } },
    // select, multi-select and menu dropdowns (all Popovers) and tooltips in a portal open
    // above a modal, else a picker in a dialog opens under it (Mantine's default is 300)
    Popover: { defaultProps: { zIndex: Z_INDEX.popover } },
    Tooltip: { defaultProps: { zIndex: Z_INDEX.popover } },
  },
});

/** Blue text and dimmed text dark enough to read (see above); light scheme only. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { "--atrium-text-on-brand": TEXT_ON_BRAND },
  light: {
    "--mantine-color-anchor": "var(--mantine-color-atrium-8)",
    "--mantine-color-dimmed": DIMMED_TEXT,
    "--mantine-color-atrium-light-color": "var(--mantine-color-atrium-9)",
    "--mantine-color-atrium-outline": "var(--mantine-color-atrium-8)",
    "--mantine-color-placeholder": DIMMED_TEXT,
  },
  dark: {},
});
