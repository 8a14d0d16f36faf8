import { loadSharp } from "../../../infra/packages.js";
import { clamp01, fbm, hash2, hex, mixRgb, type Rgb, yieldToEventLoop } from "./noise.js";

// Skies painted in code as equirectangular panoramas (2:1, the horizon across the middle):
// a vertical gradient, a sun glow, clouds from fractal noise and, at night, stars.

export interface SkyRecipe {
  id: string;
  title: string;
  zenith: Rgb;
  horizon: Rgb;
  ground: Rgb;
  /** Sun direction: azimuth 0..1 around, elevation -0.5..0.5 (0 = horizon). */
  sun: { azimuth: number; elevation: number; color: Rgb; glow: number } | null;
  clouds: { cover: number; color: Rgb; shadow: Rgb } | null;
  stars: boolean;
}

export const SKY_RECIPES: SkyRecipe[] = [
  {
    id: "sky-clear-day",
    title: "Clear day",
    zenith: hex("#2f6fc4"),
    horizon: hex("#b9d8f2"),
    ground: hex("#8a8f86"),
    sun: { azimuth: 0.3, elevation: 0.32, color: hex("#fff6dc"), glow: 0.5 },
    clouds: { cover: 0.25, color: hex("#ffffff"), shadow: hex("#c9d3df") },
    stars: false,
  },
  {
    id: "sky-sunset",
    title: "Sunset",
    zenith: hex("#2d3e78"),
    horizon: hex("#f59e5b"),
    ground: hex("#4a3a3a"),
    sun: { azimuth: 0.62, elevation: 0.02, color: hex("#ffd28a"), glow: 1 },
    clouds: { cover: 0.35, color: hex("#f7a37c"), shadow: hex("#7a4a6b") },
    stars: false,
  },
  {
    id: "sky-overcast",
    title: "Overcast",
    zenith: hex("#8e96a0"),
    horizon: hex("#cfd3d8"),
    ground: hex("#6d706f"),
    sun: null,
    clouds: { cover: 0.8, color: hex("#d9dce0"), shadow: hex("#8b9099") },
    stars: false,
  },
  {
    id: "sky-night",
    title: "Starry night",
    zenith: hex("#050a1c"),
    horizon: hex("#1d2a4d"),
    ground: hex("#0b0d14"),
    sun: { azimuth: 0.15, elevation: 0.25, color: hex("#e8ecf5"), glow: 0.2 },
    clouds: null,
    stars: true,
  },
  {
    id: "sky-dawn",
    title: "Pastel dawn",
    zenith: hex("#7d9ccf"),
    horizon: hex("#f4cbc4"),
    ground: hex("#9b9288"),
    sun: { azimuth: 0.85, elevation: 0.06, color: hex("#fff0d6"), glow: 0.7 },
    clouds: { cover: 0.3, color: hex("#fde3e0"), shadow: hex("#b7a5c6") },
    stars: false,
  },
  {
    id: "sky-studio",
    title: "Studio grey",
    zenith: hex("#7b7f86"),
    horizon: hex("#d4d6d9"),
    ground: hex("#a9abae"),
    sun: null,
    clouds: null,
    stars: false,
  },
];

export const SKY_WIDTH = 2048;

export interface PaintedSky {
  recipe: SkyRecipe;
  /** JPEG equirectangular panorama, SKY_WIDTH x SKY_WIDTH / 2. */
  panorama: Uint8Array;
  /** JPEG 384 x 192 preview of the same panorama. */
  thumbnail: Uint8Array;
}

export async function paintSky(recipe: SkyRecipe): Promise<PaintedSky> {
  const sharp = await loadSharp();
  // painted at half size: gradients and clouds are soft, and the resize keeps them smooth
  const width = SKY_WIDTH / 2;
  const height = width / 2;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    // painting is CPU work on the server's thread: let requests through every few rows
    if (y % 16 === 15) await yieldToEventLoop();
    const elevation = 0.5 - (y + 0.5) / height; // 0.5 zenith .. -0.5 nadir
    for (let x = 0; x < width; x++) {
      const azimuth = (x + 0.5) / width;
      let color: Rgb;
      if (elevation >= 0) {
        color = mixRgb(recipe.horizon, recipe.zenith, clamp01((elevation * 2) ** 0.6));
        if (recipe.clouds) {
          // clouds flatten towards the horizon: sample the noise on a plane above the viewer
          const distance = 1 / Math.max(0.04, elevation * 2);
          const angle = azimuth * Math.PI * 2;
          const n = fbm(
            Math.cos(angle) * distance * 2 + 40,
            Math.sin(angle) * distance * 2 + 40,
            7,
            5,
            64,
          );
          const density = clamp01((n - (1 - recipe.clouds.cover)) * 3) * clamp01(elevation * 12);
          const cloud = mixRgb(recipe.clouds.shadow, recipe.clouds.color, clamp01(n * 1.4 - 0.2));
          color = mixRgb(color, cloud, density);
        }
      } else {
        color = mixRgb(recipe.horizon, recipe.ground, clamp01((-elevation * 2) ** 0.4));
      }
      if (recipe.sun) {
        const dx =
          Math.min(
            Math.abs(azimuth - recipe.sun.azimuth),
            1 - Math.abs(azimuth - recipe.sun.azimuth),
          ) * 2;
        const dy = elevation - recipe.sun.elevation;
        const distance = Math.hypot(dx, dy);
        const glow = Math.exp(-distance * 9) * recipe.sun.glow + (distance < 0.012 ? 1 : 0);
        color = mixRgb(color, recipe.sun.color, clamp01(glow));
      }
      const index = (y * width + x) * 3;
      pixels[index] = Math.round(clamp01(color[0]) * 255);
      pixels[index + 1] = Math.round(clamp01(color[1]) * 255);
      pixels[index + 2] = Math.round(clamp01(color[2]) * 255);
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).resize(
    SKY_WIDTH,
    SKY_WIDTH / 2,
  );
  if (recipe.stars)
    image = sharp(await image.raw().toBuffer(), {
      raw: { width: SKY_WIDTH, height: SKY_WIDTH / 2, channels: 3 },
    }).composite([
      {
        input: starField(SKY_WIDTH, SKY_WIDTH / 2),
        raw: { width: SKY_WIDTH, height: SKY_WIDTH / 2, channels: 4 },
        blend: "screen",
      },
    ]);
  const panorama = await image.jpeg({ quality: 88 }).toBuffer();
  const thumbnail = await sharp(panorama).resize(384, 192).jpeg({ quality: 82 }).toBuffer();
  return { recipe, panorama: new Uint8Array(panorama), thumbnail: new Uint8Array(thumbnail) };
}

function starField(width: number, height: number) {
  const stars = Buffer.alloc(width * height * 4);
  for (let i = 0; i < 2600; i++) {
    const x = Math.floor(hash2(i, 1, 211) * width);
    const y = Math.floor(hash2(i, 2, 211) * height * 0.5);
    const brightness = Math.round(120 + hash2(i, 3, 211) * 135);
    const index = (y * width + x) * 4;
    stars[index] = brightness;
    stars[index + 1] = brightness;
    stars[index + 2] = Math.min(255, brightness + 10);
    stars[index + 3] = 255;
  }
  return stars;
}
