import { assetMessages } from "@atrium/domain";
import type { JSONDocument } from "@gltf-transform/core";
import { sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";
import type { ModelFileSet } from "./files.js";

// The files a .gltf names in its `buffers` and `images`: each must be part of the upload (beside
// the .gltf or in a folder below it) or embedded as a data: URI of the right type. Anything
// else is refused with the reference and the reason: a path that climbs out of the upload
// (`../`), an absolute path or drive, a URL of any scheme (the server fetches nothing), a data:
// URI whose media type or content is not what a buffer or an image holds.

type GltfJson = JSONDocument["json"];

const BUFFER_DATA_TYPES = ["application/octet-stream", "application/gltf-buffer"];
const IMAGE_DATA_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/ktx2": "ktx2",
};
const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/** The uploaded files the .gltf refers to, by reference as written (data: URIs are left to the reader). */
export function gltfResources(set: ModelFileSet, json: GltfJson) {
  const { model } = set;
  const refuse = (reason: string) =>
    new UploadRejected(assetMessages.invalidModel, { file: model.name, reason });
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  const entries = [
    ...(json.buffers ?? []).map((entry, index) => ({ uri: entry.uri, what: `buffer ${index}` })),
    ...(json.images ?? []).map((entry, index) => ({ uri: entry.uri, what: `image ${index}` })),
  ];
  for (const { uri, what } of entries) {
    if (typeof uri !== "string") continue; // a glb's own buffer, or an image in a buffer view
    if (/^data:/i.test(uri)) {
      checkDataUri(uri, what, refuse);
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) && !/^[a-z]:[\\/]/i.test(uri))
      throw refuse(
        `its ${what} loads ${shorten(uri)} from elsewhere; include the file in the upload instead`,
      );
    if (isOutsideUpload(uri, set.modelDirectory))
      throw refuse(
        `its ${what} refers to ${shorten(uri)}, outside the upload; a .gltf may only use files beside it or in folders below it`,
      );
    const file = set.resolve(uri);
    if (!file)
      throw new UploadRejected(assetMessages.missingCompanion, {
        file: model.name,
        missing: shorten(uri),
      });
    resources[uri] = file.bytes as Uint8Array<ArrayBuffer>;
  }
  return resources;
}

/** Absolute (`/x`, `C:\x`, `\\server\x`) or climbing above the upload's root with `..`. */
export function isOutsideUpload(uri: string, fromDirectory: string) {
  let path = uri;
  try {
    path = decodeURIComponent(uri);
  } catch {
    // a stray % is checked as written
  }
  path = path.replace(/\\/g, "/");
  if (path.startsWith("/") || /^[a-z]:/i.test(path)) return true;
  let depth = fromDirectory === "" ? 0 : fromDirectory.split("/").length;
  for (const part of path.split("/")) {
    if (part === "..") depth--;
    else if (part !== "" && part !== ".") depth++;
    if (depth < 0) return true;
  }
  return false;
}

function checkDataUri(uri: string, what: string, refuse: (reason: string) => UploadRejected) {
  const header = DATA_URI.exec(uri);
  const mediaType = (header?.[1] ?? "").toLowerCase();
  const isImage = what.startsWith("image");
  const allowed = isImage ? Object.keys(IMAGE_DATA_TYPES) : BUFFER_DATA_TYPES;
  if (!header || !allowed.includes(mediaType)) {
    throw refuse(
      `its ${what} is embedded as ${mediaType ? `"${mediaType}"` : "data of no type"}; ${isImage ? "an image must be PNG, JPEG, WebP or KTX2" : "a buffer must be application/octet-stream"}`,
    );
  }
  if (!/;base64$/i.test(header[2] ?? ""))
    throw refuse(`its ${what} is embedded without base64 encoding`);
  if (!isImage) return;
  const payload = uri.slice(header[0].length);
  const head = Buffer.from(payload.slice(0, 64), "base64");
  if (sniff(head) !== IMAGE_DATA_TYPES[mediaType])
    throw refuse(`its ${what} says ${mediaType} but its content is not`);
}

const shorten = (uri: string) => (uri.length > 80 ? `${uri.slice(0, 77)}...` : uri);
