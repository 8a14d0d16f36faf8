import { createHmac } from "node:crypto";
import { VOICE_SIGNAL_BURST, VOICE_SIGNALS_PER_SECOND, voiceMessages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_MESSAGES_PER_SECOND } from "../src/realtime/live-user-hub.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Voice (issue 19): the hub relays WebRTC signalling (offers, answers, ICE candidates, voice
// states) only between visitors of the same scene instance, only for visitors the space's
// communication ACL lets speak, never between a blocked pair; bad input gets a HubError.
// With DATABASE_URL and REDIS_URL, a second app instance on the same PostgreSQL and Redis
// relays between visitors connected to different app instances.

const KEY = "/api/communicationInteractionService/key";
const BASE = "/api/communicationInteractionService";
const ICE = [{ urls: "stun:stun.example.org:3478" }];
// time-limited TURN credentials (coturn's use-auth-secret): the secret stays on the server
const TURN = {
  ICE_SERVERS: JSON.stringify(ICE),
  TURN_URLS: "turn:turn.example.org:3478?transport=udp",
  TURN_SECRET: "coturn-static-auth-secret",
  TURN_TTL_SECONDS: "600",
};
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let t: TestApp;
let second: TestApp | null = null;
let baseUrl: string;
let secondUrl: string;
let owner: TestUser;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;
let sceneId: string;
let otherSceneId: string;
let quietSceneId: string;
const clients: HubClient[] = [];

