import { type Document, NodeIO } from "@gltf-transform/core";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { buildModel, MeshBuilder } from "../../src/modules/assets/catalogue/mesh-builder.js";

// Models made in code for the tests and the model-pipeline benchmark: a rolling terrain of any
// triangle count (smooth, like real scans and sculpts), with or without a texture, written as
// glb, as gltf with its bin and texture, or as obj with its mtl and texture.

export interface SampleOptions {
  /** Quads per side of the terrain grid: triangles = 2 * grid^2. */
  grid: number;
  /** Side of a square texture in pixels; 0 for none. */
  textureSize?: number;
  name?: string;
}

export async function sampleTexture(size: number, format: "png" | "jpeg" = "png") {
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      // layered waves and a faint grain: photo-like, neither flat nor pure noise
      const wave = Math.sin(u * 17 + Math.sin(v * 9) * 2) * 0.5 + Math.sin(v * 23 + u * 5) * 0.3;
      const grain = (((x * 73856093) ^ (y * 19349663)) & 255) / 255 - 0.5;
      const base = 0.55 + wave * 0.2 + grain * 0.06;
      const offset = (y * size + x) * 3;
      pixels[offset] = clampByte(base * 210 + 30);
      pixels[offset + 1] = clampByte(base * 160 + 20);
      pixels[offset + 2] = clampByte(base * 110 + 10);
    }
  }
  const image = sharp(pixels, { raw: { width: size, height: size, channels: 3 } });
  return new Uint8Array(
    format === "png" ? await image.png().toBuffer() : await image.jpeg({ quality: 92 }).toBuffer(),
  );
}

function terrain(grid: number) {
  const builder = new MeshBuilder();
  const height = (x: number, z: number) =>
    Math.sin(x * 3.1) * 0.15 + Math.cos(z * 2.3 + x) * 0.1 + Math.sin((x + z) * 7) * 0.03;
  for (let j = 0; j <= grid; j++) {
    for (let i = 0; i <= grid; i++) {
      const x = i / grid - 0.5;
      const z = j / grid - 0.5;
      const y = height(x, z);
      const e = 1 / grid;
      const nx = height(x - e, z) - height(x + e, z);
      const nz = height(x, z - e) - height(x, z + e);
      const length = Math.hypot(nx, 2 * e, nz);
      builder.positions.push(x, y, z);
      builder.normals.push(nx / length, (2 * e) / length, nz / length);
      builder.uvs.push(i / grid, j / grid);
    }
  }
  const row = grid + 1;
  for (let j = 0; j < grid; j++) {
    for (let i = 0; i < grid; i++) {
      const a = j * row + i;
      builder.indices.push(a, a + row, a + 1, a + 1, a + row, a + row + 1);
    }
  }
  return builder;
}

export async function sampleDocument({
  grid,
  textureSize = 0,
  name = "terrain",
}: SampleOptions): Promise<Document> {
  const texture =
    textureSize > 0
      ? { name: "albedo.png", bytes: await sampleTexture(textureSize), mimeType: "image/png" }
      : undefined;
  return buildModel(name, [
    [{ name: "ground", color: [0.9, 0.85, 0.8], ...(texture ? { texture } : {}) }, terrain(grid)],
  ]);
}

export async function sampleGlb(options: SampleOptions): Promise<Uint8Array> {
  return new NodeIO().writeBinary(await sampleDocument(options));
}

/** A .gltf with its .bin and (when textured) its texture as separate files. */
export async function sampleGltfParts(options: SampleOptions) {
  const { json, resources } = await new NodeIO().writeJSON(await sampleDocument(options));
  return [
    { name: "scene.gltf", bytes: strToU8(JSON.stringify(json)) },
    ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes })),
  ];
}

/** An OBJ cube with an MTL that maps a texture (all three files, by default). */
export async function sampleObjParts({ withMtl = true, withTexture = true } = {}) {
  const obj = [
    "# a textured cube",
    "mtllib cube.mtl",
    "o Cube",
    ...[
      [-0.5, 0, 0.5],
      [0.5, 0, 0.5],
      [0.5, 1, 0.5],
      [-0.5, 1, 0.5],
      [-0.5, 0, -0.5],
      [0.5, 0, -0.5],
      [0.5, 1, -0.5],
      [-0.5, 1, -0.5],
    ].map((v) => `v ${v.join(" ")}`),
    "vt 0 0",
    "vt 1 0",
    "vt 1 1",
    "vt 0 1",
    "vn 0 0 1",
    "vn 0 0 -1",
    "vn 1 0 0",
    "vn -1 0 0",
    "vn 0 1 0",
    "vn 0 -1 0",
    "usemtl Painted",
    "f 1/1/1 2/2/1 3/3/1 4/4/1",
    "f 6/1/2 5/2/2 8/3/2 7/4/2",
    "f 2/1/3 6/2/3 7/3/3 3/4/3",
    "f 5/1/4 1/2/4 4/3/4 8/4/4",
    "f 4/1/5 3/2/5 7/3/5 8/4/5",
    "f 5/1/6 6/2/6 2/3/6 1/4/6",
  ].join("\n");
  const mtl = [
    "newmtl Painted",
    "Kd 0.9 0.6 0.3",
    "Ns 200",
    "d 1",
    "map_Kd textures/paint.jpg",
  ].join("\n");
  return [
    { name: "cube.obj", bytes: strToU8(obj) },
    ...(withMtl ? [{ name: "cube.mtl", bytes: strToU8(mtl) }] : []),
    ...(withTexture
      ? [{ name: "textures/paint.jpg", bytes: await sampleTexture(64, "jpeg") }]
      : []),
  ];
}

export function zipOf(files: { name: string; bytes: Uint8Array }[]) {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes])));
}

/**
 * A zip whose headers claim a small size for an entry that really inflates to `realBytes`:
 * the kind of bomb a check of the declared sizes alone would let through.
 */
export function lyingZipBomb(realBytes: number, claimedBytes = 1024) {
  const zip = zipSync({ "model.obj": new Uint8Array(realBytes) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let offset = 0; offset + 4 <= zip.length; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50) view.setUint32(offset + 22, claimedBytes, true);
    if (signature === 0x02014b50) view.setUint32(offset + 24, claimedBytes, true);
  }
  return zip;
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
