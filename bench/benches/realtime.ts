// The live hubs under load (issue 16's figures): simulated visitors in processes of their own
// (bench/lib/realtime-clients.ts) join one seeded public space on the built server (embedded
// defaults) as guests, which fills instances of 25, and send their avatar state at 10 Hz for
// 60 s. Measured: p99 latency from a visitor's send to another visitor's receipt (one clock:
// a scene instance's visitors are all in one client process), lost states (defined in
// realtime-clients.ts), the server's memory per connection (resident memory after everyone
// joined, less before) and CPU. The same visitors then drive a bare `ws` relay of the same
// batched ticks (bench/lib/realtime-relay.ts) in the same run. Throughput is compared per
// server CPU-second: at a fixed offered load both deliver the same states per second while
// they keep up, so what tells them apart is what one delivered state costs the server.
// Also: the connect-and-join time p95 of 200 visitors arriving at once (key, connection,
// JoinScene until its answer).
//
// Targets: p99 at most 100 ms, no state lost, Atrium's states per CPU-second at least 50% of
// the relay's. Quick local runs: BENCH_REALTIME_VISITORS, BENCH_REALTIME_SECONDS,
// BENCH_REALTIME_ARRIVALS (defaults 1000, 60, 200).

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { MAX_VISITORS_PER_INSTANCE, TRANSFORM_TICK_HZ } from "@atrium/domain";
import { percentile, report, round } from "../lib/report";
import {
  freePort,
  type RunningServer,
  root,
  serverEntry,
  startAndWait,
  tempDataDir,
  waitForBackgroundWork,
} from "../lib/server";

