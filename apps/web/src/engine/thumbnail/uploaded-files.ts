import { type Group, LoadingManager, type Object3D, type WebGLRenderer } from "three";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { MTLLoader } from "three/examples/jsm/loaders/MTLLoader.js";
import { OBJLoader } from "three/examples/jsm/loaders/OBJLoader.js";
import { parseModel } from "../core/models";

// The files a user is about to upload as one model, read in the browser the way the server
// reads them (apps/server/src/modules/assets/pipeline/files.ts): one model file (glb, gltf, obj,
// or a zip holding one) and its companions, a reference ("textures/wood.png", "../wood.png",
// "C:\\art\\wood.png") finding the file by its path, else by its name, since a file picker
// sends files without their folders.

const MODEL = /\.(glb|gltf|obj)$/i;
// the server refuses more; the browser does not try to unpack it for a thumbnail
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

interface FileSet {
  model: { path: string; bytes: Uint8Array };
  lookup(reference: string): Uint8Array | null;
}

export async function loadUploadedFiles(files: File[], renderer: WebGLRenderer): Promise<Object3D> {
  const set = await fileSet(files);
  const urls = new Map<Uint8Array, string>();
  const manager = new LoadingManager();
  // references become blob URLs of the uploaded bytes; nothing is fetched from elsewhere
  manager.setURLModifier((url) => {
    if (/^(data|blob):/i.test(url)) return url; // embedded in the model
    const bytes = set.lookup(url);
    if (!bytes) return "data:,"; // a missing file: the server names it; the thumbnail goes on
    let blobUrl = urls.get(bytes);
    if (!blobUrl) {
      blobUrl = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>]));
      urls.set(bytes, blobUrl);
    }
    return blobUrl;
  });
  try {
    const { path, bytes } = set.model;
    if (/\.obj$/i.test(path)) return await loadObj(bytes, set, manager);
    const loader = new GLTFLoader(manager).setMeshoptDecoder(MeshoptDecoder);
    const buffer = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    return (await parseModel(loader, buffer, "", renderer)).scene;
  } finally {
    for (const url of urls.values()) URL.revokeObjectURL(url);
  }
}

async function loadObj(bytes: Uint8Array, set: FileSet, manager: LoadingManager): Promise<Group> {
  const text = new TextDecoder().decode(bytes);
  const loader = new OBJLoader(manager);
  for (const library of text.matchAll(/^\s*mtllib\s+(.+?)\s*$/gm)) {
    const mtl = set.lookup(library[1] as string);
    if (!mtl) continue;
    const materials = new MTLLoader(manager).parse(new TextDecoder().decode(mtl), "");
    // the mtl's textures load as images: wait for them, so the drawing has them
    let started = false;
    const loaded = new Promise<void>((resolve) => {
      manager.onStart = () => {
        started = true;
      };
      manager.onLoad = () => resolve();
    });
    materials.preload();
    if (started) await loaded;
    loader.setMaterials(materials);
  }
  return loader.parse(text);
}

async function fileSet(files: File[]): Promise<FileSet> {
  const byPath = new Map<string, Uint8Array>();
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (/\.zip$/i.test(file.name))
      for (const [path, entry] of await unzip(bytes)) byPath.set(normalise(path), entry);
    else byPath.set(normalise(file.name), bytes);
  }
  const models = [...byPath.keys()].filter((path) => MODEL.test(path));
  if (models.length !== 1) throw new Error(`expected one model file, found ${models.length}`);
  const modelPath = models[0] as string;
  const directory = modelPath.split("/").slice(0, -1).join("/");
  const byName = new Map<string, Uint8Array>();
  for (const [path, bytes] of byPath) {
    const name = path.split("/").pop() as string;
    if (!byName.has(name)) byName.set(name, bytes);
  }
  return {
    model: { path: modelPath, bytes: byPath.get(modelPath) as Uint8Array },
    lookup(reference) {
      let decoded = reference;
      try {
        decoded = decodeURIComponent(reference);
      } catch {
        // a stray % is looked up as written
      }
      decoded = decoded.replace(/\\/g, "/");
      const relative = normalise(directory ? `${directory}/${decoded}` : decoded);
      return (
        byPath.get(relative) ?? byName.get(decoded.split("/").pop()?.toLowerCase() ?? "") ?? null
      );
    },
  };
}

async function unzip(bytes: Uint8Array): Promise<[string, Uint8Array][]> {
  const { unzipSync } = await import("fflate");
  let declared = 0;
  const entries = unzipSync(bytes, {
    filter(file) {
      declared += file.originalSize;
      if (declared > MAX_UNPACKED_BYTES) throw new Error("the archive is too large to draw");
      return !file.name.endsWith("/") && !/(^|\/)(__MACOSX\/|\._)/.test(file.name);
    },
  });
  return Object.entries(entries);
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
