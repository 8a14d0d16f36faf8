// Voice signalling (issue 19's first figure): 25 simulated visitors (node, socket.io-client, no
// real media) join one scene instance of the built server, stand at fixed random places, and
// then all join the voice chat at once. Each runs the viewer's peer rules
// (packages/domain rules/voice-peers.ts: the nearest six, accept while there is room or when
// wanted, decline otherwise, the greater id gives way when two offer at once) and exchanges
// offer, answer and a batch of ICE candidates per connection through the hub, as the browser
// does (SDP of a real audio offer's size). A connection counts as established when both sides
// have the other's description and candidates. Measured: for each visitor, the time from the
// moment everyone asked to join until its last connection was established (p95 and max over
// the 25), with every visitor's wanted peers connected or declined by then; the connections per
// visitor (never above six); refused signalling messages (rate limit or other).
//
// Target: p95 at most 3000 ms, no visitor above six connections, every visitor settled.

import {
  acceptVoiceOffer,
  HUB_NAMESPACES,
  HUB_PROTOCOL_VERSION,
  HUB_SOCKET_PATH,
  MAX_VISITORS_PER_INSTANCE,
  planVoiceConnections,
  recordVoiceDecline,
  selectVoicePeers,
  VOICE_MAX_PEERS,
} from "@atrium/domain";
import { io, type Socket } from "socket.io-client";
import { percentile, report, round } from "../lib/report";
import { startAtrium, tempDataDir } from "../lib/server";

const VISITORS = MAX_VISITORS_PER_INSTANCE;
const SCENE = "demo-space-maya-chen-1";
const SETTLE_MS = 12_000;
const P95_TARGET_MS = 3000;
/** A browser's audio-only offer is 2-4 KB of SDP. */
const FAKE_SDP = `v=0\r\n${"a=fake-line-of-an-audio-offer\r\n".repeat(100)}`;

interface Link {
  initiator: boolean;
  haveRemote: boolean;
  candidatesIn: boolean;
  done: boolean;
}

interface Visitor {
  id: string;
  socket: Socket;
  position: [number, number, number];
  positions: Map<string, [number, number, number]>;
  members: Set<string>;
  links: Map<string, Link>;
  declinedUntil: Map<string, number>;
  declines: Map<string, number>;
  /** signalling messages sent */
  sent: number;
  wanted: string[];
  lastEstablished: number;
  refusals: number;
  maxLinks: number;
  replan: ReturnType<typeof setTimeout> | null;
  joined: boolean;
}

// a fixed layout (same figures each run): a small LCG
let seed = 19;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

async function guestKey(url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(
      `${url}/api/communicationInteractionService/key?sceneId=${encodeURIComponent(SCENE)}`,
    );
    if (response.ok) return ((await response.json()) as { accessToken: string }).accessToken;
    await new Promise((resolve) => setTimeout(resolve, 250)); // the demo content is being seeded
  }
  throw new Error("no guest key for the demo space");
}

