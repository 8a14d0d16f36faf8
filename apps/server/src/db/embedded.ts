import path from "node:path";

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
