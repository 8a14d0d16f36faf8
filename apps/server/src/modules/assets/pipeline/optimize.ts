import type { Document } from "@gltf-transform/core";
import { dedup, meshopt, prune, textureCompress, weld } from "@gltf-transform/functions";
import { MeshoptEncoder } from "meshoptimizer";
import sharp from "sharp";

export const MAX_TEXTURE_SIZE = 2048;

/**
 * The delivery copy: shared data merged, unused data dropped, vertices welded, textures at
 * most 2048 px re-encoded as WebP, geometry quantised and meshopt-compressed. The viewer
 * needs EXT_meshopt_compression and EXT_texture_webp (three.js GLTFLoader with MeshoptDecoder).
 */
export async function optimizeModel(document: Document) {
  await MeshoptEncoder.ready;
  await document.transform(
    dedup(),
    // keepSolidTextures: finding one-colour textures decodes every image in JavaScript, which
    // costs more memory than the rest of the pipeline together
    prune({ keepExtras: true, keepSolidTextures: true }),
    weld(),
    textureCompress({
      encoder: sharp,
      targetFormat: "webp",
      resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE],
      quality: 82,
      effort: 30,
    }),
    meshopt({ encoder: MeshoptEncoder, level: "medium" }),
  );
}
