// The realtime bench's simulated visitors, in a process of their own (bench/benches/realtime.ts
// starts one or more): Socket.IO clients of Atrium's liveuserhub, or plain WebSocket clients of
// the bare relay (bench/lib/realtime-relay.ts). Driven by the parent over IPC:
//   { cmd: "connect", ... } -> { ev: "connected", ... }   (keys, connections, JoinScene)
//   { cmd: "run", startAt, measureFrom, stopAt }  -> { ev: "result", ... }
//   { cmd: "arrive", ... } -> { ev: "arrived", joinMs: [...] }   (n visitors at once)
//   { cmd: "close" } -> exits
//
// Each visitor sends its avatar state at `hz`. The state carries who sent it and its sequence
// number in the position (p = [sender, 1, seq]); the send times stay in this process, so the
// latency of a receipt is measured on one clock. Visitors of one scene instance are always in
// one process (the parent places them so).
//
// Lost, precisely: a state a visitor sent is lost for another visitor of its instance unless
// that visitor sees it, or the next state it sees from the sender was sent at most two tick
// periods after it (the server keeps one state per visitor per tick: a state may be superseded
// by one sent in the same tick, never by one sent two ticks later); and every sender's last
// state must reach every other visitor of its instance by the end.

import { HUB_NAMESPACES, HUB_PROTOCOL_VERSION, HUB_SOCKET_PATH } from "@atrium/domain";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";

type Mode = "atrium" | "relay";

interface Sim {
  index: number; // global visitor index
  instance: string;
  sendTimer: NodeJS.Timeout | null;
  seq: number;
  send(state: unknown): void;
  close(): void;
}

const clock = () => performance.timeOrigin + performance.now();
const MAX_SEQ = 4096;
const HIST_BUCKET_MS = 0.1;
const HIST_SIZE = 200_000; // up to 20 s
const latencyHistogram = new Uint32Array(HIST_SIZE);
let latencyCount = 0;
let latencyMax = 0;

let sims: Sim[] = [];
let offset = 0; // first global index held here
let sendTimes = new Float64Array(0); // (index - offset) * MAX_SEQ + seq
// receiver-local index -> sender global index -> last seq seen (-1 none)
let lastSeen = new Map<number, Map<number, number>>();
let measureFrom = Number.POSITIVE_INFINITY;
let tickMs = 1000 / 12;
let lost = 0;
let superseded = 0;
let reordered = 0;
let received = 0; // states of others received during the measured window
let batches = 0; // batched messages received during the measured window
let errors = 0;
let foreign = 0; // states of visitors of another process (never, when placed right)

function onBatch(receiver: number, states: { p: number[] }[]) {
  const now = clock();
  const counting = now >= measureFrom;
  if (counting) batches++;
  let seen = lastSeen.get(receiver);
  if (!seen) {
    seen = new Map();
    lastSeen.set(receiver, seen);
  }
  for (const state of states) {
    const sender = state.p[0] as number;
    const seq = state.p[2] as number;
    if (sender === receiver) continue;
    if (sender < offset || sender >= offset + sims.length) {
      foreign++;
      continue;
    }
    const base = (sender - offset) * MAX_SEQ;
    const sentAt = sendTimes[base + seq] as number;
    if (sentAt >= measureFrom) {
      const latency = now - sentAt;
      const bucket = Math.min(HIST_SIZE - 1, Math.floor(latency / HIST_BUCKET_MS));
      latencyHistogram[bucket] = (latencyHistogram[bucket] as number) + 1;
      latencyCount++;
      if (latency > latencyMax) latencyMax = latency;
      received++;
    }
    const last = seen.get(sender) ?? -1;
    if (seq <= last) {
      reordered++;
      continue;
    }
    for (let k = last + 1; k < seq; k++) {
      if (sentAt - (sendTimes[base + k] as number) > 2 * tickMs) lost++;
      else superseded++;
    }
    seen.set(sender, seq);
  }
}

