import type { Document } from "@gltf-transform/core";
import { zipSync } from "fflate";
import { countModel, type ModelCounts } from "./counts.js";
import { collectModelFiles, type ModelFormat, type ModelInputFile } from "./files.js";
import { gltfIO } from "./gltf-io.js";
import { loadModel } from "./load.js";
import { optimizeModel } from "./optimize.js";
import { validateModel } from "./validate.js";
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
  /** The model before optimisation, for drawing a thumbnail on the server. */
  document: Document;
}

/**
 * The 3D model upload pipeline: one model (glb, gltf with its bin and textures, obj with its
 * mtl and textures, or one zip of those) -> one validated, counted, optimised glb. Throws
 * UploadRejected with the message the dropzone shows for anything it cannot use.
 */
export async function processModelUpload(
  parts: ModelInputFile[],
  limits: ModelPipelineLimits = MODEL_PIPELINE_LIMITS,
): Promise<ProcessedModel> {
  const set = collectModelFiles(parts, limits.zip);
  const document = await loadModel(set, { maxVertices: limits.maxVertices });
  const io = await gltfIO();
  const converted = await io.writeBinary(document);
  await validateModel(set.model.name, document, converted);

  const optimised = await io.readBinary(converted);
  await optimizeModel(optimised);
  const glb = await io.writeBinary(optimised);
  return {
    glb,
    original: originalOf(parts),
    sourceFormat: set.model.format,
    counts: countModel(optimised),
    document,
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

const safeEntryName = (name: string) => name.replace(/\\/g, "/").split("/").pop() || "file";
