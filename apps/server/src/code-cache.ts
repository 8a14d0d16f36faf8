import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

// Loads a CommonJS bundle with V8's code cache, as Node 22's module.enableCompileCache() does
// (Node 20 has none for its own loaders). The cache holds the bytecode V8 compiled for the
// bundle's functions; a start that finds it skips parsing and compiling them again. It is kept
// in `cacheDir`, named after the bundle's content, Node's version and the processor, so a new
// build or a new Node never reads an old cache; V8 checks its own version and flags as well and
// rejects a cache that does not fit. docs/startup.md tells what it saves.

export interface LoadedBundle<T> {
  exports: T;
  /**
   * How the bundle was compiled: from the cache; from the source with no cache yet; or from
   * the source because V8 rejected the cache (made under other V8 settings, such as another
   * NODE_OPTIONS), which saveCache then replaces.
   */
  compiledFrom: "cache" | "source" | "rejected cache";
  /**
   * Writes the cache of what V8 has compiled so far, when the start did not use one. Called once
   * the server has started, so the functions its start ran are in it. A cache that cannot be
   * written (a read-only folder, a full disk) is left out: the next start parses again.
   */
  saveCache(): { written: boolean; bytes: number; reason?: string };
}

/**
 * The bundle runs as a CommonJS module, with one more argument: the import function of the
 * module that loads it. Node 20 gives a script compiled with a code cache no import() that works
 * (its functions that come from the cache fail with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so
 * the build writes the bundle's import("package") as __atriumImport("package")
 * (scripts/build.mjs).
 */
const wrap = (source: string) =>
  `(function (exports, require, module, __filename, __dirname, __atriumImport) { "use strict"; ${source}\n});`;

export type ImportFunction = (specifier: string) => Promise<unknown>;

function cacheFileOf(bundle: string, source: string | Buffer, cacheDir: string) {
  const key = createHash("sha1")
    .update(source)
    .update(`\0${process.version}\0${process.arch}`)
    .digest("hex")
    .slice(0, 20);
  return path.join(cacheDir, `${path.basename(bundle)}-${key}.v8`);
}

export function loadBundle<T>(
  bundle: string,
  cacheDir: string,
  importPackage: ImportFunction,
): LoadedBundle<T> {
  const source = readFileSync(bundle, "utf8");
  const cacheFile = cacheFileOf(bundle, source, cacheDir);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet: compiled from the source, and saved after the start
  }
  const script = new vm.Script(wrap(source), {
    filename: bundle,
    ...(cachedData ? { cachedData } : {}),
  });
  const compiledFrom = !cachedData
    ? "source"
    : script.cachedDataRejected
      ? "rejected cache"
      : "cache";
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
    importPackage: ImportFunction,
  ) => void;
  run.call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    path.dirname(bundle),
    importPackage,
  );
  let saved = false;
  return {
    exports: module.exports,
    compiledFrom,
    saveCache() {
      if (compiledFrom === "cache" || saved) return { written: false, bytes: 0, reason: "in use" };
      saved = true;
      // written whole under a name of its own, then renamed: a start at the same moment (another
      // instance on the same build) reads no half-written cache
      const partial = `${cacheFile}.${randomUUID()}.tmp`;
      try {
        const data = script.createCachedData();
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(partial, data, { flag: "wx" });
        renameSync(partial, cacheFile);
        // an older build's cache, or one a stopped start left half-written, is never read again
        const prefix = `${path.basename(bundle)}-`;
        for (const name of readdirSync(cacheDir)) {
          const file = path.join(cacheDir, name);
          if (name.startsWith(prefix) && file !== cacheFile) rmSync(file, { force: true });
        }
        return { written: true, bytes: data.length };
      } catch (error) {
        try {
          rmSync(partial, { force: true });
        } catch {
          // there was no folder to write it in
        }
        return { written: false, bytes: 0, reason: (error as Error).message };
      }
    },
  };
}
