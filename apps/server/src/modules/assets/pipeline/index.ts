import { Logger } from "@gltf-transform/core";
import { zipSync } from "fflate";
import { renderModelThumbnail } from "../render/model-thumbnail.js";
import { countModel, type ModelCounts } from "./counts.js";
import { collectModelFiles, type ModelFormat, type ModelInputFile } from "./files.js";
import { gltfIO } from "./gltf-io.js";
import { loadModel } from "./load.js";
import { assertViewerCanShow, optimizeModel, prepareForDelivery } from "./optimize.js";
import { checkTextures } from "./textures.js";
import { assertHasGeometry, validateGlb } from "./validate.js";
import { ZIP_LIMITS_DEFAULT, type ZipLimits } from "./zip.js";

export type { ModelCounts } from "./counts.js";
export type { ModelInputFile } from "./files.js";

export interface ModelPipelineLimits {
  zip: ZipLimits;
  maxVertices: number;
}

export const MODEL_PIPELINE_LIMITS: ModelPipelineLimits = {
  zip: ZIP_LIMITS_DEFAULT,
  maxVertices: 4_000_000,
};

export interface ProcessedModel {
  /** The delivery copy: one optimised binary glTF. */
  glb: Uint8Array;
  /** What was uploaded, kept as it came: the single file, or the parts zipped together. */
  original: { name: string; bytes: Uint8Array; contentType: string };
  sourceFormat: ModelFormat;
  counts: ModelCounts;
  /** A PNG drawn on the server from the model, when asked for (no thumbnail was sent). */
  thumbnail: Uint8Array | null;
}

/**
 * The 3D model upload pipeline: one model (glb, gltf with its bin and textures, obj with its
 * mtl and textures, or one zip of those) -> one validated, counted, optimised glb. Throws
 * UploadRejected with the message the dropzone shows for anything it cannot use.
 */
export async function processModelUpload(
  parts: ModelInputFile[],
  options: { limits?: ModelPipelineLimits; thumbnail?: boolean } = {},
): Promise<ProcessedModel> {
  const limits = options.limits ?? MODEL_PIPELINE_LIMITS;
  const set = collectModelFiles(parts, limits.zip);
  const io = await gltfIO();
  // a glb is validated as uploaded; other formats once converted. Either way the validator's
  // copy is dropped before optimising, which keeps the peak memory low.
  if (set.model.format === "glb") await validateGlb(set.model.name, set.model.bytes);
  const document = await loadModel(set, { maxVertices: limits.maxVertices });
  document.setLogger(quietLogger);
  assertHasGeometry(set.model.name, document);
  checkTextures(set.model.name, document);
  await prepareForDelivery(document);
  if (set.model.format !== "glb") await validateGlb(set.model.name, await io.writeBinary(document));

  const thumbnail = options.thumbnail ? await renderModelThumbnail(document) : null;
  await optimizeModel(document);
  assertViewerCanShow(set.model.name, document);
  const glb = await io.writeBinary(document);
  return {
    glb,
    original: originalOf(parts),
    sourceFormat: set.model.format,
    counts: countModel(document),
    thumbnail,
  };
}

function originalOf(parts: ModelInputFile[]): ProcessedModel["original"] {
  if (parts.length === 1) {
    const [only] = parts as [ModelInputFile];
    const extension = only.name.split(".").pop()?.toLowerCase();
    const contentType =
      extension === "glb"
        ? "model/gltf-binary"
        : extension === "gltf"
          ? "model/gltf+json"
          : extension === "zip"
            ? "application/zip"
            : extension === "obj"
              ? "model/obj"
              : "application/octet-stream";
    return { name: only.name, bytes: only.bytes, contentType };
  }
  const entries = Object.fromEntries(parts.map((part) => [safeEntryName(part.name), part.bytes]));
  const model = parts.find((part) => /\.(glb|gltf|obj)$/i.test(part.name))?.name ?? "model";
  return {
    name: `${model.replace(/\.[^.]+$/, "")}.zip`,
    bytes: zipSync(entries, { level: 6 }),
    contentType: "application/zip",
  };
}

const quietLogger = new Logger(Logger.Verbosity.WARN);

const safeEntryName = (name: string) => name.replace(/\\/g, "/").split("/").pop() || "file";
