import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createContext } from "../../src/context.js";
import { openDatabase } from "../../src/db/client.js";
import { version } from "../../src/version.js";

// Another app instance in a process of its own, on an already migrated test schema and the
// test's Redis prefix: started by the cross-instance tests, which kill it with SIGKILL to
// see what a crashed instance leaves behind. Prints `port=N` once it listens.
// argv: schema, redis key prefix.
const [schema, keyPrefix] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!schema || !keyPrefix || !databaseUrl || !redisUrl) {
  throw new Error("usage: app-process <schema> <redis prefix> with DATABASE_URL and REDIS_URL");
}
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-test-")),
  REDIS_URL: redisUrl,
});
const database = await openDatabase({
  databaseUrl,
  poolSize: 2,
  connectionOptions: `-c search_path=${schema},public`,
});
const redis = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 2 });
const context = createContext({
  config,
  database,
  redis,
  logger: pino({ level: "silent" }),
  version,
});
const app = await buildApp({ context, webDistDir: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`port=${typeof address === "object" && address ? address.port : 0}\n`);
