// A small software renderer for thumbnails on the server: triangles seen from a three-quarter
// view, fitted to the frame, with a depth buffer. No GPU and no browser needed; props and
// uploaded models without a browser-made thumbnail are drawn with it. A triangle has a colour,
// and may add per-corner colours (vertex colours), per-corner normals (smooth shading) and a
// texture sampled per pixel through per-corner UVs. The view is orthographic, so screen-space
// interpolation is exact.

export type Rgb = [number, number, number];

/** A texture to sample: linear RGBA floats, four per pixel, rows from the top. */
export interface RasterTexture {
  width: number;
  height: number;
  pixels: Float32Array;
  wrapS: Wrap;
  wrapT: Wrap;
  /** Pixels whose alpha is below this are not drawn (glTF alphaMode MASK); null draws all. */
  alphaCutoff: number | null;
}

export type Wrap = "repeat" | "clamp" | "mirror";

export interface SceneTriangles {
  /** x, y, z of each corner, nine numbers per triangle. */
  positions: Float32Array;
  /** Linear 0..1 colour of each triangle, three numbers per triangle. */
  colors: Float32Array;
  /** Linear colour of each corner, nine numbers per triangle (multiplies the triangle's). */
  cornerColors?: Float32Array;
  /** World-space normal of each corner, nine numbers per triangle (else the face's normal). */
  normals?: Float32Array;
  /** u, v of each corner, six numbers per triangle, and which texture each triangle samples (-1: none). */
  uvs?: Float32Array;
  textureOf?: Int32Array;
  textures?: RasterTexture[];
}

export interface RasterOptions {
  size: number;
  /** Camera direction around y (radians) and above the horizon. */
  azimuth?: number;
  elevation?: number;
  background?: [number, number, number, number];
}

const LIGHT = normalize([0.45, 0.8, 0.35]);
const FILL = normalize([-0.6, 0.2, -0.4]);
const shadeOf = (nx: number, ny: number, nz: number) =>
  0.38 +
  0.62 * Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]) +
  0.18 * Math.max(0, nx * FILL[0] + ny * FILL[1] + nz * FILL[2]);

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
  const { positions, cornerColors, normals, uvs, textureOf, textures = [] } = scene;
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

  const sample: [number, number, number, number] = [1, 1, 1, 1];
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
    const face = normalize(cross(e1, e2));
    const facing = dot(face, forward) > 0 ? -1 : 1;
    const faceShade = shadeOf(face[0] * facing, face[1] * facing, face[2] * facing);
    const baseR = scene.colors[t * 3] as number;
    const baseG = scene.colors[t * 3 + 1] as number;
    const baseB = scene.colors[t * 3 + 2] as number;
    const texture =
      textureOf && (textureOf[t] as number) >= 0 ? textures[textureOf[t] as number] : undefined;

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

        let r = baseR;
        let g = baseG;
        let b = baseB;
        if (texture && uvs) {
          const u =
            w0 * (uvs[t * 6] as number) +
            w1 * (uvs[t * 6 + 2] as number) +
            w2 * (uvs[t * 6 + 4] as number);
          const v =
            w0 * (uvs[t * 6 + 1] as number) +
            w1 * (uvs[t * 6 + 3] as number) +
            w2 * (uvs[t * 6 + 5] as number);
          sampleTexture(texture, u, v, sample);
          if (texture.alphaCutoff !== null && sample[3] < texture.alphaCutoff) continue;
          r *= sample[0];
          g *= sample[1];
          b *= sample[2];
        }
        if (cornerColors) {
          r *=
            w0 * (cornerColors[o] as number) +
            w1 * (cornerColors[o + 3] as number) +
            w2 * (cornerColors[o + 6] as number);
          g *=
            w0 * (cornerColors[o + 1] as number) +
            w1 * (cornerColors[o + 4] as number) +
            w2 * (cornerColors[o + 7] as number);
          b *=
            w0 * (cornerColors[o + 2] as number) +
            w1 * (cornerColors[o + 5] as number) +
            w2 * (cornerColors[o + 8] as number);
        }
        let shade = faceShade;
        if (normals) {
          let nx =
            w0 * (normals[o] as number) +
            w1 * (normals[o + 3] as number) +
            w2 * (normals[o + 6] as number);
          let ny =
            w0 * (normals[o + 1] as number) +
            w1 * (normals[o + 4] as number) +
            w2 * (normals[o + 7] as number);
          let nz =
            w0 * (normals[o + 2] as number) +
            w1 * (normals[o + 5] as number) +
            w2 * (normals[o + 8] as number);
          const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
          if (length > 1e-6) {
            // seen from behind (a single-sided sheet's back): light the side that faces us
            const flip =
              (nx * forward[0] + ny * forward[1] + nz * forward[2] > 0 ? -1 : 1) / length;
            nx *= flip;
            ny *= flip;
            nz *= flip;
            shade = shadeOf(nx, ny, nz);
          }
        }
        depth[index] = z;
        const p = index * 4;
        pixels[p] = toSrgbByte(r * shade);
        pixels[p + 1] = toSrgbByte(g * shade);
        pixels[p + 2] = toSrgbByte(b * shade);
        pixels[p + 3] = 255;
      }
    }
  }
  return pixels;
}

/** Bilinear sample of a texture at (u, v), glTF's convention (v down from the top row). */
function sampleTexture(texture: RasterTexture, u: number, v: number, out: number[]) {
  const { width, height, pixels } = texture;
  const fx = wrap(u, texture.wrapS) * width - 0.5;
  const fy = wrap(v, texture.wrapT) * height - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const left = wrapIndex(x0, width, texture.wrapS);
  const right = wrapIndex(x0 + 1, width, texture.wrapS);
  const top = wrapIndex(y0, height, texture.wrapT) * width;
  const bottom = wrapIndex(y0 + 1, height, texture.wrapT) * width;
  const a = (top + left) * 4;
  const b = (top + right) * 4;
  const c = (bottom + left) * 4;
  const d = (bottom + right) * 4;
  for (let k = 0; k < 4; k++) {
    const upper = (pixels[a + k] as number) * (1 - tx) + (pixels[b + k] as number) * tx;
    const lower = (pixels[c + k] as number) * (1 - tx) + (pixels[d + k] as number) * tx;
    out[k] = upper * (1 - ty) + lower * ty;
  }
}

function wrap(value: number, mode: Wrap) {
  switch (mode) {
    case "clamp":
      return Math.min(1, Math.max(0, value));
    case "mirror": {
      const period = value - Math.floor(value / 2) * 2;
      return period > 1 ? 2 - period : period;
    }
    case "repeat":
      return value - Math.floor(value);
  }
}

function wrapIndex(index: number, length: number, mode: Wrap) {
  if (mode === "repeat") return ((index % length) + length) % length;
  return Math.min(length - 1, Math.max(0, index));
}

// linear 0..1 to an sRGB byte, through a table: the conversion runs for every pixel drawn
const SRGB_STEPS = 4096;
const LINEAR_TO_SRGB = Uint8Array.from({ length: SRGB_STEPS + 1 }, (_, step) => {
  const value = step / SRGB_STEPS;
  const srgb = value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
  return Math.round(srgb * 255);
});
const toSrgbByte = (linear: number) =>
  LINEAR_TO_SRGB[Math.round(Math.max(0, Math.min(1, linear)) * SRGB_STEPS)] as number;

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
