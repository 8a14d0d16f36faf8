import { loadSharp } from "../../../infra/packages.js";
import {
  clamp01,
  fbm,
  hash2,
  hex,
  mix,
  mixRgb,
  type Rgb,
  valueNoise,
  yieldToEventLoop,
} from "./noise.js";

// The catalogue's surface materials, painted in code: each is a colour function over the unit
// square (tileable) plus a height function for its normal map. The engine repeats the texture
// every `tileMetres` metres of wall or floor.

export const MATERIAL_TEXTURE_SIZE = 512;

export interface MaterialRecipe {
  id: string;
  title: string;
  category: "Wood" | "Stone" | "Plaster" | "Tiles" | "Textile" | "Metal" | "Brick";
  tileMetres: number;
  roughness: number;
  metalness: number;
  /** Colour (linear-ish 0..1 sRGB) and relief height (0..1) at u, v in [0, 1). */
  paint(u: number, v: number): { color: Rgb; height: number };
}

const S = 8; // noise cells across the tile; the noise repeats with the tile

function planks(u: number, v: number, seed: number, light: Rgb, dark: Rgb, rows: number) {
  const row = Math.floor(v * rows);
  const shift = hash2(row, 0, seed) * 0.7;
  const along = (u + shift) % 1;
  const plank = Math.floor((u + shift) * 2);
  const tint = hash2(plank, row, seed + 1) * 0.25;
  const grain = fbm(along * 2, (v * rows - row) * 0.3 + row * 3, seed, 4, 2);
  const rings = Math.sin((grain * 10 + (v * rows - row) * 4) * Math.PI) * 0.5 + 0.5;
  const edgeV = Math.min(v * rows - row, row + 1 - v * rows);
  const edgeU = Math.min((along * 2) % 1, 1 - ((along * 2) % 1));
  const seam = edgeV < 0.02 || edgeU < 0.004 ? 0.55 : 1;
  const color = mixRgb(light, dark, clamp01(rings * 0.55 + tint)).map((c) => c * seam) as Rgb;
  return { color, height: seam < 1 ? 0 : 0.6 + rings * 0.1 };
}

function tiles(
  u: number,
  v: number,
  seed: number,
  base: Rgb,
  grout: Rgb,
  count: number,
  groutWidth: number,
  variation: number,
) {
  const cx = u * count;
  const cy = v * count;
  const inX = cx - Math.floor(cx);
  const inY = cy - Math.floor(cy);
  const isGrout = inX < groutWidth || inY < groutWidth;
  if (isGrout) return { color: grout, height: 0 };
  const tint = (hash2(Math.floor(cx), Math.floor(cy), seed) - 0.5) * variation;
  const speckle = (fbm(u * S * 4, v * S * 4, seed + 7, 3, S * 4) - 0.5) * 0.08;
  return { color: base.map((c) => clamp01(c + tint + speckle)) as Rgb, height: 1 };
}

