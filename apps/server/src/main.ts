import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { seedDemoContent } from "./seed/index.js";
import { version } from "./version.js";

// start: config -> database -> migrations -> seed -> listen; SIGTERM drains and closes
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: `${config.dataDir}/pg`,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : null;
  await redis?.connect();

  const context: AppContext = { config, database, redis, version };
  const app = await buildApp({
    context,
    webDistDir: config.WEB_DIST_DIR ?? fileURLToPath(new URL("../../web/dist", import.meta.url)),
    logger: { level: config.LOG_LEVEL },
  });

  const applied = await migrate(database);
  if (applied.length) app.log.info({ applied }, "migrations applied");
  if (config.SEED_DEMO) {
    const seeded = await seedDemoContent(context);
    if (seeded) app.log.info("demo content seeded on an empty database");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took over 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Atrium ${version} on ${config.publicUrl} (database: ${database.kind})`);
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
