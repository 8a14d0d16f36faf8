// Sign-in cost at the chosen argon2id parameters: sign-ins per second per core, and how one
// sign-in's server time (Server-Timing of POST /api/auth/login on the built server: rate
// limits, lookup, verify, new session, answer) compares with the bare argon2 verify inside
// it. Target: at most 1.2. Measured within each request, the ratio holds on a busy machine;
// a bare verify in this process and the client's round trip are reported beside it.
// BENCH_DATABASE_URL runs the server on PostgreSQL instead of the embedded PGlite.

import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { ARGON2_PARAMETERS } from "../../apps/server/src/modules/accounts/passwords";
import { median, percentile, report, round } from "../lib/report";
import { startAtrium, tempDataDir } from "../lib/server";

const RATIO_TARGET = 1.2;
const RUNS = 40;
const WARM_UP = 5;
const password = "bench password that is long enough";
const email = `bench-${Date.now()}@example.test`;

// every request comes from an address of its own (through TRUST_PROXY), so the per-address
// limits measure nothing here: the cost of a sign-in is what is measured
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const server = await startAtrium(tempDataDir(), {
  TRUST_PROXY: "true",
  SEED_DEMO: "false",
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
try {
  const signUp = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password, name: "Bench" }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);

  const serverTimes: number[] = [];
  const argon2Times: number[] = [];
  const signIn = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    const header = response.headers.get("server-timing") ?? "";
    const app = /app;dur=([\d.]+)/.exec(header);
    const argon2 = /argon2;dur=([\d.]+)/.exec(header);
    if (!app || !argon2) throw new Error("no Server-Timing on the sign-in answer");
    serverTimes.push(Number(app[1]));
    argon2Times.push(Number(argon2[1]));
    return performance.now() - started;
  };

  const storedHash = await hash(password, ARGON2_PARAMETERS);
  const bareVerify = async () => {
    const started = performance.now();
    if (!(await verify(storedHash, password))) throw new Error("verify failed");
    return performance.now() - started;
  };

  for (let i = 0; i < WARM_UP; i++) {
    await signIn();
    await bareVerify();
  }
  // interleaved, so that both see the same machine load
  serverTimes.length = 0;
  argon2Times.length = 0;
  const roundTrips: number[] = [];
  const verifies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    roundTrips.push(await signIn());
    verifies.push(await bareVerify());
  }
  const signIns = [...serverTimes];
  const perRequestRatios = serverTimes.map((time, index) => time / argon2Times[index]!);

  // throughput with one request in flight per core
  const cores = availableParallelism();
  const windowMs = 4000;
  let completed = 0;
  const until = performance.now() + windowMs;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < until) {
        await signIn();
        completed += 1;
      }
    }),
  );

  const signInMs = median(signIns);
  const verifyMs = median(verifies);
  const ratio = median(perRequestRatios);
  report(
    "auth",
    {
      argon2: {
        memoryKiB: ARGON2_PARAMETERS.memoryCost,
        passes: ARGON2_PARAMETERS.timeCost,
        lanes: ARGON2_PARAMETERS.parallelism,
      },
      signInServerMs: round(signInMs),
      signInServerP95Ms: round(percentile(signIns, 95)),
      signInRoundTripMs: round(median(roundTrips)),
      argon2InSignInMs: round(median(argon2Times)),
      bareVerifyMs: round(verifyMs),
      ratio: round(ratio, 2),
      ratioToBenchVerify: round(signInMs / verifyMs, 2),
      ratioTarget: RATIO_TARGET,
      signInsPerSecondPerCore: round(1000 / signInMs),
      concurrentSignInsPerSecond: round((completed * 1000) / windowMs),
      cores,
      runs: RUNS,
    },
    ratio <= RATIO_TARGET,
  );
} finally {
  await server.stop();
}
