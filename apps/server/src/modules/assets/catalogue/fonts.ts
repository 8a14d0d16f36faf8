import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { codePointsToRanges, formatUnicodeRange, parseUnicodeRange } from "@atrium/domain";
import * as fontkit from "fontkit";
import { loadSharp } from "../../../infra/packages.js";

// The catalogue's fonts come from @fontsource packages (installed from the npm registry, under
// their own open licences). For each font: every subset file for the weights and styles the
// 3D text offers, the CSS unicode-range of each subset, and the character coverage worked out
// from the glyph tables of the files themselves, which the 3D text check uses.

export interface FontRecipe {
  id: string;
  title: string;
  packageName: string;
}

export const FONT_RECIPES: FontRecipe[] = [
  { id: "font-inter", title: "Inter", packageName: "@fontsource/inter" },
  { id: "font-roboto-slab", title: "Roboto Slab", packageName: "@fontsource/roboto-slab" },
  {
    id: "font-playfair-display",
    title: "Playfair Display",
    packageName: "@fontsource/playfair-display",
  },
  { id: "font-oswald", title: "Oswald", packageName: "@fontsource/oswald" },
  { id: "font-roboto-mono", title: "Roboto Mono", packageName: "@fontsource/roboto-mono" },
];

/** The weights a 3D text can use: regular and bold. */
export const FONT_WEIGHTS = [400, 700] as const;

export interface FontFileEntry {
  subset: string;
  weight: number;
  style: "normal" | "italic";
  format: "woff" | "woff2";
  /** The subset's CSS unicode-range. */
  unicodeRange: string;
  fileName: string;
  bytes: Uint8Array;
}

export interface LoadedFont {
  recipe: FontRecipe;
  family: string;
  category: string;
  license: string;
  attribution: string;
  files: FontFileEntry[];
  /** Code points the regular weight can draw, as ranges. */
  coverage: [number, number][];
  thumbnail: Uint8Array;
}

const require = createRequire(import.meta.url);

interface FontsourceMetadata {
  family: string;
  subsets: string[];
  weights: number[];
  styles: string[];
  category: string;
  license: { type: string; attribution: string };
}

export async function loadFont(recipe: FontRecipe): Promise<LoadedFont> {
  const directory = path.dirname(require.resolve(`${recipe.packageName}/package.json`));
  const metadata = JSON.parse(
    readFileSync(path.join(directory, "metadata.json"), "utf8"),
  ) as FontsourceMetadata;
  const unicode = JSON.parse(readFileSync(path.join(directory, "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  const slug = path.basename(directory);
  const files: FontFileEntry[] = [];
  const covered = new Set<number>();
  let sample: fontkit.Font | null = null;
  for (const subset of metadata.subsets) {
    const unicodeRange = unicode[subset];
    if (!unicodeRange) continue;
    for (const weight of FONT_WEIGHTS) {
      if (!metadata.weights.includes(weight)) continue;
      for (const style of ["normal", "italic"] as const) {
        if (!metadata.styles.includes(style)) continue;
        for (const format of ["woff2", "woff"] as const) {
          const fileName = `${slug}-${subset}-${weight}-${style}.${format}`;
          const bytes = new Uint8Array(readFileSync(path.join(directory, "files", fileName)));
          files.push({ subset, weight, style, format, unicodeRange, fileName, bytes });
          if (weight === 400 && style === "normal" && format === "woff") {
            const font = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
            // a subset file holds only its range's glyphs: the coverage is the union of both
            const range = parseUnicodeRange(unicodeRange);
            for (const codePoint of font.characterSet) {
              if (range.some(([start, end]) => codePoint >= start && codePoint <= end))
                covered.add(codePoint);
            }
            if (subset === "latin") sample = font;
          }
        }
      }
    }
  }
  return {
    recipe,
    family: metadata.family,
    category: metadata.category,
    license: metadata.license.type,
    attribution: metadata.license.attribution,
    files,
    coverage: codePointsToRanges(covered),
    thumbnail: sample ? await fontThumbnail(sample) : new Uint8Array(),
  };
}

/** The font's unicode ranges as CSS would list them (spec: font/unicodeRanges). */
export const coverageAsCss = (font: LoadedFont) => formatUnicodeRange(font.coverage);

// "Aa" drawn from the font's own glyph outlines, dark on transparent
async function fontThumbnail(font: fontkit.Font) {
  const sharp = await loadSharp();
  const size = 256;
  const run = font.layout("Aa");
  const scale = (size * 0.5) / font.unitsPerEm;
  let x = 0;
  const paths: string[] = [];
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i] as fontkit.Glyph;
    paths.push(
      `<path transform="translate(${x * scale} 0) scale(${scale} ${-scale})" d="${glyph.path.toSVG()}"/>`,
    );
    x += run.positions[i]?.xAdvance ?? glyph.advanceWidth;
  }
  const width = x * scale;
  const baseline = size * 0.68;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><g fill="#1f2933" transform="translate(${(size - width) / 2} ${baseline})">${paths.join("")}</g></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
