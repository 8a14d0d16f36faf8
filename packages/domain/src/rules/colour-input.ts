// Colour inputs (spec 2 §5.1): what each format lets the user type, and whether the value is a
// valid colour of that format.

export const COLOUR_FORMATS = ["hex", "rgb", "hsl"] as const;
export type ColourFormat = (typeof COLOUR_FORMATS)[number];

const DISALLOWED: Record<ColourFormat, RegExp> = {
  hex: /[^0-9a-fA-F#]/g,
  rgb: /[^0-9,]/g,
  hsl: /[^0-9, %]/g,
};

/** Drops every character the format does not accept: hex characters and #; rgb digits and comma; hsl digits, comma, space and %. */
export function filterColourInput(value: string, format: ColourFormat): string {
  return value.replace(DISALLOWED[format], "");
}

/** Hex with 3, 6 or 8 digits; the leading # is optional. */
export function isValidHexColour(value: string): boolean {
  return /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value.trim());
}

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;

/** Splits "rgb(1, 2, 3)", "rgba(1,2,3,0.5)" or a bare "1,2,3" into its parts; null when malformed. */
function functionArguments(value: string, names: readonly string[]): string[] | null {
  const trimmed = value.trim().toLowerCase();
  const call = /^([a-z]+)\((.*)\)$/.exec(trimmed);
  if (call === null) return trimmed.split(",").map((part) => part.trim());
  const [, name = "", body = ""] = call;
  return names.includes(name) ? body.split(",").map((part) => part.trim()) : null;
}

function inRange(part: string, max: number, unit: "" | "%" = ""): boolean {
  const match = new RegExp(`^(${NUMBER})${unit}$`).exec(part);
  if (match === null) return false;
  const value = Number(match[1]);
  return value >= 0 && value <= max;
}

/** rgb/rgba: three channels 0-255 and an optional alpha 0-1. */
export function isValidRgbColour(value: string): boolean {
  const parts = functionArguments(value, ["rgb", "rgba"]);
  if (parts === null || parts.length < 3 || parts.length > 4) return false;
  const [red = "", green = "", blue = "", alpha] = parts;
  const channelsOk = [red, green, blue].every(
    (channel) => /^\d+$/.test(channel) && inRange(channel, 255),
  );
  return channelsOk && (alpha === undefined || inRange(alpha, 1));
}

/** hsl/hsla: hue 0-360, saturation and lightness 0-100 (the % is optional), optional alpha 0-1. */
export function isValidHslColour(value: string): boolean {
  const parts = functionArguments(value, ["hsl", "hsla"]);
  if (parts === null || parts.length < 3 || parts.length > 4) return false;
  const [hue = "", saturation = "", lightness = "", alpha] = parts;
  const percentOk = (part: string) => inRange(part, 100, "%") || inRange(part, 100);
  return (
    inRange(hue, 360) &&
    percentOk(saturation) &&
    percentOk(lightness) &&
    (alpha === undefined || inRange(alpha, 1))
  );
}

export function isValidColour(value: string, format: ColourFormat): boolean {
  switch (format) {
    case "hex":
      return isValidHexColour(value);
    case "rgb":
      return isValidRgbColour(value);
    case "hsl":
      return isValidHslColour(value);
  }
}