const VISITORS = Number(process.env.BENCH_REALTIME_VISITORS ?? 1000);
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS ?? 60);
const ARRIVALS = Number(process.env.BENCH_REALTIME_ARRIVALS ?? 200);
const CLIENT_PROCESSES = 2;
const SEND_HZ = 10;
const WARM_UP_MS = 3000;
const P99_TARGET_MS = 100;
const RATIO_TARGET = 0.5;
/** A public space of the demo content every empty database is seeded with. */
const SCENE = "demo-space-maya-chen-1";
const clientsEntry = path.join(root, "bench/lib/realtime-clients.ts");
const relayEntry = path.join(root, "bench/lib/realtime-relay.ts");
/** BENCH_REALTIME_PROFILE=DIR: the server and client processes write CPU profiles there. */
const profile = process.env.BENCH_REALTIME_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_REALTIME_PROFILE}`]
  : [];
const clock = () => performance.timeOrigin + performance.now();

/** Resident memory (bytes) and CPU time (seconds, user + system) of a process. */
function usage(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (clock ticks of 1/100 s)
  return { rss, cpu: ticks / 100 };
}

interface ClientProcess {
  child: ChildProcess;
  request<T>(message: Record<string, unknown>, answer: string): Promise<T>;
}

function clientProcess(): ClientProcess {
  const child = spawn(process.execPath, [...profile, "--import", "tsx", clientsEntry], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return {
    child,
    request<T>(message: Record<string, unknown>, answer: string) {
      return new Promise<T>((resolve, reject) => {
        const onMessage = (reply: { ev: string; message?: string }) => {
          if (reply.ev === "error") {
            child.off("message", onMessage);
            reject(new Error(reply.message));
          } else if (reply.ev === answer) {
            child.off("message", onMessage);
            resolve(reply as T);
          }
        };
        child.on("message", onMessage);
        child.once("exit", (code) => reject(new Error(`client process exited with ${code}`)));
        child.send(message);
      });
    },
  };
}

interface RunResult {
  sent: number;
  received: number;
  batches: number;
  lost: number;
  superseded: number;
  reordered: number;
  errors: number;
  foreign: number;
  latency: { count: number; p50: number; p99: number; max: number; hist: [number, number][] };
}

/** Connects the visitors (whole instances per client process), runs them, measures the server. */
async function drive(mode: "atrium" | "relay", server: RunningServer, clients: ClientProcess[]) {
  const pid = server.process.pid as number;
  const before = usage(pid);
  const instances = Math.ceil(VISITORS / MAX_VISITORS_PER_INSTANCE);
  const placements: Record<string, number>[] = [];
  let from = 0;
  const connectStarted = clock();
  // one process after the other, so that Atrium fills its instances in order and each
  // instance's visitors are in one process
  for (const [k, client] of clients.entries()) {
    const instancesHere = Math.ceil(instances / clients.length);
    const count = Math.max(0, Math.min(VISITORS - from, instancesHere * MAX_VISITORS_PER_INSTANCE));
    const { instances: placed } = await client.request<{ instances: Record<string, number> }>(
      {
        cmd: "connect",
        mode,
        url: server.url,
        sceneId: SCENE,
        from,
        count,
        perInstance: MAX_VISITORS_PER_INSTANCE,
        tickHz: TRANSFORM_TICK_HZ,
        k,
      },
      "connected",
    );
    placements.push(placed);
    from += count;
  }
  const connectMs = clock() - connectStarted;
  const seen = new Set<string>();
  for (const placed of placements) {
    for (const instance of Object.keys(placed)) {
      if (seen.has(instance)) throw new Error(`instance ${instance} spans two client processes`);
      seen.add(instance);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const joined = usage(pid);

  const startAt = clock() + 500;
  const measureFrom = startAt + WARM_UP_MS;
  const stopAt = measureFrom + SECONDS * 1000;
  let cpuAtStart = 0;
  let cpuAtStop = 0;
  setTimeout(() => (cpuAtStart = usage(pid).cpu), measureFrom - clock());
  setTimeout(() => (cpuAtStop = usage(pid).cpu), stopAt - clock());
  const results = await Promise.all(
    clients.map((client) =>
      client.request<RunResult>(
        { cmd: "run", startAt, measureFrom, stopAt, hz: SEND_HZ },
        "result",
      ),
    ),
  );
  const after = usage(pid);
  await Promise.all(clients.map((client) => client.request({ cmd: "leave" }, "left")));

  // one latency histogram of all the processes (buckets of 0.1 ms)
  const hist = new Map<number, number>();
  for (const result of results) {
    for (const [bucket, count] of result.latency.hist)
      hist.set(bucket, (hist.get(bucket) ?? 0) + count);
  }
  const total = [...hist.values()].reduce((sum, count) => sum + count, 0);
  const quantile = (p: number) => {
    let sum = 0;
    for (const bucket of [...hist.keys()].sort((a, b) => a - b)) {
      sum += hist.get(bucket) as number;
      if (sum >= Math.ceil((p / 100) * total)) return (bucket + 1) / 10;
    }
    return Number.POSITIVE_INFINITY;
  };
  const sum = (
    key:
      | "sent"
      | "received"
      | "batches"
      | "lost"
      | "superseded"
      | "reordered"
      | "errors"
      | "foreign",
  ) => results.reduce((acc, result) => acc + result[key], 0);
  const cpuSeconds = cpuAtStop - cpuAtStart;
  const received = sum("received");
  return {
    visitors: VISITORS,
    instances: seen.size,
    connectSeconds: round(connectMs / 1000),
    p50Ms: round(quantile(50)),
    p99Ms: round(quantile(99)),
    maxMs: round(Math.max(...results.map((result) => result.latency.max))),
    sent: sum("sent"),
    received,
    lost: sum("lost"),
    superseded: sum("superseded"),
    reordered: sum("reordered"),
    hubErrors: sum("errors"),
    foreign: sum("foreign"),
    statesPerSecond: round(received / SECONDS, 0),
    batchesPerSecond: round(sum("batches") / SECONDS, 0),
    cpuPercent: round((cpuSeconds / SECONDS) * 100),
    statesPerCpuSecond: round(received / Math.max(cpuSeconds, 0.01), 0),
    memoryPerConnectionKB: round((joined.rss - before.rss) / VISITORS / 1024),
    rssMB: round(after.rss / 1024 / 1024),
  };
}

const clients = Array.from({ length: CLIENT_PROCESSES }, clientProcess);
let atrium: RunningServer | null = null;
let relay: RunningServer | null = null;
const dataDir = tempDataDir();
try {
  atrium = await startAndWait(process.execPath, [...profile, serverEntry], await freePort(), {
    DATA_DIR: dataDir,
    TRUST_PROXY: "true",
  });
  await waitForBackgroundWork(atrium.url);
  const live = await drive("atrium", atrium, clients);

  // connect-and-join of visitors arriving at once, on the same server once the others left
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { joinMs } = await (clients[0] as ClientProcess).request<{ joinMs: number[] }>(
    { cmd: "arrive", url: atrium.url, sceneId: SCENE, from: 0, count: ARRIVALS },
    "arrived",
  );
  await (clients[0] as ClientProcess).request({ cmd: "leave" }, "left");
  await atrium.stop();
  atrium = null;

  relay = await startAndWait(
    process.execPath,
    [...profile, "--import", "tsx", relayEntry],
    await freePort(),
    {},
    "/health",
  );
  const bare = await drive("relay", relay, clients);

  const ratio = live.statesPerCpuSecond / bare.statesPerCpuSecond;
  const ok = live.p99Ms <= P99_TARGET_MS && live.lost === 0 && ratio >= RATIO_TARGET;
  report(
    "realtime",
    {
      seconds: SECONDS,
      sendHz: SEND_HZ,
      tickHz: TRANSFORM_TICK_HZ,
      atrium: live,
      relay: bare,
      throughputRatio: round(ratio, 2),
      deliveredRatio: round(live.statesPerSecond / bare.statesPerSecond, 2),
      joinP95Ms: round(percentile(joinMs, 95)),
      joinMaxMs: round(Math.max(...joinMs)),
      arrivals: ARRIVALS,
      p99TargetMs: P99_TARGET_MS,
      ratioTarget: RATIO_TARGET,
    },
    ok,
  );
} finally {
  for (const client of clients) {
    if (client.child.exitCode === null) client.child.send({ cmd: "close" });
  }
  await atrium?.stop();
  await relay?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
