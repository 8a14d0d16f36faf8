import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { type App, buildApp } from "../../src/app.js";
import { type Config, loadConfig } from "../../src/config.js";
import { type AppContext, createContext } from "../../src/context.js";
import { openDatabase } from "../../src/db/client.js";
import { version } from "../../src/version.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

export interface TestApp {
  app: App;
  context: AppContext;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application on a private database, driven through `app.inject` (no port).
 * Uses the machine's Redis when REDIS_URL is set, with a key prefix of its own.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { webDistDir?: string | null; database?: TestDatabase } = {},
): Promise<TestApp> {
  // a private data directory per app: stored files never leak between test files
  const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-test-"));
  const config: Config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    ...overrides,
  });
  // a second app instance on the same database (and the same Redis prefix) when given one
  const database = options.database ?? (await createTestDatabase());
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        keyPrefix: `test:${database.schema ?? Math.random().toString(36).slice(2)}:`,
        maxRetriesPerRequest: 2,
      })
    : null;
  const context: AppContext = createContext({
    config,
    database: database.handle,
    redis,
    logger: pino({ level: config.LOG_LEVEL }),
    version,
  });
  const app = await buildApp({ context, webDistDir: options.webDistDir ?? null });
  await app.ready();
  return {
    app,
    context,
    database,
    async close() {
      await app.close();
      await redis?.quit();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app instance on `first`'s database, as a second server would run: on PostgreSQL with
 * a connection pool of its own; on PGlite (one process) sharing the first one's. Close it
 * before the first.
 */
export async function createSecondInstance(first: TestApp): Promise<TestApp> {
  if (first.database.kind !== "postgres") return createTestApp({}, { database: first.database });
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolSize: 4,
    connectionOptions: `-c search_path=${first.database.schema},public`,
  });
  const second = await createTestApp(
    {},
    {
      database: {
        handle,
        kind: "postgres",
        schema: first.database.schema,
        drop: async () => {},
      },
    },
  );
  return {
    ...second,
    async close() {
      await second.close();
      await handle.close();
    },
  };
}
