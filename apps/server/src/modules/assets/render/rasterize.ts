// A small software renderer for thumbnails on the server: flat-shaded triangles seen from a
// three-quarter view, fitted to the frame, with a depth buffer. No GPU and no browser needed;
// props and uploaded models without a browser-made thumbnail are drawn with it.

export type Rgb = [number, number, number];

export interface SceneTriangles {
  /** x, y, z of each corner, nine numbers per triangle. */
  positions: Float32Array;
  /** Linear 0..1 colour of each triangle, three numbers per triangle. */
  colors: Float32Array;
}

export interface RasterOptions {
  size: number;
  /** Camera direction around y (radians) and above the horizon. */
  azimuth?: number;
  elevation?: number;
  background?: [number, number, number, number];
}

export function rasterize(scene: SceneTriangles, options: RasterOptions): Uint8Array {
  const {
    size,
    azimuth = Math.PI / 5,
    elevation = Math.PI / 7,
    background = [0, 0, 0, 0],
  } = options;
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) pixels.set(background, i * 4);
  const depth = new Float32Array(size * size).fill(Number.POSITIVE_INFINITY);
  const count = scene.positions.length / 9;
  if (count === 0) return pixels;

  // view basis: the camera looks at the model's centre from (azimuth, elevation)
  const forward: Rgb = [
    -Math.cos(elevation) * Math.sin(azimuth),
    -Math.sin(elevation),
    -Math.cos(elevation) * Math.cos(azimuth),
  ];
  const right = normalize(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const { positions } = scene;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const projected = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] as number;
    const y = positions[i + 1] as number;
    const z = positions[i + 2] as number;
    const sx = x * right[0] + y * right[1] + z * right[2];
    const sy = x * up[0] + y * up[1] + z * up[2];
    const sz = x * forward[0] + y * forward[1] + z * forward[2];
    projected[i] = sx;
    projected[i + 1] = sy;
    projected[i + 2] = sz;
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
  }
  const extent = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (size * 0.84) / extent;
  const offsetX = size / 2 - ((minX + maxX) / 2) * scale;
  const offsetY = size / 2 + ((minY + maxY) / 2) * scale;

  const light = normalize([0.45, 0.8, 0.35]);
  const fill = normalize([-0.6, 0.2, -0.4]);
  for (let t = 0; t < count; t++) {
    const o = t * 9;
    const ax = (projected[o] as number) * scale + offsetX;
    const ay = offsetY - (projected[o + 1] as number) * scale;
    const az = projected[o + 2] as number;
    const bx = (projected[o + 3] as number) * scale + offsetX;
    const by = offsetY - (projected[o + 4] as number) * scale;
    const bz = projected[o + 5] as number;
    const cx = (projected[o + 6] as number) * scale + offsetX;
    const cy = offsetY - (projected[o + 7] as number) * scale;
    const cz = projected[o + 8] as number;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-9) continue;

    // face normal in world space, turned towards the camera (thin parts are seen from both sides)
    const e1: Rgb = [
      (positions[o + 3] as number) - (positions[o] as number),
      (positions[o + 4] as number) - (positions[o + 1] as number),
      (positions[o + 5] as number) - (positions[o + 2] as number),
    ];
    const e2: Rgb = [
      (positions[o + 6] as number) - (positions[o] as number),
      (positions[o + 7] as number) - (positions[o + 1] as number),
      (positions[o + 8] as number) - (positions[o + 2] as number),
    ];
    let normal = normalize(cross(e1, e2));
    if (dot(normal, forward) > 0) normal = [-normal[0], -normal[1], -normal[2]];
    const shade =
      0.38 + 0.62 * Math.max(0, dot(normal, light)) + 0.18 * Math.max(0, dot(normal, fill));
    const r = toSrgbByte((scene.colors[t * 3] as number) * shade);
    const g = toSrgbByte((scene.colors[t * 3 + 1] as number) * shade);
    const b = toSrgbByte((scene.colors[t * 3 + 2] as number) * shade);

    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(size - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(size - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * az + w1 * bz + w2 * cz;
        const index = y * size + x;
        if (z >= (depth[index] as number)) continue;
        depth[index] = z;
        const p = index * 4;
        pixels[p] = r;
        pixels[p + 1] = g;
        pixels[p + 2] = b;
        pixels[p + 3] = 255;
      }
    }
  }
  return pixels;
}

const toSrgbByte = (linear: number) => {
  const value = Math.max(0, Math.min(1, linear));
  const srgb = value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
  return Math.round(srgb * 255);
};

function normalize(v: Rgb): Rgb {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}
const dot = (a: Rgb, b: Rgb) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Rgb, b: Rgb): Rgb => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
