import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundle } from "./code-cache.js";
import {
  embeddedDatabaseDir,
  PGLITE_START_PARAMS,
  pgliteDirOf,
  useSlowWasmTiering,
} from "./db/embedded.js";
import { WorkerPglite } from "./db/pglite-thread.js";
import type { CompiledCode, StartMarks } from "./server.js";

type ServerBundle = typeof import("./server-bundle.js");

// The entry point of the build, kept small. On the embedded database, its first step starts
// PGlite's thread (it compiles PGlite's WebAssembly and starts PostgreSQL there) from the two
// settings that place it, read raw; then the rest of the server (dist/server.cjs, one bundle)
// loads through V8's code cache, the configuration is read and checked, and server.ts builds
// the application while the database opens. docs/startup.md tells where a start's time goes.
async function main() {
  const marks: StartMarks = { main: performance.now() };
  const embeddedDir = embeddedDatabaseDir(process.env);
  // before the server's code loads, whatever the database: V8 checks its code cache against the
  // process's settings, so they are the same at every start (code-cache.ts)
  useSlowWasmTiering();
  const pgliteWorker = embeddedDir
    ? new WorkerPglite({ dataDir: embeddedDir, startParams: PGLITE_START_PARAMS })
    : undefined;
  void pgliteWorker?.ready.then(
    () => (marks.database = performance.now()),
    () => {},
  );
  // without its database thread the server can answer nothing: exit, to be started again
  void pgliteWorker?.lost.then((error) => {
    console.error(`${error.message}: exiting`);
    process.exit(1);
  });
  // stack traces name the TypeScript source when Node runs with --enable-source-maps (npm start);
  // Node 20 maps only the files its own loaders compiled
  if (process.sourceMapsEnabled) (await import("source-map-support")).install();
  const server = await loadServer();
  marks.modules = performance.now();
  const { ConfigError, loadConfig, openDatabase, startServer } = server.exports;
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(78);
      }
      throw error;
    }
  })();
  const pgliteDataDir = pgliteDirOf(config.dataDir);
  if (pgliteWorker && (config.DATABASE_URL || pgliteDataDir !== embeddedDir)) {
    throw new Error(`the embedded database started in ${embeddedDir}, not ${pgliteDataDir}`);
  }
  const opening = openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir,
    ...(pgliteWorker ? { pgliteWorker } : {}),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  // PostgreSQL's pool is open when openDatabase resolves
  if (!pgliteWorker)
    void opening.then(
      () => (marks.database = performance.now()),
      () => {},
    );
  await startServer(config, await opening, marks, server.code);
}

/**
 * The rest of the server: built, dist/server.cjs through V8's code cache; from the TypeScript
 * source (tsx, as the process tests run it), its modules.
 */
async function loadServer(): Promise<{ exports: ServerBundle; code?: CompiledCode }> {
  if (import.meta.url.endsWith(".ts")) {
    // a name the build does not follow: the built main.js never loads the source
    const source = "./server-bundle.js";
    return { exports: (await import(source)) as ServerBundle };
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundle = loadBundle<ServerBundle>(
    path.join(here, "server.cjs"),
    path.join(here, ".code-cache"),
    // the packages the server loads when used resolve from here, beside the bundle
    (specifier) => import(specifier),
  );
  return { exports: bundle.exports, code: bundle };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
