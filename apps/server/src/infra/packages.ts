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

/** mp4box: reading an uploaded video's size, length and codec. */
export const loadMp4box = once(() =>
  import("mp4box").then((module) => {
    module.Log.setLogLevel(module.Log.error);
    return module;
  }),
);

/** openid-client: signing in with an OpenID Connect provider, when one is configured. */
export const loadOpenIdClient = once(() => import("openid-client"));

/** jose: the realtime hubs' tokens, from the first visitor who opens a live connection. */
export const loadJose = once(() => import("jose"));
