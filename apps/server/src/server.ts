import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { EVENT_START_CHECK_MS } from "@atrium/domain";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { buildApp } from "./app.js";
import type { LoadedBundle } from "./code-cache.js";
import type { Config } from "./config.js";
import { createContext } from "./context.js";
import type { DatabaseHandle } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { createJobs } from "./infra/jobs.js";
import { installBuiltInCatalogue } from "./modules/assets/register.js";
import { ensurePremadeSpaces } from "./modules/scenes/premade-content.js";
import { createKeepAliveJob } from "./modules/wallet/keep-alive.js";
import { seedDemoContent } from "./seed/index.js";
import { version } from "./version.js";

/**
 * The server once main.ts has the configuration and the database (PGlite may still be opening in
 * its thread while the application is built): migrations -> premade spaces and seed -> listen; then, after the first request can be answered, the built-in
 * catalogue. SIGTERM drains and closes.
 */
export async function startServer(
  config: Config,
  database: DatabaseHandle,
  marks: StartMarks,
  code?: CompiledCode,
) {
  const redis = config.REDIS_URL
    ? new (await import("ioredis")).Redis(config.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
      })
    : null;
  await redis?.connect();

  const logger = pino({ level: config.LOG_LEVEL });
  const context = createContext({ config, database, redis, logger, version });
  const app = await buildApp({
    context,
    webDistDir: config.WEB_DIST_DIR ?? fileURLToPath(new URL("../../web/dist", import.meta.url)),
    logger,
  });

  marks.app = performance.now();
  await database.ready;
  const applied = await migrate(database);
  if (applied.length) app.log.info({ applied }, "migrations applied");
  // premade spaces are product content (the home page and the editor list them)
  const premade = await ensurePremadeSpaces(database);
  if (premade) app.log.info({ premade }, "premade spaces installed");
  if (config.SEED_DEMO) {
    const seeded = await seedDemoContent(context);
    if (seeded) app.log.info("demo content seeded on an empty database");
  }

  marks.seed = performance.now();
  /** How often the sandbox provider renews or ends subscriptions whose period is over. */
  const SANDBOX_CLOCK_MS = 60_000;
  // background work every instance runs; each job is safe to run on all of them at once
  const jobs = createJobs(logger);
  app.addHook("onClose", () => jobs.stop());
  jobs.every(60_000, "mail retry", () => context.mailer.retryFailed());
  // free slots past their month unpublish their space (rows claimed with SKIP LOCKED)
  jobs.every(config.SLOT_EXPIRY_INTERVAL_MS, "slot expiry", async () => {
    const unpublished = await app.scenes.expireFreeSlots();
    if (unpublished.length) logger.info({ unpublished }, "expired free slots");
  });
  // purchased slots pay 600 credits a month (slot and month claimed once across instances)
  const keepAlive = createKeepAliveJob({
    db: database.db,
    ledger: app.ledger,
    mailer: context.mailer,
    publicUrl: config.publicUrl,
    logger,
  });
  jobs.every(config.SLOT_KEEP_ALIVE_INTERVAL_MS, "slot keep-alive", async () => {
    const outcomes = await keepAlive.run();
    if (outcomes.length) logger.info({ outcomes }, "slot keep-alive");
  });
  // the sandbox provider's clock: due subscriptions renew or end, as Stripe's would
  const sandbox = app.paymentsSandbox;
  if (sandbox) {
    jobs.every(SANDBOX_CLOCK_MS, "sandbox subscription renewal", async () => {
      const outcome = await sandbox.renewDue();
      if (outcome.renewed.length || outcome.ended.length) {
        logger.info(outcome, "sandbox subscriptions renewed or ended");
      }
    });
  }
  // events that started tell their hosts' followers (each event claimed once across instances)
  jobs.every(EVENT_START_CHECK_MS, "event start notifications", async () => {
    await app.sceneEvents.notifyStarted();
  });

  const stopCatalogue = new AbortController();
  let catalogueInstall: Promise<void> = Promise.resolve();
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
      // a server stopped before its first answer still leaves its code cache for the next start,
      // once it has started: the cache is of what the start compiled
      if (code && marks.listening) saveCodeCache(code, app.log);
      stopCatalogue.abort();
      await catalogueInstall;
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
  marks.listening = performance.now();
  // the built-in catalogue (props, materials, skies, fonts) is product content, installed
  // whatever SEED_DEMO says; it is made in code, which takes seconds, so it runs once listening,
  // and once the first request is answered (or a second passed), so that answer does not wait
  // behind its database checks; requests meanwhile see the catalogue as far as it is stored
  catalogueInstall = afterFirstAnswer(app.server, 1000).then(() => {
    // the code cache holds what V8 compiled for the start and the first answer
    if (code && !closing) saveCodeCache(code, app.log);
    return closing
      ? undefined
      : installBuiltInCatalogue(context, stopCatalogue.signal)
          .then((entries) => {
            if (entries) app.log.info({ entries }, "built-in catalogue installed");
          })
          .catch((err) => app.log.error({ err }, "built-in catalogue install failed"));
  });
  app.log.info(
    { startMs: startTimings(marks), ...(code ? { compiledFrom: code.compiledFrom } : {}) },
    `Atrium ${version} on ${config.publicUrl} (database: ${database.kind})`,
  );
}

/** The server's bundle as main.ts loaded it (code-cache.ts). */
export type CompiledCode = Pick<LoadedBundle<unknown>, "compiledFrom" | "saveCache">;

function saveCodeCache(code: CompiledCode, log: FastifyBaseLogger) {
  const saved = code.saveCache();
  if (saved.written) log.info({ bytes: saved.bytes }, "code cache written for the next start");
  else if (saved.reason !== "in use") log.warn({ reason: saved.reason }, "code cache not written");
}

/** Resolves when the server has sent its first answer, or after `waitMs` without one. */
function afterFirstAnswer(server: Server, waitMs: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    timer.unref();
    server.once("request", (_request: IncomingMessage, response: ServerResponse) => {
      response.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/** performance.now() (ms since the process started) at each step of the start. */
export interface StartMarks {
  /** main.ts runs (Node itself and main's few modules are loaded). */
  main: number;
  /** The rest of the server's modules are loaded. */
  modules?: number;
  /** The database is open (it opens while the modules load and the application is built). */
  database?: number;
  /** The application is built (routes registered), after the modules. */
  app?: number;
  /** Migrations, premade spaces and the seed check are done. */
  seed?: number;
  listening?: number;
}

/**
 * How long each step took, for the start's log line: the database opens (from main) while the
 * modules load and then the application is built; migrations start when both are done.
 */
function startTimings(marks: StartMarks) {
  const round = (value: number | undefined) => Math.round(value ?? 0);
  return {
    node: round(marks.main),
    modules: round((marks.modules ?? marks.main) - marks.main),
    app: round((marks.app ?? 0) - (marks.modules ?? 0)),
    database: round((marks.database ?? marks.main) - marks.main),
    migrationsAndSeed: round((marks.seed ?? 0) - Math.max(marks.app ?? 0, marks.database ?? 0)),
    listen: round((marks.listening ?? 0) - (marks.seed ?? 0)),
    total: round(marks.listening),
    // processor time of the whole process (every thread) until listening: steadier than the
    // wall clock on a busy machine
    cpu: round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  };
}
