import path from "node:path";
import v8 from "node:v8";

// The embedded database's place and start settings, read without the configuration's schema:
// main.ts starts PGlite's thread from them before zod and the rest of the server load
// (docs/startup.md). config.ts and openDatabase use the same.

/** DATA_DIR when it is not set. */
export const DEFAULT_DATA_DIR = "./data";

/**
 * PostgreSQL settings added to PGlite's own: its default 128 MB of shared buffers outgrows
 * PGlite's initial WebAssembly memory, and setting them up was a quarter of an open; one
 * process, one connection and the operating system's file cache need far less.
 */
export const PGLITE_START_PARAMS = ["-c", "shared_buffers=32MB"];

/**
 * V8 compiles PGlite's 9 MB of WebAssembly quickly (Liftoff) and recompiles the functions that
 * run often with its optimising compiler, on background threads. With the default threshold,
 * PostgreSQL's own start makes thousands of functions "hot": recompiling them cost about as much
 * processor time as the rest of the opening (0.8 s of processor time against 0.5 s), while the
 * server's start needs both cores. Ten times the threshold leaves those to Liftoff; a query that
 * runs long still gets optimised code (docs/startup.md). The setting is the process's, and only
 * WebAssembly reads it. main.ts sets it before it loads the server's code, the database thread
 * again: V8 checks a code cache against the process's settings (code-cache.ts), so they must be
 * the same when the cache is read as when it was written.
 */
export function useSlowWasmTiering() {
  v8.setFlagsFromString("--wasm-tiering-budget=100000000");
}

/** An environment variable as the configuration reads it: empty or blank is unset. */
export function setting(value: string | undefined) {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/** Where the embedded database lives, or null when DATABASE_URL names a PostgreSQL server. */
export function embeddedDatabaseDir(env: Record<string, string | undefined>) {
  if (setting(env.DATABASE_URL)) return null;
  return pgliteDirOf(path.resolve(setting(env.DATA_DIR) ?? DEFAULT_DATA_DIR));
}

export const pgliteDirOf = (dataDir: string) => `${dataDir}/pg`;
