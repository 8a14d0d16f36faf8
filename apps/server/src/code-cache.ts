import { createHash } from "node:crypto";
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
  /** How the bundle was compiled: from the cache, or parsed (no cache, or V8 rejected it). */
  compiledFrom: "cache" | "source";
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
  `(function (exports, require, module, __filename, __dirname, __atriumImport) { ${source}\n});`;

export type ImportFunction = (specifier: string) => Promise<unknown>;

export function cacheFileOf(bundle: string, source: string | Buffer, cacheDir: string) {
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
  const compiledFrom = cachedData && !script.cachedDataRejected ? "cache" : "source";
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
      const data = script.createCachedData();
      try {
        mkdirSync(cacheDir, { recursive: true });
        // written whole, then renamed: a start at the same moment reads no half-written cache
        const partial = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(partial, data);
        renameSync(partial, cacheFile);
        // an older build's cache is never read again
        for (const name of readdirSync(cacheDir)) {
          const file = path.join(cacheDir, name);
          if (
            name.startsWith(`${path.basename(bundle)}-`) &&
            file !== cacheFile &&
            name.endsWith(".v8")
          )
            rmSync(file, { force: true });
        }
        return { written: true, bytes: data.length };
      } catch (error) {
        return { written: false, bytes: 0, reason: (error as Error).message };
      }
    },
  };
}
