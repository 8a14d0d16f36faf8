import type { WebGLRenderer } from "three";
import type { GLTF, GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

// What a glb needs before three.js can parse it: the KTX2 kit when its textures are KTX2
// (KHR_texture_basisu), loaded on demand. The renderer the engine draws with is recorded here
// so that the transcoder picks the compressed formats this GPU supports.

type Ktx2Kit = typeof import("./ktx2-kit");

let ktx2Kit: Promise<Ktx2Kit> | null = null;
let renderer: WebGLRenderer | null = null;

/** The renderer KTX2 textures are transcoded for (the engine's; the thumbnail's own). */
export function setModelRenderer(next: WebGLRenderer) {
  renderer = next;
}

/** Whether a glb (or a .gltf's JSON) declares KHR_texture_basisu, from its JSON alone. */
export function usesKtx2(bytes: ArrayBuffer): boolean {
  return jsonText(bytes).includes('"KHR_texture_basisu"');
}

function jsonText(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  const isGlb = bytes.byteLength >= 20 && view.getUint32(0, true) === 0x46546c67; // "glTF"
  if (!isGlb) return new TextDecoder().decode(bytes.slice(0, 1 << 20));
  const length = Math.min(view.getUint32(12, true), bytes.byteLength - 20);
  return new TextDecoder().decode(new Uint8Array(bytes, 20, Math.max(0, length)));
}

/**
 * Parses a glb (or a .gltf's JSON), first giving the loader what the model's textures need.
 * `forRenderer` overrides the engine's renderer (the thumbnail draws with its own).
 */
export async function parseModel(
  loader: GLTFLoader,
  bytes: ArrayBuffer,
  path = "",
  forRenderer: WebGLRenderer | null = renderer,
): Promise<GLTF> {
  if (usesKtx2(bytes)) {
    if (!forRenderer) throw new Error("KTX2 textures need a renderer to be transcoded for");
    ktx2Kit ??= import("./ktx2-kit").catch((error) => {
      ktx2Kit = null; // a failed download may succeed later
      throw error;
    });
    loader.setKTX2Loader((await ktx2Kit).ktx2LoaderFor(forRenderer));
  }
  return loader.parseAsync(bytes, path);
}
