// Cold start of the built server on an existing data directory (the embedded PGlite
// database already migrated and seeded) until the first 200 from /api/health.
// Baseline in the same run: a bare Node HTTP server started the same way.

import { median, report, round } from "../lib/report";
import { freePort, startAndWait, startAtrium, tempDataDir } from "../lib/server";

const BUDGET_MS = 1000;
const RUNS = 5;

const dataDir = tempDataDir();
// first start creates, migrates and seeds the database: not what is measured
await (await startAtrium(dataDir)).stop();

const atrium: number[] = [];
const bare: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const server = await startAtrium(dataDir);
  atrium.push(server.readyMs);
  await server.stop();

  const port = await freePort();
  const baseline = await startAndWait(
    process.execPath,
    ["-e", "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"],
    port,
    {},
    "/",
  );
  bare.push(baseline.readyMs);
  await baseline.stop();
}

const coldStartMs = median(atrium);
const baselineMs = median(bare);
report(
  "startup",
  {
    coldStartMs: round(coldStartMs),
    worstMs: round(Math.max(...atrium)),
    baselineBareNodeMs: round(baselineMs),
    ratio: round(coldStartMs / baselineMs, 2),
    budgetMs: BUDGET_MS,
    runs: RUNS,
  },
  coldStartMs <= BUDGET_MS,
);
