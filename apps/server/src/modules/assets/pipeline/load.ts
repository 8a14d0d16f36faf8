import { assetMessages } from "@atrium/domain";
import type { Document, JSONDocument } from "@gltf-transform/core";
import { UploadRejected } from "../upload-rejected.js";
import { imageMimeType, type ModelFileSet } from "./files.js";
import { gltfIO } from "./gltf-io.js";
import { objToDocument } from "./obj.js";

export interface LoadLimits {
  maxVertices: number;
}

/** Reads the upload's model file, with its companions, into one glTF document. */
export async function loadModel(set: ModelFileSet, limits: LoadLimits): Promise<Document> {
  const { model } = set;
  const io = await gltfIO();
  switch (model.format) {
    case "glb":
      try {
        return await io.readBinary(model.bytes);
      } catch (error) {
        if (error instanceof UploadRejected) throw error;
        throw new UploadRejected(assetMessages.truncatedModel, { file: model.name });
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
  let json: JSONDocument["json"];
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
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  const references = [...(json.buffers ?? []), ...(json.images ?? [])]
    .map((entry) => entry.uri)
    .filter((uri): uri is string => typeof uri === "string" && !uri.startsWith("data:"));
  for (const uri of references) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
      throw new UploadRejected(assetMessages.invalidModel, {
        file: model.name,
        reason: `it loads ${uri} from the internet; include the file in the upload instead`,
      });
    }
    const file = set.resolve(uri);
    if (!file)
      throw new UploadRejected(assetMessages.missingCompanion, { file: model.name, missing: uri });
    resources[uri] = file.bytes as Uint8Array<ArrayBuffer>;
  }
  try {
    return await (await gltfIO()).readJSON({ json, resources });
  } catch {
    throw new UploadRejected(assetMessages.truncatedModel, { file: model.name });
  }
}
