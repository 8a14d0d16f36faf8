// Deterministic value noise for the textures and skies the catalogue paints in code. Seeded and
// tileable, so the same build always makes the same files. Lattice values are computed once per
// (seed, period) and kept, which makes sampling a few array reads.

export function hash2(x: number, y: number, seed: number) {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967295;
}

const lattices = new Map<number, Float32Array>();

function lattice(seed: number, periodX: number, periodY: number) {
  const key = (seed * 8192 + periodX) * 8192 + periodY;
  let values = lattices.get(key);
  if (!values) {
    values = new Float32Array(periodX * periodY);
    for (let y = 0; y < periodY; y++) {
      for (let x = 0; x < periodX; x++) values[y * periodX + x] = hash2(x, y, seed);
    }
    lattices.set(key, values);
  }
  return values;
}

/**
 * Value noise in 0..1 at (x, y), repeating every `period` units (x and y may repeat at
 * different periods: `periodY` defaults to `period`). Periods are whole numbers.
 */
export function valueNoise(x: number, y: number, seed: number, period = 256, periodY = period) {
  const px = Math.max(1, Math.round(period));
  const py = Math.max(1, Math.round(periodY));
  const values = lattice(seed, px, py);
  const xf = Math.floor(x);
  const yf = Math.floor(y);
  let fx = x - xf;
  let fy = y - yf;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  const x0 = ((xf % px) + px) % px;
  const y0 = ((yf % py) + py) % py;
  const x1 = x0 + 1 === px ? 0 : x0 + 1;
  const y1 = y0 + 1 === py ? 0 : y0 + 1;
  const a = values[y0 * px + x0] as number;
  const b = values[y0 * px + x1] as number;
  const c = values[y1 * px + x0] as number;
  const d = values[y1 * px + x1] as number;
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong. */
export function fbm(x: number, y: number, seed: number, octaves = 5, period = 256) {
  let sum = 0;
  let amplitude = 0.5;
  let frequency = 1;
  let total = 0;
  for (let i = 0; i < octaves; i++) {
    sum += amplitude * valueNoise(x * frequency, y * frequency, seed + i * 101, period * frequency);
    total += amplitude;
    amplitude /= 2;
    frequency *= 2;
  }
  return sum / total;
}

export const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);
export const mix = (a: number, b: number, t: number) => a + (b - a) * t;
export type Rgb = [number, number, number];
export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  mix(a[0], b[0], t),
  mix(a[1], b[1], t),
  mix(a[2], b[2], t),
];
export const hex = (value: string): Rgb => [
  Number.parseInt(value.slice(1, 3), 16) / 255,
  Number.parseInt(value.slice(3, 5), 16) / 255,
  Number.parseInt(value.slice(5, 7), 16) / 255,
];

/** Lets pending I/O (requests) run between slices of long CPU work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
