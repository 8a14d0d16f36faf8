import { describe, expect, it } from "vitest";
import {
  codePointsToRanges,
  coversCodePoint,
  formatUnicodeRange,
  parseUnicodeRange,
  unsupportedCharacters,
} from "./font-coverage";

const latin = parseUnicodeRange("U+0000-00FF,U+0131,U+0152-0153,U+2000-206F,U+20AC");

describe("font coverage", () => {
  it("merges code points into ranges", () => {
    expect(codePointsToRanges([65, 66, 67, 70, 69, 200])).toEqual([
      [65, 67],
      [69, 70],
      [200, 200],
    ]);
  });

  it("parses and writes CSS unicode ranges, including wildcards", () => {
    expect(parseUnicodeRange("U+0000-00FF, U+0131, U+4??")).toEqual([
      [0, 255],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
    expect(
      formatUnicodeRange([
        [0, 255],
        [0x131, 0x131],
      ]),
    ).toBe("U+0000-00FF,U+0131");
  });

  it("finds code points by binary search", () => {
    expect(coversCodePoint(latin, 0x41)).toBe(true);
    expect(coversCodePoint(latin, 0x20ac)).toBe(true);
    expect(coversCodePoint(latin, 0x0416)).toBe(false);
  });

  it("reports each unsupported character once, in order, ignoring line breaks", () => {
    expect(unsupportedCharacters("Café €5\nЖук Жук 🙂", latin)).toEqual(["Ж", "у", "к", "🙂"]);
    expect(unsupportedCharacters("Plain text", latin)).toEqual([]);
  });
});