function percentileOfHistogram(p: number) {
  const wanted = Math.ceil((p / 100) * latencyCount);
  let sum = 0;
  for (let i = 0; i < HIST_SIZE; i++) {
    sum += latencyHistogram[i] as number;
    if (sum >= wanted) return (i + 1) * HIST_BUCKET_MS;
  }
  return Number.POSITIVE_INFINITY;
}

// every visitor comes from an address of its own (the server runs with TRUST_PROXY), as real
// visitors do: the key endpoint's per-address limit is not what this bench measures
const addressOf = (index: number) => `10.77.${(index >> 8) & 255}.${index & 255}`;

async function hubKey(url: string, sceneId: string, index: number) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(
      `${url}/api/communicationInteractionService/key?sceneId=${encodeURIComponent(sceneId)}`,
      { headers: { "x-forwarded-for": addressOf(index) } },
    );
    if (response.ok) return ((await response.json()) as { accessToken: string }).accessToken;
    if (attempt >= 5) throw new Error(`key endpoint answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
  }
}

/** One Atrium visitor: key, connection, JoinScene; resolves once EnteredInstance arrived. */
async function atriumVisitor(url: string, sceneId: string, index: number): Promise<Sim> {
  const token = await hubKey(url, sceneId, index);
  const socket: Socket = io(`${url}${HUB_NAMESPACES.liveuserhub}`, {
    path: HUB_SOCKET_PATH,
    transports: ["websocket"],
    auth: { token, v: HUB_PROTOCOL_VERSION },
    forceNew: true,
    reconnection: false,
  });
  const joined = await new Promise<{ instanceId: string }>((resolve, reject) => {
    socket.once("connect_error", reject);
    socket.once("MyUserId", () => {
      socket.emit("JoinScene", { sceneId }, (ack: { ok: boolean; instanceId?: string }) => {
        if (ack.ok && ack.instanceId) resolve({ instanceId: ack.instanceId });
        else reject(new Error(`JoinScene refused: ${JSON.stringify(ack)}`));
      });
    });
  });
  socket.on("HubError", () => errors++);
  socket.on("Transforms", (batch: { states: { p: number[] }[] }) => onBatch(index, batch.states));
  return {
    index,
    instance: joined.instanceId,
    sendTimer: null,
    seq: 0,
    send: (state) => socket.emit("SendTransform", state),
    close: () => socket.close(),
  };
}

/** One visitor of the bare relay: a WebSocket in instance `index / 25`. */
async function relayVisitor(url: string, index: number, perInstance: number): Promise<Sim> {
  const instance = `relay.${Math.floor(index / perInstance)}`;
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/?i=${instance}`);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.on("message", (data) => {
    const batch = JSON.parse(String(data)) as { states?: { p: number[] }[] };
    if (batch.states) onBatch(index, batch.states);
  });
  return {
    index,
    instance,
    sendTimer: null,
    seq: 0,
    send: (state) => socket.send(JSON.stringify(state)),
    close: () => socket.close(),
  };
}

async function inBatches<T>(count: number, width: number, make: (i: number) => Promise<T>) {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    const part = await Promise.all(
      Array.from({ length: Math.min(width, count - start) }, (_, i) => make(start + i)),
    );
    out.push(...part);
  }
  return out;
}

interface ConnectCommand {
  cmd: "connect";
  mode: Mode;
  url: string;
  sceneId: string;
  from: number;
  count: number;
  perInstance: number;
  tickHz: number;
}

process.on("message", (message: Record<string, unknown>) => {
  void handle(message).catch((err: unknown) => {
    process.send?.({ ev: "error", message: err instanceof Error ? err.stack : String(err) });
  });
});

