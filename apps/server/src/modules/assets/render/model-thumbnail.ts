import type { Accessor, Document, Material, Node } from "@gltf-transform/core";
import sharp from "sharp";
import { rasterize } from "./rasterize.js";

export const THUMBNAIL_SIZE = 512;
// more triangles than this are drawn from an even sample: a thumbnail needs the silhouette
const MAX_DRAWN_TRIANGLES = 400_000;

/** A PNG thumbnail of a model (transparent background), drawn on the server. */
export async function renderModelThumbnail(
  document: Document,
  size = THUMBNAIL_SIZE,
): Promise<Uint8Array> {
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

async function collectTriangles(document: Document) {
  const root = document.getRoot();
  const colorOf = new Map<Material | null, [number, number, number]>();
  for (const material of root.listMaterials()) colorOf.set(material, await materialColor(material));
  colorOf.set(null, [0.8, 0.8, 0.8]);

  const items: {
    node: Node;
    indices: ArrayLike<number> | null;
    positions: ArrayLike<number>;
    color: [number, number, number];
    triangles: number;
  }[] = [];
  let total = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      if (primitive.getMode() !== 4) continue;
      const position = primitive.getAttribute("POSITION");
      if (!position) continue;
      const indices = primitive.getIndices()?.getArray() ?? null;
      const triangles = Math.floor((indices ? indices.length : position.getCount()) / 3);
      items.push({
        node,
        indices,
        positions: floatPositions(position),
        color: colorOf.get(primitive.getMaterial()) ?? [0.8, 0.8, 0.8],
        triangles,
      });
      total += triangles;
    }
    for (const child of node.listChildren()) visit(child);
  };
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  for (const node of scene?.listChildren() ?? []) visit(node);

  const step = Math.max(1, Math.ceil(total / MAX_DRAWN_TRIANGLES));
  const drawn = Math.ceil(total / step) + items.length;
  const positions = new Float32Array(drawn * 9);
  const colors = new Float32Array(drawn * 3);
  let written = 0;
  const corner = new Float32Array(3);
  for (const item of items) {
    const matrix = item.node.getWorldMatrix();
    for (let t = 0; t < item.triangles; t += step) {
      for (let k = 0; k < 3; k++) {
        const vertex = item.indices ? (item.indices[t * 3 + k] as number) : t * 3 + k;
        transformPoint(corner, item.positions, vertex * 3, matrix);
        positions.set(corner, written * 9 + k * 3);
      }
      colors.set(item.color, written * 3);
      written++;
    }
  }
  return { positions: positions.subarray(0, written * 9), colors: colors.subarray(0, written * 3) };
}

function floatPositions(accessor: Accessor) {
  const array = accessor.getArray();
  if (array instanceof Float32Array && !accessor.getNormalized()) return array;
  const out = new Float32Array(accessor.getCount() * 3);
  const element: number[] = [];
  for (let i = 0; i < accessor.getCount(); i++) out.set(accessor.getElement(i, element), i * 3);
  return out;
}

function transformPoint(
  out: Float32Array,
  source: ArrayLike<number>,
  offset: number,
  m: ArrayLike<number>,
) {
  const x = source[offset] as number;
  const y = source[offset + 1] as number;
  const z = source[offset + 2] as number;
  out[0] = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number);
  out[1] = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number);
  out[2] = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number);
}

/** The material's base colour, times its texture's average colour when it has one. */
async function materialColor(material: Material): Promise<[number, number, number]> {
  const [r, g, b] = material.getBaseColorFactor();
  const image = material.getBaseColorTexture()?.getImage();
  if (!image) return [r, g, b];
  try {
    const { channels } = await sharp(image).stats();
    const mean = (index: number) => ((channels[index]?.mean ?? 255) / 255) ** 2.2;
    return [r * mean(0), g * mean(1), b * mean(2)];
  } catch {
    return [r, g, b];
  }
}
