import type { DistrictStyles } from "@atrium/domain/entities/district";
import { contrastWithWhite } from "../../app/theme";

/** The platform's blue when a district has no theme colour of its own. */
export const DEFAULT_DISTRICT_THEME = "#3DABFF";
const NAVY = "#0b1f3a";

/**
 * A district's look from its styles (spec 1 §3: theme colour and font): the accent colour, the
 * text that reads on it (white where it reaches 4.5:1, else navy) and the font, if any.
 */
export function districtLook(styles: DistrictStyles) {
  const accent =
    styles.theme && /^#[0-9a-f]{6}$/i.test(styles.theme) ? styles.theme : DEFAULT_DISTRICT_THEME;
  const readsOnWhite = contrastWithWhite(accent) >= 4.5;
  return {
    accent,
    onAccent: readsOnWhite ? "#ffffff" : NAVY,
    /** Text in the accent on white (links, light buttons): the accent where it reads, else navy. */
    accentText: readsOnWhite ? accent : NAVY,
    fontFamily: styles.fontFamily?.trim() || null,
  };
}
export type DistrictLook = ReturnType<typeof districtLook>;

/**
 * The theme variables a district sets on the whole document while its site is shown, so that
 * what renders outside its frame (dialogs, drawers and menus in portals) and the footer take its
 * colour and font like its header: the platform's primary colour ('atrium') becomes the accent.
 */
export function districtThemeVariables(look: DistrictLook): Record<string, string> {
  const tint = (share: number) => `color-mix(in srgb, ${look.accent} ${share}%, #ffffff)`;
  const variables: Record<string, string> = {
    "--district-accent": look.accent,
    "--district-on-accent": look.onAccent,
    "--mantine-primary-color-filled": look.accent,
    "--mantine-primary-color-filled-hover": `color-mix(in srgb, ${look.accent} 85%, #000000)`,
    "--mantine-primary-color-light": tint(12),
    "--mantine-primary-color-light-hover": tint(20),
    "--mantine-primary-color-light-color": look.accentText,
    "--mantine-primary-color-contrast": look.onAccent,
    "--mantine-color-atrium-filled": look.accent,
    "--mantine-color-atrium-filled-hover": `color-mix(in srgb, ${look.accent} 85%, #000000)`,
    "--mantine-color-atrium-light": tint(12),
    "--mantine-color-atrium-light-hover": tint(20),
    "--mantine-color-atrium-light-color": look.accentText,
    "--mantine-color-atrium-outline": look.accentText,
    "--mantine-color-atrium-outline-hover": tint(8),
    "--mantine-color-anchor": look.accentText,
    "--atrium-text-on-brand": look.onAccent,
  };
  if (look.fontFamily) {
    variables["--mantine-font-family"] = look.fontFamily;
    variables["--mantine-font-family-headings"] = look.fontFamily;
  }
  return variables;
}
