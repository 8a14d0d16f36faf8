// Which characters a font can draw. A font's coverage is a sorted list of inclusive code point
// ranges worked out from its files (the catalogue builder reads every glyph table); a 3D text
// reports the characters its chosen font lacks (spec 2 §5.3 '3D text: unsupported characters
// are reported').

export type CodePointRange = readonly [number, number];

/** Merges code points into sorted, non-overlapping inclusive ranges. */
export function codePointsToRanges(codePoints: Iterable<number>): [number, number][] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

/** Parses a CSS unicode-range list such as "U+0000-00FF,U+0131,U+2000-206F". */
export function parseUnicodeRange(value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of value.split(",")) {
    const match = /^\s*U\+([0-9A-F?]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match?.[1]) continue;
    const first = match[1];
    if (first.includes("?")) {
      ranges.push([
        Number.parseInt(first.replace(/\?/g, "0"), 16),
        Number.parseInt(first.replace(/\?/g, "F"), 16),
      ]);
    } else {
      const start = Number.parseInt(first, 16);
      ranges.push([start, match[2] ? Number.parseInt(match[2], 16) : start]);
    }
  }
  return ranges;
}

/** Writes ranges as a CSS unicode-range list. */
export function formatUnicodeRange(ranges: readonly CodePointRange[]): string {
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, "0");
  return ranges
    .map(([start, end]) => (start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`))
    .join(",");
}

export function coversCodePoint(ranges: readonly CodePointRange[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle] as CodePointRange;
    if (codePoint < range[0]) high = middle - 1;
    else if (codePoint > range[1]) low = middle + 1;
    else return true;
  }
  return false;
}

// Characters no font needs a glyph for: line breaks, tabs and the invisible formatting marks.
const needsNoGlyph = (codePoint: number) =>
  codePoint === 0x09 ||
  codePoint === 0x0a ||
  codePoint === 0x0d ||
  (codePoint >= 0x200b && codePoint <= 0x200f) ||
  codePoint === 0x2028 ||
  codePoint === 0x2029 ||
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f);

/**
 * The distinct characters of `text` that the font cannot draw, in order of first appearance.
 * Characters are whole code points, so an emoji counts once.
 */
export function unsupportedCharacters(text: string, ranges: readonly CodePointRange[]): string[] {
  const missing: string[] = [];
  for (const character of new Set(Array.from(text))) {
    const codePoint = character.codePointAt(0) as number;
    if (needsNoGlyph(codePoint)) continue;
    if (!coversCodePoint(ranges, codePoint)) missing.push(character);
  }
  return missing;
}
