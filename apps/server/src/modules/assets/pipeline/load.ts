import { assetMessages } from "@atrium/domain";
import type { Document, JSONDocument } from "@gltf-transform/core";
import { UploadRejected } from "../upload-rejected.js";
import { imageMimeType, type ModelFileSet } from "./files.js";
import { gltfIO } from "./gltf-io.js";
import { objToDocument } from "./obj.js";
import { gltfResources } from "./references.js";

export interface LoadLimits {
  maxVertices: number;
}

type GltfJson = JSONDocument["json"];

const DRACO = "KHR_draco_mesh_compression";

/** Reads the upload's model file, with its companions, into one glTF document. */
export async function loadModel(set: ModelFileSet, limits: LoadLimits): Promise<Document> {
  const { model } = set;
  switch (model.format) {
    case "glb": {
      const json = glbJson(model.bytes);
      if (!json) throw new UploadRejected(assetMessages.truncatedModel, { file: model.name });
      return read(model.name, json, (io) => io.readBinary(model.bytes));
    }
    case "gltf":
      return readGltf(set);
    case "obj":
      return objToDocument(model.name, model.bytes, {
        resolve: (reference) => set.resolve(reference),
        imageType: imageMimeType,
        maxVertices: limits.maxVertices,
      });
  }
}

async function readGltf(set: ModelFileSet): Promise<Document> {
  const { model } = set;
  let json: GltfJson;
  try {
    json = JSON.parse(new TextDecoder().decode(model.bytes));
  } catch {
    throw new UploadRejected(assetMessages.truncatedModel, { file: model.name });
  }
  if (typeof json !== "object" || json === null || typeof json.asset !== "object") {
    throw new UploadRejected(assetMessages.invalidModel, {
      file: model.name,
      reason: "it has no asset description",
    });
  }
  const resources = gltfResources(set, json);
  return read(model.name, json, (io) => io.readJSON({ json, resources }));
}

/**
 * Reads with the codecs the model needs (the Draco decoder only for Draco-compressed meshes,
 * whose data is decoded into plain accessors here and re-encoded with meshopt later), and turns
 * the reader's failures into what the uploader is told.
 */
async function read(
  fileName: string,
  json: GltfJson,
  reader: (io: Awaited<ReturnType<typeof gltfIO>>) => Promise<Document>,
): Promise<Document> {
  const draco = (json.extensionsUsed ?? []).includes(DRACO);
  let document: Document;
  try {
    document = await reader(await gltfIO({ draco }));
  } catch (error) {
    if (error instanceof UploadRejected) throw error;
    const missing = /Missing required extension, "([^"]+)"/.exec(String(error))?.[1];
    if (missing)
      throw new UploadRejected(assetMessages.unsupportedExtension, {
        file: fileName,
        extension: missing,
      });
    if (draco) throw new UploadRejected(assetMessages.dracoUndecodable, { file: fileName });
    throw new UploadRejected(assetMessages.truncatedModel, { file: fileName });
  }
  // decoded: the delivery copy is written without Draco (the viewer needs no Draco decoder)
  for (const extension of document.getRoot().listExtensionsUsed()) {
    if (extension.extensionName === DRACO) extension.dispose();
  }
  return document;
}

/** The JSON chunk of a binary glTF, or null when the container is not one. */
export function glbJson(bytes: Uint8Array): GltfJson | null {
  if (bytes.length < 20) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  const JSON_CHUNK = 0x4e4f534a;
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.length) return null;
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
    return typeof json === "object" && json !== null ? json : null;
  } catch {
    return null;
  }
}
