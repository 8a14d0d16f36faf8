// Packages the start does not need, loaded by their first user instead (docs/startup.md): a
// module that imports one statically loads it at every start, before the first request can be
// answered. Each loader loads its package once; later calls get the same module.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

/** sharp (libvips): pictures, thumbnails, painted catalogue textures. */
export const loadSharp = once(() => import("sharp").then((module) => module.default));
