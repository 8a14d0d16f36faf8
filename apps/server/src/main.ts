import { embeddedDatabaseDir, PGLITE_START_PARAMS, pgliteDirOf } from "./db/embedded.js";
import { WorkerPglite } from "./db/pglite-thread.js";
import type { StartMarks } from "./server.js";

// The entry point, kept small. On the embedded database, its first step starts PGlite's thread
// (it compiles PGlite's WebAssembly and starts PostgreSQL there) from the two settings that
// place it, read raw; then the configuration is read and checked, and the rest of the server's
// modules load and server.ts builds the application while the database opens. docs/startup.md
// tells where a start's time goes.
async function main() {
  const marks: StartMarks = { main: performance.now() };
  const embeddedDir = embeddedDatabaseDir(process.env);
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
  const loading = import("./server.js").then((server) => {
    marks.modules = performance.now();
    return server;
  });
  const [{ ConfigError, loadConfig }, { openDatabase }] = await Promise.all([
    import("./config.js"),
    import("./db/client.js"),
  ]);
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
  const [{ startServer }, database] = await Promise.all([loading, opening]);
  await startServer(config, database, marks);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
