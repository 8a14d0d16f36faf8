import { coreMessages } from "../messages/core";

const SUFFIXES = coreMessages.units.compact;

/**
 * Below 1000 the number is shown as is; otherwise it gets a suffix K, M, B, T, P, E, Z or Y with
 * 1 decimal, trailing zeros removed (1000 -> '1K', 1500 -> '1.5K'). Rounding is half-up on the
 * decimal; when it reaches 1000 of a unit the next suffix is used, so 999999 is '1M', never
 * '1000K'. Past Y the number keeps growing in Y.
 */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? "-" : "";
  const magnitude = Math.abs(value);
  if (magnitude < 1000) return String(value);
  let tier = Math.min(Math.floor(Math.log10(magnitude) / 3), SUFFIXES.length - 1);
  let scaled = Math.round((magnitude / 1000 ** tier) * 10) / 10;
  if (scaled >= 1000 && tier < SUFFIXES.length - 1) {
    tier += 1;
    scaled = Math.round((magnitude / 1000 ** tier) * 10) / 10;
  }
  // toFixed(1) then a stripped ".0": one decimal at most, no trailing zero.
  const digits = scaled.toFixed(1).replace(/\.0$/, "");
  return `${sign}${digits}${SUFFIXES[tier] ?? ""}`;
}
