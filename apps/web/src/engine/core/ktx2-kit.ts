// KTX2 textures (KHR_texture_basisu): three.js's KTX2Loader with the Basis Universal transcoder
// that ships in the three package (examples/jsm/libs/basis). The loader finds the transcoder's
// two files beside itself (new URL(..., import.meta.url)), so the build copies them into its
// hashed assets and they are served from our own origin, cached like every other asset. A chunk
// of its own, loaded only when a model uses KTX2 textures (models.ts reads that from the glb).
import type { WebGLRenderer } from "three";
import { KTX2Loader } from "three/examples/jsm/loaders/KTX2Loader.js";

const WORKER_SHIM = new URL("./ktx2-worker-shim.js", import.meta.url).href;

/**
 * KTX2Loader whose workers start from our own worker file (ktx2-worker-shim.js), which runs the
 * loader's blob: code under a policy that lets the transcoder start; the page's policy stays
 * without 'unsafe-eval'.
 */
class SameOriginKTX2Loader extends KTX2Loader {
  private shimmed: Promise<void> | null = null;

  override init() {
    const self = this as unknown as { workerSourceURL: string };
    this.shimmed ??= super.init().then(() => {
      // read when each worker is made (WorkerPool's creator), after this promise settles
      self.workerSourceURL = `${WORKER_SHIM}#${encodeURIComponent(self.workerSourceURL)}`;
    });
    return this.shimmed;
  }
}

let loader: KTX2Loader | null = null;

/** One KTX2 loader for the page, its transcoding targets chosen for the renderer's GPU. */
export function ktx2LoaderFor(renderer: WebGLRenderer): KTX2Loader {
  loader ??= new SameOriginKTX2Loader().detectSupport(renderer);
  return loader;
}
