import type { Accessor, Document, Material, Node, Primitive } from "@gltf-transform/core";
import type { Transform as TextureTransform } from "@gltf-transform/extensions";
import { loadSharp } from "../../../infra/packages.js";
import { type RasterTexture, rasterize, type Wrap } from "./rasterize.js";

export const THUMBNAIL_SIZE = 512;
// more triangles than this are drawn from an even sample: a thumbnail needs the silhouette
const MAX_DRAWN_TRIANGLES = 400_000;
// a texture is sampled at most this large: the thumbnail is 512 px, drawn at twice that
const MAX_SAMPLED_TEXTURE = 512;

/**
 * A PNG thumbnail of a model (transparent background), drawn on the server: each surface in
 * its base colour times its base-colour texture (sampled per pixel through its UVs and
 * KHR_texture_transform) and its vertex colours, lit by a key and a fill light.
 */
export async function renderModelThumbnail(
  document: Document,
  size = THUMBNAIL_SIZE,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const scene = await collectTriangles(document);
  const supersampled = size * 2;
  const pixels = rasterize(scene, { size: supersampled });
  return new Uint8Array(
    await sharp(pixels, { raw: { width: supersampled, height: supersampled, channels: 4 } })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

interface Surface {
  color: [number, number, number];
  /** Index into the scene's textures, or -1. */
  texture: number;
  texCoord: number;
  /** u' = m0 u + m1 v + m2, v' = m3 u + m4 v + m5 (KHR_texture_transform). */
  uvMatrix: [number, number, number, number, number, number] | null;
}

interface Item {
  node: Node;
  indices: ArrayLike<number> | null;
  positions: Float32Array;
  normals: Float32Array | null;
  colors: Float32Array | null;
  colorSize: number;
  uvs: Float32Array | null;
  surface: Surface;
  triangles: number;
}

async function collectTriangles(document: Document) {
  const root = document.getRoot();
  const textures: RasterTexture[] = [];
  const surfaces = new Map<Material | null, Surface>();
  for (const material of root.listMaterials())
    surfaces.set(material, await surfaceOf(material, textures));
  const plain: Surface = { color: [0.8, 0.8, 0.8], texture: -1, texCoord: 0, uvMatrix: null };

  const items: Item[] = [];
  let total = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const item = itemOf(node, primitive, surfaces.get(primitive.getMaterial()) ?? plain);
      if (!item) continue;
      items.push(item);
      total += item.triangles;
    }
    for (const child of node.listChildren()) visit(child);
  };
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  for (const node of scene?.listChildren() ?? []) visit(node);

  const step = Math.max(1, Math.ceil(total / MAX_DRAWN_TRIANGLES));
  const drawn = Math.ceil(total / step) + items.length;
  const anyNormals = items.some((item) => item.normals);
  const anyColors = items.some((item) => item.colors);
  const anyUvs = items.some((item) => item.uvs && item.surface.texture >= 0);
  const out = {
    positions: new Float32Array(drawn * 9),
    colors: new Float32Array(drawn * 3),
    normals: anyNormals ? new Float32Array(drawn * 9) : undefined,
    cornerColors: anyColors ? new Float32Array(drawn * 9).fill(1) : undefined,
    uvs: anyUvs ? new Float32Array(drawn * 6) : undefined,
    textureOf: anyUvs ? new Int32Array(drawn).fill(-1) : undefined,
    textures,
  };
  let written = 0;
  const point = new Float32Array(3);
  for (const item of items) {
    const matrix = item.node.getWorldMatrix();
    const normalMatrix = normalMatrixOf(matrix);
    const sampled = item.uvs && item.surface.texture >= 0;
    for (let t = 0; t < item.triangles; t += step) {
      for (let k = 0; k < 3; k++) {
        const vertex = item.indices ? (item.indices[t * 3 + k] as number) : t * 3 + k;
        const corner = written * 9 + k * 3;
        transform(point, item.positions, vertex * 3, matrix, 1);
        out.positions.set(point, corner);
        if (out.normals) {
          if (item.normals) transform(point, item.normals, vertex * 3, normalMatrix, 0);
          else point.fill(0); // no normals: the face's own
          out.normals.set(point, corner);
        }
        if (out.cornerColors && item.colors) {
          for (let c = 0; c < 3; c++)
            out.cornerColors[corner + c] = item.colors[vertex * item.colorSize + c] as number;
        }
        if (out.uvs && sampled && item.uvs) {
          let u = item.uvs[vertex * 2] as number;
          let v = item.uvs[vertex * 2 + 1] as number;
          const m = item.surface.uvMatrix;
          if (m) [u, v] = [m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]];
          out.uvs[written * 6 + k * 2] = u;
          out.uvs[written * 6 + k * 2 + 1] = v;
        }
      }
      out.colors.set(item.surface.color, written * 3);
      if (out.textureOf && sampled) out.textureOf[written] = item.surface.texture;
      written++;
    }
  }
  return {
    positions: out.positions.subarray(0, written * 9),
    colors: out.colors.subarray(0, written * 3),
    normals: out.normals?.subarray(0, written * 9),
    cornerColors: out.cornerColors?.subarray(0, written * 9),
    uvs: out.uvs?.subarray(0, written * 6),
    textureOf: out.textureOf?.subarray(0, written),
    textures,
  };
}

