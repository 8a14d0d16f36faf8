import { assetMessages } from "@atrium/domain";
import type { Document } from "@gltf-transform/core";
import {
  dedup,
  meshopt,
  metalRough,
  prune,
  textureCompress,
  unpartition,
  weld,
} from "@gltf-transform/functions";
import { MeshoptEncoder } from "meshoptimizer";
import { loadSharp } from "../../../infra/packages.js";
import { UploadRejected } from "../upload-rejected.js";

export const MAX_TEXTURE_SIZE = 2048;

/**
 * What any model needs before it is validated or written as a glb: its buffers merged into one
 * (a .gltf may spread its data over several .bin files; a glb holds one), and the old
 * specular-glossiness materials, which three.js no longer reads, turned into metal-roughness.
 */
export async function prepareForDelivery(document: Document) {
  const used = document
    .getRoot()
    .listExtensionsUsed()
    .map((extension) => extension.extensionName);
  await document.transform(
    unpartition(),
    ...(used.includes("KHR_materials_pbrSpecularGlossiness") ? [metalRough()] : []),
  );
}

/**
 * The delivery copy: shared data merged, unused data dropped, vertices welded, textures at
 * most 2048 px re-encoded as WebP (KTX2 textures are kept as they are: Basis Universal data is
 * already GPU-ready), geometry quantised and meshopt-compressed. The viewer needs
 * EXT_meshopt_compression, EXT_texture_webp and, for KTX2, KHR_texture_basisu (three.js
 * GLTFLoader with MeshoptDecoder and KTX2Loader).
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
      encoder: await loadSharp(),
      targetFormat: "webp",
      resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE],
      quality: 82,
      effort: 30,
    }),
    meshopt({ encoder: MeshoptEncoder, level: "medium" }),
  );
}

/** The extensions three.js's GLTFLoader reads (r187): a model may require only these. */
export const VIEWER_EXTENSIONS = [
  "KHR_lights_punctual",
  "KHR_materials_anisotropy",
  "KHR_materials_clearcoat",
  "KHR_materials_diffuse_roughness",
  "KHR_materials_dispersion",
  "KHR_materials_emissive_strength",
  "KHR_materials_ior",
  "KHR_materials_iridescence",
  "KHR_materials_sheen",
  "KHR_materials_specular",
  "KHR_materials_transmission",
  "KHR_materials_unlit",
  "KHR_materials_volume",
  "KHR_mesh_quantization",
  "KHR_texture_basisu",
  "KHR_texture_transform",
  "EXT_materials_bump",
  "EXT_mesh_gpu_instancing",
  "EXT_meshopt_compression",
  "EXT_texture_avif",
  "EXT_texture_webp",
];

/** Refuses a delivery copy that would require an extension the viewer cannot read, naming it. */
export function assertViewerCanShow(fileName: string, document: Document) {
  for (const extension of document.getRoot().listExtensionsRequired()) {
    if (!VIEWER_EXTENSIONS.includes(extension.extensionName))
      throw new UploadRejected(assetMessages.unsupportedExtension, {
        file: fileName,
        extension: extension.extensionName,
      });
  }
}