export const MATERIAL_RECIPES: MaterialRecipe[] = [
  {
    id: "material-oak-planks",
    title: "Oak planks",
    category: "Wood",
    tileMetres: 2,
    roughness: 0.6,
    metalness: 0,
    paint: (u, v) => planks(u, v, 11, hex("#c89b64"), hex("#8f6236"), 6),
  },
  {
    id: "material-walnut-planks",
    title: "Walnut planks",
    category: "Wood",
    tileMetres: 2,
    roughness: 0.55,
    metalness: 0,
    paint: (u, v) => planks(u, v, 23, hex("#7a5232"), hex("#3f2717"), 5),
  },
  {
    id: "material-diamond-parquet",
    title: "Diamond parquet",
    category: "Wood",
    tileMetres: 1.2,
    roughness: 0.5,
    metalness: 0,
    paint(u, v) {
      const n = 8;
      const x = u * n;
      const y = v * n;
      const band = Math.floor(x + y);
      const odd = band % 2 === 0;
      const along = odd ? (x - y + 64) / 2 : (y - x + 64) / 2;
      const piece = Math.floor(along * 2);
      const frac = along * 2 - piece;
      const across = x + y - band;
      const tint = hash2(piece, band, 5) * 0.3;
      const grain = fbm(frac * 3 + piece, across * 0.5, 9, 3, 64);
      const seam = frac < 0.025 || across < 0.03 ? 0.6 : 1;
      return {
        color: mixRgb(hex("#d2a877"), hex("#9a6a3f"), clamp01(grain * 0.6 + tint)).map(
          (c) => c * seam,
        ) as Rgb,
        height: seam < 1 ? 0 : 0.7,
      };
    },
  },
  {
    id: "material-concrete",
    title: "Concrete",
    category: "Stone",
    tileMetres: 3,
    roughness: 0.9,
    metalness: 0,
    paint(u, v) {
      const base = fbm(u * S, v * S, 31, 6, S);
      const pores = valueNoise(u * 180, v * 180, 33, 180) > 0.93 ? -0.12 : 0;
      const shade = 0.5 + (base - 0.5) * 0.35 + pores;
      return { color: [shade, shade * 0.99, shade * 0.97], height: base + pores * 2 };
    },
  },
  {
    id: "material-white-marble",
    title: "White marble",
    category: "Stone",
    tileMetres: 2,
    roughness: 0.2,
    metalness: 0,
    paint(u, v) {
      const turbulence = fbm(u * 4, v * 4, 41, 6, 4);
      const veins = Math.abs(Math.sin((u * 2 + v * 3 + turbulence * 4) * Math.PI));
      const vein = veins ** 0.18;
      return {
        color: mixRgb(hex("#8d8f96"), hex("#f2f0ec"), clamp01(vein * 0.9 + 0.1)),
        height: 0.8,
      };
    },
  },
  {
    id: "material-green-marble",
    title: "Green marble",
    category: "Stone",
    tileMetres: 2,
    roughness: 0.2,
    metalness: 0,
    paint(u, v) {
      const turbulence = fbm(u * 4, v * 4, 47, 6, 4);
      const veins = Math.abs(Math.sin((u * 3 - v * 2 + turbulence * 5) * Math.PI)) ** 0.25;
      return { color: mixRgb(hex("#d9e4dc"), hex("#1f4a3a"), clamp01(veins * 0.85)), height: 0.8 };
    },
  },
  {
    id: "material-white-plaster",
    title: "White plaster",
    category: "Plaster",
    tileMetres: 2.5,
    roughness: 0.95,
    metalness: 0,
    paint(u, v) {
      const n = fbm(u * S, v * S, 53, 6, S);
      const shade = 0.9 + (n - 0.5) * 0.08;
      return { color: [shade, shade, shade * 0.98], height: n };
    },
  },
  {
    id: "material-warm-plaster",
    title: "Warm lime plaster",
    category: "Plaster",
    tileMetres: 2.5,
    roughness: 0.95,
    metalness: 0,
    paint(u, v) {
      const n = fbm(u * S, v * S, 59, 6, S);
      const clouds = fbm(u * 2, v * 2, 61, 3, 2);
      return {
        color: mixRgb(hex("#e8d3b9"), hex("#caa784"), clamp01(clouds * 0.8 + (n - 0.5) * 0.3)),
        height: n,
      };
    },
  },
  {
    id: "material-white-tiles",
    title: "White ceramic tiles",
    category: "Tiles",
    tileMetres: 1,
    roughness: 0.25,
    metalness: 0,
    paint: (u, v) => tiles(u, v, 67, hex("#f1f1ee"), hex("#9a9a96"), 5, 0.035, 0.04),
  },
  {
    id: "material-terracotta-tiles",
    title: "Terracotta tiles",
    category: "Tiles",
    tileMetres: 1.2,
    roughness: 0.8,
    metalness: 0,
    paint: (u, v) => tiles(u, v, 71, hex("#b5603a"), hex("#d8c8b0"), 4, 0.03, 0.12),
  },
  {
    id: "material-terrazzo",
    title: "Terrazzo",
    category: "Stone",
    tileMetres: 1.5,
    roughness: 0.3,
    metalness: 0,
    paint(u, v) {
      const chips = valueNoise(u * 60, v * 60, 73, 60);
      const which = hash2(Math.floor(u * 60), Math.floor(v * 60), 79);
      const chipColors: Rgb[] = [hex("#5b6770"), hex("#c9793f"), hex("#2f3b44"), hex("#e3d6c4")];
      if (chips > 0.8) return { color: chipColors[Math.floor(which * 4)] as Rgb, height: 0.9 };
      const n = fbm(u * S, v * S, 83, 4, S);
      return { color: mixRgb(hex("#ece7df"), hex("#d8d1c6"), n), height: 0.85 };
    },
  },
  {
    id: "material-grey-carpet",
    title: "Grey carpet",
    category: "Textile",
    tileMetres: 1,
    roughness: 1,
    metalness: 0,
    paint(u, v) {
      const fibre = valueNoise(u * 256, v * 256, 89, 256);
      const mottled = fbm(u * S, v * S, 97, 4, S);
      const shade = 0.38 + (fibre - 0.5) * 0.12 + (mottled - 0.5) * 0.1;
      return { color: [shade, shade, shade * 1.03], height: fibre };
    },
  },
  {
    id: "material-blue-carpet",
    title: "Blue loop carpet",
    category: "Textile",
    tileMetres: 1,
    roughness: 1,
    metalness: 0,
    paint(u, v) {
      const loops = Math.sin(u * 128 * Math.PI) * Math.sin(v * 128 * Math.PI) * 0.5 + 0.5;
      const fibre = valueNoise(u * 256, v * 256, 101, 256);
      return {
        color: mixRgb(hex("#1d3557"), hex("#3a5a86"), clamp01(loops * 0.6 + fibre * 0.4)),
        height: loops,
      };
    },
  },
  {
    id: "material-red-brick",
    title: "Red brick",
    category: "Brick",
    tileMetres: 1.5,
    roughness: 0.85,
    metalness: 0,
    paint(u, v) {
      const rows = 8;
      const row = Math.floor(v * rows);
      const x = u * 4 + (row % 2) * 0.5;
      const inX = x - Math.floor(x);
      const inY = v * rows - row;
      if (inX < 0.035 || inY < 0.08) return { color: hex("#bdb3a6"), height: 0 };
      const tint = (hash2(Math.floor(x), row, 103) - 0.5) * 0.2;
      const rough = fbm(u * 32, v * 32, 107, 3, 32);
      return {
        color: hex("#9c4a32").map((c) => clamp01(c + tint + (rough - 0.5) * 0.15)) as Rgb,
        height: 0.7 + rough * 0.3,
      };
    },
  },
  {
    id: "material-brushed-steel",
    title: "Brushed steel",
    category: "Metal",
    tileMetres: 1,
    roughness: 0.35,
    metalness: 1,
    paint(u, v) {
      const streak = valueNoise(u * 4, v * 400, 109, 4, 400);
      const shade = 0.62 + (streak - 0.5) * 0.12;
      return { color: [shade, shade * 1.01, shade * 1.03], height: streak * 0.2 };
    },
  },
  {
    id: "material-linen",
    title: "Linen",
    category: "Textile",
    tileMetres: 0.6,
    roughness: 0.9,
    metalness: 0,
    paint(u, v) {
      const warp = Math.sin(u * 180 * Math.PI) * 0.5 + 0.5;
      const weft = Math.sin(v * 180 * Math.PI) * 0.5 + 0.5;
      const slub = valueNoise(u * 20, v * 300, 113, 20, 300);
      const shade = mix(0.72, 0.86, (warp * 0.5 + weft * 0.5) * 0.6 + slub * 0.4);
      return { color: [shade, shade * 0.96, shade * 0.88], height: warp * weft };
    },
  },
];

