import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import type { StartMarks } from "./server.js";

// The entry point, kept small: it reads the configuration and starts opening the database (PGlite
// compiles its WebAssembly and starts PostgreSQL) while the rest of the server's modules load,
// then hands both to server.ts. docs/startup.md tells where a start's time goes.
async function main() {
  const marks: StartMarks = { main: performance.now() };
  const config = loadConfigOrExit();
  const opening = openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: `${config.dataDir}/pg`,
    poolSize: config.DATABASE_POOL_SIZE,
  }).then((database) => {
    marks.database = performance.now();
    return database;
  });
  const loading = import("./server.js").then((server) => {
    marks.modules = performance.now();
    return server;
  });
  const [{ startServer }, database] = await Promise.all([loading, opening]);
  await startServer(config, database, marks);
}

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