function itemOf(node: Node, primitive: Primitive, surface: Surface): Item | null {
  if (primitive.getMode() !== 4) return null;
  const position = primitive.getAttribute("POSITION");
  if (!position) return null;
  const indices = primitive.getIndices()?.getArray() ?? null;
  const color = primitive.getAttribute("COLOR_0");
  const normal = primitive.getAttribute("NORMAL");
  const uv = surface.texture >= 0 ? primitive.getAttribute(`TEXCOORD_${surface.texCoord}`) : null;
  return {
    node,
    indices,
    positions: floatElements(position),
    normals: normal ? floatElements(normal) : null,
    colors: color ? floatElements(color) : null,
    colorSize: color?.getElementSize() ?? 3,
    uvs: uv ? floatElements(uv) : null,
    surface,
    triangles: Math.floor((indices ? indices.length : position.getCount()) / 3),
  };
}

/** An accessor's elements as floats (normalised integers decoded to 0..1 or -1..1). */
function floatElements(accessor: Accessor) {
  const array = accessor.getArray();
  if (array instanceof Float32Array && !accessor.getNormalized()) return array;
  const size = accessor.getElementSize();
  const out = new Float32Array(accessor.getCount() * size);
  const element: number[] = [];
  for (let i = 0; i < accessor.getCount(); i++) out.set(accessor.getElement(i, element), i * size);
  return out;
}

function transform(
  out: Float32Array,
  source: ArrayLike<number>,
  offset: number,
  m: ArrayLike<number>,
  w: 0 | 1,
) {
  const x = source[offset] as number;
  const y = source[offset + 1] as number;
  const z = source[offset + 2] as number;
  out[0] =
    (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number) * w;
  out[1] =
    (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number) * w;
  out[2] =
    (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number) * w;
}

/** The inverse transpose of a world matrix's 3x3 part, as a 4x4 with no translation. */
function normalMatrixOf(m: ArrayLike<number>): number[] {
  const [a, b, c, d, e, f, g, h, i] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]].map(
    Number,
  ) as [number, number, number, number, number, number, number, number, number];
  const cofactors = [
    e * i - f * h,
    -(d * i - f * g),
    d * h - e * g,
    -(b * i - c * h),
    a * i - c * g,
    -(a * h - b * g),
    b * f - c * e,
    -(a * f - c * d),
    a * e - b * d,
  ] as const;
  const determinant = a * cofactors[0] + b * cofactors[1] + c * cofactors[2] || 1;
  // (M^-1)^T = cofactor matrix / det; laid out column-major like glTF's matrices
  const s = 1 / determinant;
  return [
    cofactors[0] * s,
    cofactors[3] * s,
    cofactors[6] * s,
    0,
    cofactors[1] * s,
    cofactors[4] * s,
    cofactors[7] * s,
    0,
    cofactors[2] * s,
    cofactors[5] * s,
    cofactors[8] * s,
    0,
    0,
    0,
    0,
    1,
  ];
}

/** A material's base colour, and its base-colour texture decoded for sampling. */
async function surfaceOf(material: Material, textures: RasterTexture[]): Promise<Surface> {
  const [r, g, b] = material.getBaseColorFactor();
  const surface: Surface = { color: [r, g, b], texture: -1, texCoord: 0, uvMatrix: null };
  const texture = material.getBaseColorTexture();
  const info = material.getBaseColorTextureInfo();
  const image = texture?.getImage();
  if (!image || !info) return surface;
  const decoded = await decodeTexture(image);
  // a KTX2 (Basis Universal) texture is not decoded on the server: its colour factor stands in
  if (!decoded) return surface;
  textures.push({
    ...decoded,
    wrapS: wrapOf(info.getWrapS()),
    wrapT: wrapOf(info.getWrapT()),
    alphaCutoff: material.getAlphaMode() === "MASK" ? material.getAlphaCutoff() : null,
  });
  const uvTransform = info.getExtension<TextureTransform>("KHR_texture_transform");
  return {
    ...surface,
    texture: textures.length - 1,
    texCoord: uvTransform?.getTexCoord() ?? info.getTexCoord(),
    uvMatrix: uvTransform ? uvMatrixOf(uvTransform) : null,
  };
}

/** KHR_texture_transform: translation x rotation x scale, applied to (u, v, 1). */
function uvMatrixOf(transform: TextureTransform): Surface["uvMatrix"] {
  const [ox, oy] = transform.getOffset();
  const [sx, sy] = transform.getScale();
  const rotation = transform.getRotation();
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return [cos * sx, sin * sy, ox, -sin * sx, cos * sy, oy];
}

const wrapOf = (mode: number): Wrap =>
  mode === 33071 ? "clamp" : mode === 33648 ? "mirror" : "repeat";

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, value) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

async function decodeTexture(image: Uint8Array) {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(image, { limitInputPixels: 8192 * 8192 })
      .resize(MAX_SAMPLED_TEXTURE, MAX_SAMPLED_TEXTURE, { fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = new Float32Array(info.width * info.height * 4);
    for (let i = 0; i < info.width * info.height; i++) {
      pixels[i * 4] = SRGB_TO_LINEAR[data[i * 4] as number] as number;
      pixels[i * 4 + 1] = SRGB_TO_LINEAR[data[i * 4 + 1] as number] as number;
      pixels[i * 4 + 2] = SRGB_TO_LINEAR[data[i * 4 + 2] as number] as number;
      pixels[i * 4 + 3] = (data[i * 4 + 3] as number) / 255;
    }
    return { width: info.width, height: info.height, pixels };
  } catch {
    return null;
  }
}