export interface PaintedMaterial {
  recipe: MaterialRecipe;
  /** JPEG base colour, MATERIAL_TEXTURE_SIZE square, tileable. */
  baseColor: Uint8Array;
  /** PNG tangent-space normal map from the relief. */
  normal: Uint8Array;
  /** PNG 256 px swatch: the texture lit like a rounded tile. */
  thumbnail: Uint8Array;
}

export async function paintMaterial(
  recipe: MaterialRecipe,
  size = MATERIAL_TEXTURE_SIZE,
): Promise<PaintedMaterial> {
  const sharp = await loadSharp();
  const color = Buffer.alloc(size * size * 3);
  const height = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    // painting is CPU work on the server's thread: let requests through every few rows
    if (y % 16 === 15) await yieldToEventLoop();
    for (let x = 0; x < size; x++) {
      const painted = recipe.paint(x / size, y / size);
      const index = y * size + x;
      color[index * 3] = Math.round(clamp01(painted.color[0]) * 255);
      color[index * 3 + 1] = Math.round(clamp01(painted.color[1]) * 255);
      color[index * 3 + 2] = Math.round(clamp01(painted.color[2]) * 255);
      height[index] = painted.height;
    }
  }
  const normal = Buffer.alloc(size * size * 3);
  const at = (x: number, y: number) =>
    height[((y + size) % size) * size + ((x + size) % size)] as number;
  const strength = 2.5;
  for (let y = 0; y < size; y++) {
    // painting is CPU work on the server's thread: let requests through every few rows
    if (y % 16 === 15) await yieldToEventLoop();
    for (let x = 0; x < size; x++) {
      const dx = (at(x + 1, y) - at(x - 1, y)) * strength;
      const dy = (at(x, y + 1) - at(x, y - 1)) * strength;
      const length = Math.hypot(dx, dy, 1);
      const index = (y * size + x) * 3;
      normal[index] = Math.round((-dx / length / 2 + 0.5) * 255);
      normal[index + 1] = Math.round((dy / length / 2 + 0.5) * 255);
      normal[index + 2] = Math.round((1 / length / 2 + 0.5) * 255);
    }
  }
  const raw = { raw: { width: size, height: size, channels: 3 as const } };
  const baseColor = new Uint8Array(await sharp(color, raw).jpeg({ quality: 86 }).toBuffer());
  const normalPng = new Uint8Array(
    await sharp(normal, raw).png({ compressionLevel: 6 }).toBuffer(),
  );
  return { recipe, baseColor, normal: normalPng, thumbnail: await swatch(color, size) };
}

// a rounded tile of the texture with soft light from the top left, like a material sample
async function swatch(color: Buffer, size: number) {
  const sharp = await loadSharp();
  const thumb = 256;
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${thumb}" height="${thumb}">
      <defs><radialGradient id="l" cx="30%" cy="25%" r="90%">
        <stop offset="0" stop-color="#fff" stop-opacity="0.35"/>
        <stop offset="0.6" stop-color="#fff" stop-opacity="0"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.35"/>
      </radialGradient></defs>
      <rect width="${thumb}" height="${thumb}" rx="28" fill="url(#l)"/>
    </svg>`,
  );
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${thumb}" height="${thumb}"><rect width="${thumb}" height="${thumb}" rx="28" fill="#fff"/></svg>`,
  );
  const image = await sharp(color, { raw: { width: size, height: size, channels: 3 } })
    .resize(thumb, thumb)
    .ensureAlpha()
    .composite([
      { input: light, blend: "over" },
      { input: mask, blend: "dest-in" },
    ])
    .png()
    .toBuffer();
  return new Uint8Array(image);
}
