import type { MeasurementUnit } from "../constants";

// Lengths as the viewer shows them, in the visitor's Units setting (spec 2 §9.3: Inches or
// Meters). Spaces are built in metres; this turns a length in metres into the chosen unit and
// writes it with a precision that suits its size.

export const METRES_PER_INCH = 0.0254;

/** A length in metres expressed in `unit`. */
export function convertLength(metres: number, unit: MeasurementUnit): number {
  return unit === "Inches" ? metres / METRES_PER_INCH : metres;
}

/** A length of `unit` expressed in metres. */
export function toMetres(value: number, unit: MeasurementUnit): number {
  return unit === "Inches" ? value * METRES_PER_INCH : value;
}

const SYMBOL: Record<MeasurementUnit, string> = { Meters: "m", Inches: "in" };

/**
 * A number in `unit` with the precision its size needs: metres with two decimals under 1 m, one
 * under 10 m, none from 10 m; inches with one decimal under 10 in, none above; thousands grouped.
 */
function formatValue(value: number, unit: MeasurementUnit, size = Math.abs(value)): string {
  const decimals = unit === "Meters" ? (size < 1 ? 2 : size < 10 ? 1 : 0) : size < 10 ? 1 : 0;
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** A length given in metres, written in `unit`: "1.6 m", "0.35 m", "16 m"; "63 in", "4.5 in". */
export function formatLength(metres: number, unit: MeasurementUnit): string {
  if (!Number.isFinite(metres)) return "";
  return `${formatValue(convertLength(metres, unit), unit)} ${SYMBOL[unit]}`;
}

/** A width and a height given in metres, in `unit` and one precision: "1.6 × 0.9 m", "63 × 35 in". */
export function formatSize(width: number, height: number, unit: MeasurementUnit): string {
  if (!Number.isFinite(width) || !Number.isFinite(height)) return "";
  const [x, y] = [convertLength(width, unit), convertLength(height, unit)];
  const larger = Math.max(Math.abs(x), Math.abs(y));
  const w = formatValue(x, unit, larger);
  const h = formatValue(y, unit, larger);
  return `${w} × ${h} ${SYMBOL[unit]}`;
}

/**
 * A map's scale bar: the longest round length (1, 2 or 5 times a power of ten, in `unit`) that is
 * at most `maxMetres` long. Its length in metres (to draw) and its label.
 */
export function scaleBar(
  maxMetres: number,
  unit: MeasurementUnit,
): { metres: number; label: string } {
  const limit = convertLength(maxMetres, unit);
  if (!(limit > 0) || !Number.isFinite(limit)) return { metres: 0, label: "" };
  const power = 10 ** Math.floor(Math.log10(limit));
  const step = [5, 2, 1].map((m) => m * power).find((length) => length <= limit) ?? power;
  return { metres: toMetres(step, unit), label: `${step.toLocaleString("en-US")} ${SYMBOL[unit]}` };
}
