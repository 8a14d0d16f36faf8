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
  return {
    accent,
    onAccent: contrastWithWhite(accent) >= 4.5 ? "#ffffff" : NAVY,
    fontFamily: styles.fontFamily?.trim() || null,
  };
}
export type DistrictLook = ReturnType<typeof districtLook>;