async function handle(message: Record<string, unknown>) {
  if (message.cmd === "connect") {
    const command = message as unknown as ConnectCommand;
    offset = command.from;
    latencyHistogram.fill(0);
    latencyCount = 0;
    latencyMax = 0;
    lastSeen = new Map();
    lost = superseded = reordered = received = batches = errors = foreign = 0;
    measureFrom = Number.POSITIVE_INFINITY;
    tickMs = 1000 / command.tickHz;
    sendTimes = new Float64Array(command.count * MAX_SEQ);
    // joined in order, a few at a time, so that Atrium fills its instances one after another
    sims = await inBatches(command.count, 5, (i) =>
      command.mode === "atrium"
        ? atriumVisitor(command.url, command.sceneId, command.from + i)
        : relayVisitor(command.url, command.from + i, command.perInstance),
    );
    const instances: Record<string, number> = {};
    for (const sim of sims) instances[sim.instance] = (instances[sim.instance] ?? 0) + 1;
    process.send?.({ ev: "connected", instances });
    return;
  }
  if (message.cmd === "run") {
    const { startAt, stopAt, hz } = message as { startAt: number; stopAt: number; hz: number };
    measureFrom = message.measureFrom as number;
    const period = 1000 / hz;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - clock())));
    const yaw = (index: number) => (index % 628) / 100;
    sims.forEach((sim, i) => {
      // spread the visitors' sends over one period, as real clients are
      const begin = (i * period) / sims.length;
      setTimeout(() => {
        const sendOne = () => {
          if (clock() >= stopAt || sim.seq >= MAX_SEQ) {
            if (sim.sendTimer) clearInterval(sim.sendTimer);
            sim.sendTimer = null;
            return;
          }
          const seq = sim.seq++;
          sendTimes[(sim.index - offset) * MAX_SEQ + seq] = clock();
          sim.send({ p: [sim.index, 1, seq], r: yaw(sim.index + seq), a: "walk", e: null });
        };
        sendOne();
        sim.sendTimer = setInterval(sendOne, period);
      }, begin);
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stopAt - clock()) + 1500));
    // every sender's last state must have reached every other visitor of its instance
    let finalMissing = 0;
    const byInstance = new Map<string, Sim[]>();
    for (const sim of sims)
      byInstance.set(sim.instance, [...(byInstance.get(sim.instance) ?? []), sim]);
    for (const members of byInstance.values()) {
      for (const receiver of members) {
        const seen = lastSeen.get(receiver.index);
        for (const sender of members) {
          if (sender === receiver || sender.seq === 0) continue;
          const last = seen?.get(sender.index) ?? -1;
          if (last < sender.seq - 1) finalMissing += sender.seq - 1 - last;
        }
      }
    }
    const sent = sims.reduce((sum, sim) => sum + sim.seq, 0);
    const hist: [number, number][] = [];
    latencyHistogram.forEach((count, bucket) => {
      if (count) hist.push([bucket, count]);
    });
    process.send?.({
      ev: "result",
      sent,
      received,
      batches,
      lost: lost + finalMissing,
      superseded,
      reordered,
      errors,
      foreign,
      latency: {
        count: latencyCount,
        p50: percentileOfHistogram(50),
        p99: percentileOfHistogram(99),
        max: latencyMax,
        hist,
      },
    });
    return;
  }
  if (message.cmd === "arrive") {
    // n visitors at once: key, connection and JoinScene, each timed from its start
    const { url, sceneId, from, count } = message as unknown as ConnectCommand;
    const times = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const started = clock();
        const sim = await atriumVisitor(url, sceneId, from + i);
        const ms = clock() - started;
        sims.push(sim);
        return ms;
      }),
    );
    process.send?.({ ev: "arrived", joinMs: times });
    return;
  }
  if (message.cmd === "leave") {
    for (const sim of sims) sim.close();
    sims = [];
    lastSeen = new Map();
    process.send?.({ ev: "left" });
    return;
  }
  if (message.cmd === "close") {
    for (const sim of sims) sim.close();
    process.exit(0);
  }
}
