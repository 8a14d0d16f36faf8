import { readFile } from "node:fs/promises";
import path from "node:path";
import { chooseEncoding } from "./prerendered-pages.js";

// The build's hashed files (<web dist>/assets/): a file's name changes with its content, so
// each one is read from disk once, with the .br and .gz copies scripts/build.mjs writes beside
// it, and then served from memory. A viewer page asks for some 40 of them at once; through
// @fastify/static each one cost a listing of the 900-file folder (its path-spelling check), a
// stat, an open and a read on the server's only thread, ahead of the space's own data.

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

/** A plain file name: no folders, no dot files, nothing to step out of the folder with. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export interface ImmutableAsset {
  body: Buffer;
  encoding: "br" | "gzip" | null;
  type: string;
  /** One per file and encoding: the name already changes with the content. */
  etag: string;
}

interface Stored {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const readOrNull = (file: string) => readFile(file).catch(() => null);

/**
 * Serves the files of one folder of hashed build output from memory. Files are kept once read,
 * up to `maxBytes` in all (their compressed copies included); beyond that they are read from
 * disk each time. A missing file is not remembered: a rebuild may add it while the server runs.
 */
export function createImmutableAssets(directory: string, maxBytes = 64 * 1024 * 1024) {
  const stored = new Map<string, Promise<Stored | null>>();
  let keptBytes = 0;

  async function load(name: string): Promise<Stored | null> {
    const file = path.join(directory, name);
    const identity = await readOrNull(file);
    if (!identity) return null;
    const [br, gzip] = await Promise.all([readOrNull(`${file}.br`), readOrNull(`${file}.gz`)]);
    const type = TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
    return { type, identity, br, gzip };
  }

  function lookup(name: string): Promise<Stored | null> {
    const known = stored.get(name);
    if (known) return known;
    const loading = load(name);
    stored.set(name, loading);
    void loading.then((entry) => {
      const size = entry
        ? entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0)
        : 0;
      if (!entry || keptBytes + size > maxBytes) stored.delete(name);
      else keptBytes += size;
    });
    return loading;
  }

  return {
    /** The file's body in the best encoding the client accepts; null when there is none. */
    async get(name: string, acceptEncoding: string | undefined): Promise<ImmutableAsset | null> {
      if (!FILE_NAME.test(name)) return null;
      const entry = await lookup(name);
      if (!entry) return null;
      const { br, gzip, identity, type } = entry;
      const encoding = chooseEncoding(acceptEncoding, { br: br !== null, gzip: gzip !== null });
      const body = encoding === "br" ? br : encoding === "gzip" ? gzip : identity;
      return {
        body: body ?? identity,
        encoding,
        type,
        etag: `"${name}-${encoding ?? "identity"}"`,
      };
    },
  };
}
