import { assetMessages, MODEL_FILE_EXTENSIONS, messages } from "@atrium/domain";
import { isImageKind, type SniffedKind, sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";
import { unzipChecked, type ZipLimits } from "./zip.js";

// The files of one model upload: the parts sent (one model file, or one zip, and companions),
// then the zip's contents once checked. Which file is the model, and how a reference inside it
// ("textures/wood.png", "model.mtl") finds the uploaded file it names.

export interface ModelInputFile {
  name: string;
  bytes: Uint8Array;
}

export type ModelFormat = "glb" | "gltf" | "obj";

export interface ModelFileSet {
  model: ModelInputFile & { format: ModelFormat };
  /** Every file by its normalised path (folders with "/"), the model included. */
  files: Map<string, ModelInputFile>;
  /** The model file's folder inside the upload ("" at its root). */
  modelDirectory: string;
  resolve(reference: string, from?: string): ModelInputFile | null;
}

const COMPANION_EXTENSIONS = ["bin", "mtl", "png", "jpg", "jpeg", "webp", "gif", "ktx2"];

export const extensionOf = (name: string) => {
  const base = name.split("/").pop() ?? name;
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
};

const isModelName = (name: string) =>
  (MODEL_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export function collectModelFiles(parts: ModelInputFile[], zipLimits: ZipLimits): ModelFileSet {
  for (const part of parts) {
    if (part.bytes.length === 0)
      throw new UploadRejected(assetMessages.emptyFile, { file: part.name });
  }
  const modelParts = parts.filter((part) => isModelName(part.name));
  if (modelParts.length > 1) throw new UploadRejected(messages.dropzone.oneModelOnly);
  if (modelParts.length === 0) throw new UploadRejected(assetMessages.noModelFile);
  for (const part of parts) {
    const extension = extensionOf(part.name);
    if (!isModelName(part.name) && !COMPANION_EXTENSIONS.includes(extension)) {
      throw new UploadRejected(messages.dropzone.rejected, {
        file: part.name,
        reason: "expected a 3D model (glb, gltf, obj, zip), its mtl or bin, or textures",
      });
    }
  }

  const files = new Map<string, ModelInputFile>();
  const add = (file: ModelInputFile) => {
    if (file.bytes.length === 0)
      throw new UploadRejected(assetMessages.emptyFile, { file: file.name });
    files.set(normalise(file.name), file);
  };
  const upload = modelParts[0] as ModelInputFile;
  let model: ModelInputFile;
  if (extensionOf(upload.name) === "zip") {
    expectContent(upload, ["zip"], "a zip archive");
    const unpacked = unzipChecked(upload.name, upload.bytes, zipLimits);
    const inner = unpacked.filter((entry) => isModelName(entry.path));
    if (inner.some((entry) => extensionOf(entry.path) === "zip")) {
      throw new UploadRejected(messages.dropzone.rejected, {
        file: upload.name,
        reason: "a zip inside a zip is not accepted",
      });
    }
    if (inner.length > 1) {
      throw new UploadRejected(assetMessages.zipManyModels, {
        file: upload.name,
        count: inner.length,
        names: inner
          .slice(0, 4)
          .map((entry) => entry.path)
          .join(", "),
      });
    }
    if (inner.length === 0) throw new UploadRejected(assetMessages.noModelFile);
    for (const entry of unpacked) {
      if (isModelName(entry.path) || COMPANION_EXTENSIONS.includes(extensionOf(entry.path))) {
        add({ name: entry.path, bytes: entry.bytes });
      }
    }
    for (const part of parts) if (part !== upload) add(part);
    model = files.get(normalise((inner[0] as { path: string }).path)) as ModelInputFile;
  } else {
    for (const part of parts) add(part);
    model = upload;
  }

  const format = extensionOf(model.name) as ModelFormat;
  if (format === "glb") expectContent(model, ["glb"], "a binary glTF (glb) file");
  if (format === "gltf") expectContent(model, ["json"], "a glTF (JSON) file");
  if (format === "obj") expectContent(model, ["text"], "an OBJ text file");

  const byBaseName = new Map<string, ModelInputFile>();
  for (const [path, file] of files) {
    const base = path.split("/").pop() as string;
    if (!byBaseName.has(base)) byBaseName.set(base, file);
  }
  const modelDirectory = directoryOf(normalise(model.name));
  return {
    model: { ...model, format },
    files,
    modelDirectory,
    resolve(reference, from = modelDirectory) {
      let decoded = reference;
      try {
        decoded = decodeURIComponent(reference);
      } catch {
        // a reference with a stray % is looked up as written
      }
      const relative = normalise(joinPath(from, decoded.replace(/\\/g, "/")));
      // exported files often keep the author's absolute paths: the file name is what matches
      return (
        files.get(relative) ??
        byBaseName.get((decoded.replace(/\\/g, "/").split("/").pop() ?? "").toLowerCase()) ??
        null
      );
    },
  };
}

/** The image's MIME type from its bytes, or null. */
export function imageMimeType(bytes: Uint8Array): string | null {
  const kind = sniff(bytes);
  if (!isImageKind(kind)) return null;
  return { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" }[kind];
}

function expectContent(file: ModelInputFile, kinds: SniffedKind[], expected: string) {
  if (!kinds.includes(sniff(file.bytes))) {
    throw new UploadRejected(assetMessages.wrongContent, { file: file.name, expected });
  }
}

function normalise(path: string) {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/").toLowerCase();
}

const directoryOf = (path: string) => path.split("/").slice(0, -1).join("/");
const joinPath = (directory: string, reference: string) =>
  reference.startsWith("/") || directory === "" ? reference : `${directory}/${reference}`;