const urlOf = (app: TestApp) => {
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

beforeAll(async () => {
  t = await createTestApp(TURN);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = urlOf(t);
  if (shared) {
    second = await createTestApp(TURN, { database: t.database });
    await second.app.listen({ port: 0, host: "127.0.0.1" });
    secondUrl = urlOf(second);
  }
  owner = await signUpUser(t, { name: "Olga Owner", plan: "standard" });
  ann = await signUpUser(t, { name: "Ann Able" });
  bob = await signUpUser(t, { name: "Bob Baker" });
  cat = await signUpUser(t, { name: "Cat Cole" });
  sceneId = (await publishedSpace(t, owner, { title: "Talking place" })).sceneId;
  const another = await signUpUser(t, { name: "Otto Other", plan: "standard" });
  otherSceneId = (await publishedSpace(t, another, { title: "Elsewhere" })).sceneId;
  const quiet = await signUpUser(t, { name: "Quinn Quiet", plan: "standard" });
  // only its owner and Ann may speak here
  quietSceneId = (
    await publishedSpace(t, quiet, {
      title: "Quiet place",
      communicationACLEnabled: true,
      userCommunicationACL: [ann.userId],
    })
  ).sceneId;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await second?.close();
  await t.close();
});

async function join(user: TestUser | null, scene = sceneId, url = baseUrl) {
  const response = await clientFor(
    t,
    user,
  )({
    method: "GET",
    url: `${KEY}${user ? "" : `?sceneId=${scene}`}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const client = await connected(hubClient(url, response.json().accessToken));
  clients.push(client);
  await client.waitFor("MyUserId");
  const ack = await client.call("JoinScene", { sceneId: scene });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return {
    client,
    id: client.socket.id as string,
    instanceId: (ack as { instanceId?: string }).instanceId,
  };
}

const offer = (to: string) => ({
  to,
  signal: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" },
});

describe("voice signalling within a scene instance", () => {
  it("hands the ICE servers to those who join, tells the others, and relays offer, answer, candidates and bye", async () => {
    const a = await join(ann);
    const b = await join(bob);
    expect(b.instanceId).toBe(a.instanceId);
    const joined = await a.client.call("JoinVoice", { muted: false });
    expect(joined).toMatchObject({ ok: true, iceServers: [ICE[0], {}], members: [] });
    const seen = await b.client.waitFor<{ visitorId: string; inVoice: boolean }>("VoiceState");
    expect(seen).toMatchObject({ visitorId: a.id, inVoice: true, muted: false });
    // a newcomer learns who is in voice already from the acknowledgement
    expect(await b.client.call("JoinVoice", {})).toMatchObject({
      ok: true,
      members: [{ visitorId: a.id, muted: false }],
    });
    expect((await a.client.call("SetVoiceState", { muted: true })).ok).toBe(true);
    await b.client.waitFor(
      "VoiceState",
      (p: { visitorId: string; muted: boolean }) => p.visitorId === a.id && p.muted,
    );

    expect(await a.client.call("SendVoiceSignal", offer(b.id))).toEqual({ ok: true });
    const relayed = await b.client.waitFor<{ from: string; signal: { type: string } }>(
      "VoiceSignal",
    );
    expect(relayed).toMatchObject({
      from: a.id,
      instanceId: a.instanceId,
      signal: { type: "offer" },
    });
    await b.client.call("SendVoiceSignal", { to: a.id, signal: { type: "answer", sdp: "v=0" } });
    await a.client.waitFor(
      "VoiceSignal",
      (p: { signal: { type: string } }) => p.signal.type === "answer",
    );
    await b.client.call("SendVoiceSignal", {
      to: a.id,
      signal: {
        type: "candidates",
        candidates: [
          {
            candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host",
            sdpMid: "0",
            sdpMLineIndex: 0,
          },
        ],
      },
    });
    await a.client.waitFor(
      "VoiceSignal",
      (p: { signal: { type: string } }) => p.signal.type === "candidates",
    );
    await a.client.call("SendVoiceSignal", { to: b.id, signal: { type: "bye" } });
    await b.client.waitFor(
      "VoiceSignal",
      (p: { signal: { type: string } }) => p.signal.type === "bye",
    );

    // leaving the voice chat: the others are told, further signals are refused
    expect((await a.client.call("LeaveVoice", {})).ok).toBe(true);
    await b.client.waitFor(
      "VoiceState",
      (p: { visitorId: string; inVoice: boolean }) => p.visitorId === a.id && !p.inVoice,
    );
    expect(await a.client.call("SendVoiceSignal", offer(b.id))).toMatchObject({
      ok: false,
      error: { code: "not-in-instance", message: voiceMessages.notInVoice },
    });
    a.client.close();
    b.client.close();
  });

  it("drops malformed messages with an error event, and limits signalling per visitor", async () => {
    const a = await join(ann);
    const b = await join(cat);
    await a.client.call("JoinVoice", {});
    for (const bad of [
      { to: b.id, signal: { type: "video" } },
      { to: b.id, signal: { type: "offer", sdp: 42 } },
      { signal: { type: "bye" } },
      { to: b.id, signal: { type: "candidates", candidates: [] } },
    ]) {
      expect(await a.client.call("SendVoiceSignal", bad)).toMatchObject({
        ok: false,
        error: { code: "bad-message", method: "SendVoiceSignal" },
      });
    }
    expect(a.client.events.filter((e) => e.name === "HubError").length).toBeGreaterThanOrEqual(4);
    // an offer above the signalling size limit
    expect(
      await a.client.call("SendVoiceSignal", {
        to: b.id,
        signal: { type: "offer", sdp: "x".repeat(20_000) },
      }),
    ).toMatchObject({ ok: false, error: { code: "too-large" } });
    // a flood well beyond VOICE_SIGNAL_BURST: what the bucket did not refill while it was sent
    // is refused (the refill counts: a busy machine sends the flood slowly)
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 3 * VOICE_SIGNAL_BURST }, () =>
        a.client.call("SendVoiceSignal", { to: b.id, signal: { type: "bye" } }),
      ),
    );
    const refilled = ((performance.now() - started) / 1000) * VOICE_SIGNALS_PER_SECOND;
    expect(answers.filter((ack) => ack.ok).length).toBeLessThanOrEqual(
      VOICE_SIGNAL_BURST + Math.ceil(refilled) + 1,
    );
    expect(answers.some((ack) => !ack.ok && ack.error.code === "rate-limited")).toBe(true);
    a.client.close();
    b.client.close();
  });

  it("lets a full instance's joint join through: a signalling burst beyond the hub's 40 a second", async () => {
    // in the other space's instance: the tests after this one count the first space's voice chat
    const a = await join(ann, otherSceneId);
    const b = await join(cat, otherSceneId);
    await a.client.call("JoinVoice", {});
    await b.client.call("JoinVoice", {});
    // what the most wanted visitor of 25 joining at once sends: an answer or a decline to every
    // other visitor's offer, and its own six connections' offers, candidates and evictions
    expect(VOICE_SIGNAL_BURST).toBeGreaterThan(SOCKET_MESSAGES_PER_SECOND);
    const answers = await Promise.all(
      Array.from({ length: VOICE_SIGNAL_BURST }, () =>
        a.client.call("SendVoiceSignal", { to: b.id, signal: { type: "bye" } }),
      ),
    );
    expect(answers.filter((ack) => !ack.ok)).toEqual([]);
    a.client.close();
    b.client.close();
  });

  it("gives signalling a budget of its own: avatar states at the hub's limit do not crowd it out, nor it them", async () => {
    const a = await join(ann);
    const b = await join(cat);
    await a.client.call("JoinVoice", {});
    // a second's worth of everything else, and more (the rest is dropped)
    const states = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        a.client.call("SendTransform", { p: [i, 0, 0], r: 0, a: "walk" }),
      ),
    );
    expect(states.some((ack) => !ack.ok && ack.error.code === "rate-limited")).toBe(true);
    // joining a voice chat still talks to six peers at once: offers and declines go through
    const signals = await Promise.all(
      Array.from({ length: 12 }, () => a.client.call("SendVoiceSignal", offer(b.id))),
    );
    expect(signals.every((ack) => ack.ok)).toBe(true);
    // and a flood of signalling (refused beyond its burst) leaves the avatar states alone; the
    // flood outruns three seconds of refill (each message reads the database: on a busy machine
    // handling a burst of them took long enough to refill the five over it)
    await b.client.call("JoinVoice", {});
    const flood = await Promise.all(
      Array.from({ length: VOICE_SIGNAL_BURST + 3 * VOICE_SIGNALS_PER_SECOND }, () =>
        b.client.call("SendVoiceSignal", { to: a.id, signal: { type: "bye" } }),
      ),
    );
    expect(flood.some((ack) => !ack.ok && ack.error.code === "rate-limited")).toBe(true);
    expect(await b.client.call("SendTransform", { p: [1, 0, 1], r: 0, a: "idle" })).toEqual({
      ok: true,
    });
    a.client.close();
    b.client.close();
  });

  it("refuses signalling messages for peers in other instances", async () => {
    const a = await join(ann);
    const elsewhere = await join(bob, otherSceneId);
    expect(elsewhere.instanceId).not.toBe(a.instanceId);
    await a.client.call("JoinVoice", {});
    await elsewhere.client.call("JoinVoice", {});
    expect(await a.client.call("SendVoiceSignal", offer(elsewhere.id))).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: voiceMessages.otherInstance },
    });
    expect(await a.client.call("SendVoiceSignal", offer("no-such-visitor"))).toMatchObject({
      ok: false,
      error: { message: voiceMessages.otherInstance },
    });
    expect(elsewhere.client.events.some((e) => e.name === "VoiceState")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(elsewhere.client.events.some((e) => e.name === "VoiceSignal")).toBe(false);
    a.client.close();
    elsewhere.client.close();
  });

  it("gives a blocked pair no connection, either way", async () => {
    const blocking = await clientFor(
      t,
      cat,
    )({
      method: "POST",
      url: `${BASE}/userblock`,
      payload: { userId: bob.userId },
    });
    expect(blocking.statusCode).toBe(200);
    const b = await join(bob);
    const c = await join(cat);
    await b.client.call("JoinVoice", {});
    await c.client.call("JoinVoice", {});
    for (const [from, to] of [
      [b, c],
      [c, b],
    ] as const) {
      expect(await from.client.call("SendVoiceSignal", offer(to.id))).toMatchObject({
        ok: false,
        error: { code: "not-allowed", message: voiceMessages.blocked },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.client.events.some((e) => e.name === "VoiceSignal")).toBe(false);
    expect(c.client.events.some((e) => e.name === "VoiceSignal")).toBe(false);
    b.client.close();
    c.client.close();
  });

  it("hands each visitor allowed to speak a fresh TURN credential naming them, never the secret", async () => {
    const a = await join(ann);
    const g = await join(null);
    for (const [visitor, who] of [
      [a, ann.userId],
      [g, g.id],
    ] as const) {
      const before = Math.floor(Date.now() / 1000);
      const ack = (await visitor.client.call("JoinVoice", {})) as {
        iceServers?: { urls: string[]; username: string; credential: string }[];
      };
      expect(ack.iceServers?.[0]).toEqual(ICE[0]);
      const turn = ack.iceServers?.[1];
      expect(turn?.urls).toEqual(["turn:turn.example.org:3478?transport=udp"]);
      const [expiry, name] = turn?.username.split(":") ?? [];
      expect(name).toBe(who);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
      // what coturn computes from its static-auth-secret
      expect(turn?.credential).toBe(
        createHmac("sha1", TURN.TURN_SECRET)
          .update(turn?.username ?? "")
          .digest("base64"),
      );
      expect(JSON.stringify(ack)).not.toContain(TURN.TURN_SECRET);
    }
    a.client.close();
    g.client.close();
  });

  it("lets only those the communication ACL names speak ('Communications are disabled')", async () => {
    const allowed = await join(ann, quietSceneId);
    const denied = await join(bob, quietSceneId);
    const guest = await join(null, quietSceneId);
    expect((await allowed.client.call("JoinVoice", {})).ok).toBe(true);
    for (const visitor of [denied, guest]) {
      const refused = await visitor.client.call("JoinVoice", {});
      expect(refused).toMatchObject({
        ok: false,
        error: { code: "not-allowed", message: voiceMessages.disabled },
      });
      // no TURN credential for who may not speak
      expect(refused).not.toHaveProperty("iceServers");
      expect(await visitor.client.call("SendVoiceSignal", offer(allowed.id))).toMatchObject({
        ok: false,
        error: { code: "not-in-instance" },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(allowed.client.events.some((e) => e.name === "VoiceSignal")).toBe(false);
    // before joining a space, nothing
    allowed.client.close();
    denied.client.close();
    guest.client.close();
  });
});

describe.skipIf(!shared)("voice signalling across two app instances", () => {
  it("relays between visitors of one scene instance connected to different app instances", async () => {
    const a = await join(ann, sceneId, baseUrl);
    const b = await join(bob, sceneId, secondUrl);
    expect(b.instanceId).toBe(a.instanceId);
    await a.client.call("JoinVoice", {});
    await b.client.waitFor("VoiceState", (p: { visitorId: string }) => p.visitorId === a.id);
    // the members connected to the other app instance are listed too (an earlier test's
    // visitors may still be leaving this instance on a busy machine: the list holds a, not only a)
    expect(await b.client.call("JoinVoice", {})).toMatchObject({
      ok: true,
      members: expect.arrayContaining([expect.objectContaining({ visitorId: a.id })]),
    });
    expect((await a.client.call("SendVoiceSignal", offer(b.id))).ok).toBe(true);
    await b.client.waitFor("VoiceSignal", (p: { from: string }) => p.from === a.id);
    expect(
      (await b.client.call("SendVoiceSignal", { to: a.id, signal: { type: "answer", sdp: "v=0" } }))
        .ok,
    ).toBe(true);
    await a.client.waitFor("VoiceSignal", (p: { from: string }) => p.from === b.id);
    // a visitor of another space on the other app instance stays out of reach
    const elsewhere = await join(cat, otherSceneId, secondUrl);
    expect(await a.client.call("SendVoiceSignal", offer(elsewhere.id))).toMatchObject({
      ok: false,
      error: { message: voiceMessages.otherInstance },
    });
    a.client.close();
    b.client.close();
    elsewhere.client.close();
  });
});