function connect(url: string, token: string) {
  const socket = io(`${url}${HUB_NAMESPACES.liveuserhub}`, {
    path: HUB_SOCKET_PATH,
    auth: { token, v: HUB_PROTOCOL_VERSION },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  return new Promise<Socket>((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const server = await startAtrium(tempDataDir());
let t0 = 0;
const refusedBy: Record<string, number> = {};
try {
  const visitors: Visitor[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const socket = await connect(server.url, await guestKey(server.url));
    const visitor: Visitor = {
      id: socket.id as string,
      socket,
      position: [round(random() * 30, 2), 0, round(random() * 30, 2)],
      positions: new Map(),
      members: new Set(),
      links: new Map(),
      declinedUntil: new Map(),
      declines: new Map(),
      sent: 0,
      wanted: [],
      lastEstablished: 0,
      refusals: 0,
      maxLinks: 0,
      replan: null,
      joined: false,
    };
    socket.on(
      "Transforms",
      (batch: { states: { visitorId: string; p: [number, number, number] }[] }) => {
        for (const state of batch.states) visitor.positions.set(state.visitorId, state.p);
      },
    );
    const ack = await socket.timeout(10_000).emitWithAck("JoinScene", { sceneId: SCENE });
    if (!ack.ok) throw new Error(`JoinScene refused: ${JSON.stringify(ack)}`);
    visitors.push(visitor);
  }
  for (const visitor of visitors) {
    visitor.socket.emit("SendTransform", { p: visitor.position, r: 0, a: "idle", e: null });
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const signal = (visitor: Visitor, to: string, body: Record<string, unknown>) => {
    visitor.sent++;
    visitor.socket
      .timeout(10_000)
      .emitWithAck("SendVoiceSignal", { to, signal: body })
      .then((ack: { ok: boolean; error?: { message: string } }) => {
        if (!ack.ok) {
          visitor.refusals++;
          // as the viewer does: drop that connection, try again later
          if (body.type !== "bye") {
            visitor.links.delete(to);
            recordVoiceDecline(visitor, to, Date.now());
          }
          const reason = ack.error?.message ?? "?";
          refusedBy[reason] = (refusedBy[reason] ?? 0) + 1;
        }
      })
      .catch(() => visitor.refusals++);
  };
  const established = (visitor: Visitor, peer: string, link: Link) => {
    if (!link.done && link.haveRemote && link.candidatesIn) {
      link.done = true;
      visitor.declines.delete(peer);
      visitor.lastEstablished = performance.now() - t0;
    }
  };
  const candidates = {
    type: "candidates",
    candidates: [
      {
        candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host",
        sdpMid: "0",
        sdpMLineIndex: 0,
      },
    ],
  };
  const open = (visitor: Visitor, to: string, initiator: boolean) => {
    const link: Link = { initiator, haveRemote: !initiator, candidatesIn: false, done: false };
    visitor.links.set(to, link);
    visitor.maxLinks = Math.max(visitor.maxLinks, visitor.links.size);
    return link;
  };
  const plan = (visitor: Visitor) => {
    const others = [...visitor.members].map((visitorId) => ({
      visitorId,
      position: visitor.positions.get(visitorId) ?? null,
    }));
    visitor.wanted = selectVoicePeers(visitor.position, others, new Set(visitor.links.keys()), {
      declinedUntil: visitor.declinedUntil,
      now: Date.now(),
    });
    const next = planVoiceConnections({
      wanted: visitor.wanted,
      connected: new Set(visitor.links.keys()),
      declinedUntil: visitor.declinedUntil,
      now: Date.now(),
    });
    for (const id of next.evict) {
      visitor.links.delete(id);
      signal(visitor, id, { type: "bye" });
    }
    for (const id of next.offer) {
      open(visitor, id, true);
      signal(visitor, id, { type: "offer", sdp: FAKE_SDP });
      setTimeout(() => signal(visitor, id, candidates), 20); // ICE gathering
    }
  };

  // as the viewer does (p2p-voice.ts): a new plan 20 ms after a decline, 200 ms after someone
  // joined or left, plus up to 100 ms of jitter
  const replanSoon = (visitor: Visitor, after = 20) => {
    visitor.replan ??= setTimeout(
      () => {
        visitor.replan = null;
        plan(visitor);
      },
      after + Math.random() * 100,
    );
  };
  for (const visitor of visitors) {
    visitor.socket.on("VoiceState", (state: { visitorId: string; inVoice: boolean }) => {
      if (state.inVoice) visitor.members.add(state.visitorId);
      else visitor.members.delete(state.visitorId);
      // as the viewer does: someone joined or left, so choose again soon (jittered)
      if (visitor.joined) replanSoon(visitor, 200);
    });
    visitor.socket.on(
      "VoiceSignal",
      ({ from, signal: body }: { from: string; signal: { type: string } }) => {
        visitor.members.add(from);
        if (body.type === "bye") {
          visitor.links.delete(from);
          recordVoiceDecline(visitor, from, Date.now());
          // as the viewer does: the next nearest is asked after a short jittered delay
          replanSoon(visitor);
          return;
        }
        if (body.type === "offer") {
          const existing = visitor.links.get(from);
          if (existing?.initiator && !existing.done && visitor.id < from) return; // they give way
          visitor.links.delete(from);
          const decision = acceptVoiceOffer({
            from,
            wanted: visitor.wanted,
            connected: new Set(visitor.links.keys()),
          });
          if (!decision.accept) {
            signal(visitor, from, { type: "bye" });
            return;
          }
          if (decision.evict) {
            visitor.links.delete(decision.evict);
            signal(visitor, decision.evict, { type: "bye" });
          }
          open(visitor, from, false);
          signal(visitor, from, { type: "answer", sdp: FAKE_SDP });
          setTimeout(() => signal(visitor, from, candidates), 20);
          return;
        }
        const link = visitor.links.get(from);
        if (!link) return;
        if (body.type === "answer") link.haveRemote = true;
        if (body.type === "candidates") link.candidatesIn = true;
        established(visitor, from, link);
      },
    );
  }

  // everyone asks to join the voice chat at once
  t0 = performance.now();
  await Promise.all(
    visitors.map(async (visitor) => {
      const ack = await visitor.socket.timeout(10_000).emitWithAck("JoinVoice", { muted: false });
      if (!ack.ok) throw new Error(`JoinVoice refused: ${JSON.stringify(ack)}`);
      for (const member of ack.members as { visitorId: string }[])
        visitor.members.add(member.visitorId);
      visitor.joined = true;
      plan(visitor);
    }),
  );
  const timers = visitors.map((visitor) => setInterval(() => plan(visitor), 1000));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (const timer of timers) clearInterval(timer);

  const times = visitors.map((visitor) => visitor.lastEstablished);
  const settled = visitors.filter((visitor) =>
    visitor.wanted.every(
      (id) => visitor.links.get(id)?.done || (visitor.declinedUntil.get(id) ?? 0) > 0,
    ),
  ).length;
  const links = visitors.map((visitor) => [...visitor.links.values()].filter((l) => l.done).length);
  const maxLinks = Math.max(...visitors.map((visitor) => visitor.maxLinks));
  const p95 = percentile(times, 95);
  report(
    "voice",
    {
      visitors: VISITORS,
      signallingP95Ms: round(p95),
      signallingMaxMs: round(Math.max(...times)),
      settled,
      connectionsPerVisitor: round(links.reduce((a, b) => a + b, 0) / links.length, 2),
      minConnections: Math.min(...links),
      maxConnectionsEver: maxLinks,
      signalsPerVisitor: round(visitors.reduce((sum, v) => sum + v.sent, 0) / visitors.length, 1),
      maxSignalsOfAVisitor: Math.max(...visitors.map((visitor) => visitor.sent)),
      refusedSignals: visitors.reduce((sum, visitor) => sum + visitor.refusals, 0),
      refusedBy,
      targetP95Ms: P95_TARGET_MS,
    },
    p95 <= P95_TARGET_MS && maxLinks <= VOICE_MAX_PEERS && settled === VISITORS,
  );
  for (const visitor of visitors) visitor.socket.disconnect();
} finally {
  await server.stop();
}
