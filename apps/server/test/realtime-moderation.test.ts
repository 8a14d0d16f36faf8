import { relationMessages, voiceMessages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Moderation by the space's owner (issue 19, spec 1 §6): mute a visitor for everyone (chat and
// voice), remove a visitor, lock the chat, and the log of it all. What the owner decides holds on
// every app instance and on the visitor's next connection. With DATABASE_URL and REDIS_URL the
// visitors connect to a second app instance on the same PostgreSQL and Redis (B below), the owner
// acts through instance A; without them, both are the same instance.

const KEY = "/api/communicationInteractionService/key";
const BASE = "/api/communicationInteractionService";
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let t: TestApp;
let second: TestApp | null = null;
let urlA: string;
let urlB: string;
let ann: TestUser;
let bob: TestUser;
const clients: HubClient[] = [];

const urlOf = (app: TestApp) => {
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  urlA = urlOf(t);
  urlB = urlA;
  if (shared) {
    second = await createTestApp({}, { database: t.database });
    await second.app.listen({ port: 0, host: "127.0.0.1" });
    urlB = urlOf(second);
  }
  ann = await signUpUser(t, { name: "Ann Able" });
  bob = await signUpUser(t, { name: "Bob Baker" });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await second?.close();
  await t.close();
});

/** A new owner (one free slot each) and their published space. */
async function space(title: string) {
  const owner = await signUpUser(t, { name: "Olga Owner", plan: "standard" });
  return { owner, sceneId: (await publishedSpace(t, owner, { title })).sceneId };
}

async function enter(user: TestUser | null, sceneId: string, url: string) {
  const response = await clientFor(
    t,
    user,
  )({ method: "GET", url: `${KEY}${user ? "" : `?sceneId=${sceneId}`}` });
  expect(response.statusCode, response.body).toBe(200);
  const client = await connected(hubClient(url, response.json().accessToken));
  clients.push(client);
  await client.waitFor("MyUserId");
  const ack = await client.call("JoinScene", { sceneId });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  const entered = await client.waitFor<{
    instanceId: string;
    chatLocked: boolean;
    mutedByOwner: boolean;
    mutedUserIds: string[];
  }>("EnteredInstance");
  return { client, id: client.socket.id as string, entered };
}

const act = (user: TestUser | null, url: string, payload: Record<string, unknown>) =>
  clientFor(t, user)({ method: "POST", url: `${BASE}/liveuser/${url}`, payload });

describe("the space owner's moderation", () => {
  it("mutes a visitor for everyone: no chat, out of the voice chat, still so after reconnecting", async () => {
    const { owner, sceneId } = await space("Moderated place");
    const o = await enter(owner, sceneId, urlA);
    const a = await enter(ann, sceneId, urlB);
    const b = await enter(bob, sceneId, urlA);
    for (const visitor of [o, a, b]) {
      expect((await visitor.client.call("JoinVoice", {})).ok).toBe(true);
    }

    const muted = await act(owner, "mute", { sceneId, visitorId: a.id });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toMatchObject({
      sceneId,
      chatLocked: false,
      mutes: [{ userId: ann.userId, name: "Ann Able", guest: false, until: null }],
    });
    // everyone in the space is told; the others close their audio connections with Ann
    for (const visitor of [o, a, b]) {
      await visitor.client.waitFor(
        "SpaceMute",
        (p: { userId: string; muted: boolean }) => p.userId === ann.userId && p.muted,
      );
    }
    await b.client.waitFor(
      "VoiceState",
      (p: { visitorId: string; inVoice: boolean }) => p.visitorId === a.id && !p.inVoice,
    );
    // Ann (on the other app instance) can neither write nor talk
    expect(await a.client.call("SendPublicMessage", { text: "let me speak" })).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: relationMessages.mutedByOwner },
    });
    expect(await a.client.call("SendVoiceSignal", offer(b.id))).toMatchObject({ ok: false });
    expect(await a.client.call("JoinVoice", {})).toMatchObject({
      ok: false,
      error: { message: relationMessages.mutedByOwner },
    });
    // the others still can
    expect((await b.client.call("SendPublicMessage", { text: "bob here" })).ok).toBe(true);
    expect((await b.client.call("SendVoiceSignal", offer(o.id))).ok).toBe(true);

    // reconnecting does not lift it, on either app instance
    a.client.close();
    for (const url of [urlA, urlB]) {
      const again = await enter(ann, sceneId, url);
      expect(again.entered.mutedByOwner).toBe(true);
      expect(await again.client.call("SendPublicMessage", { text: "me again" })).toMatchObject({
        ok: false,
        error: { message: relationMessages.mutedByOwner },
      });
      expect(await again.client.call("JoinVoice", {})).toMatchObject({
        ok: false,
        error: { message: relationMessages.mutedByOwner },
      });
      again.client.close();
    }
    // a newcomer learns who is muted
    const c = await enter(null, sceneId, urlB);
    expect(c.entered.mutedByOwner).toBe(false);
    const ann2 = await enter(ann, sceneId, urlB);
    const d = await enter(bob, sceneId, urlA);
    expect(d.entered.mutedUserIds).toContain(ann.userId);

    // lifted: Ann writes and talks again, without reconnecting
    const lifted = await act(owner, "unmute", { sceneId, userId: ann.userId });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().mutes).toEqual([]);
    await ann2.client.waitFor("SpaceMute", (p: { muted: boolean }) => !p.muted);
    expect((await ann2.client.call("SendPublicMessage", { text: "thank you" })).ok).toBe(true);
    expect((await ann2.client.call("JoinVoice", {})).ok).toBe(true);
    for (const visitor of [o, b, c, ann2, d]) visitor.client.close();
  });

  it("a muted guest stays muted with a new guest key from the same address", async () => {
    const { owner, sceneId } = await space("Guests here");
    const o = await enter(owner, sceneId, urlA);
    const g = await enter(null, sceneId, urlB);
    const response = await act(owner, "mute", { sceneId, visitorId: g.id });
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json().mutes[0];
    expect(entry).toMatchObject({ guest: true, name: "Guest" });
    expect(entry.until).not.toBeNull();
    await g.client.waitFor("SpaceMute");
    g.client.close();
    const back = await enter(null, sceneId, urlA);
    expect(back.entered.mutedByOwner).toBe(true);
    expect(await back.client.call("SendPublicMessage", { text: "hi" })).toMatchObject({
      ok: false,
      error: { message: relationMessages.mutedByOwner },
    });
    o.client.close();
    back.client.close();
  });

  it("a returning muted guest is listed under their new guest id, and the owner lifts it by that id", async () => {
    const { owner, sceneId } = await space("Guests come back");
    const o = await enter(owner, sceneId, urlA);
    const g = await enter(null, sceneId, urlB);
    expect((await act(owner, "mute", { sceneId, visitorId: g.id })).statusCode).toBe(200);
    await g.client.waitFor("SpaceMute");
    g.client.close();
    const back = await enter(null, sceneId, urlA);
    const { userId: backUserId } = await back.client.waitFor<{ userId: string }>("MyUserId");
    expect(back.entered.mutedByOwner).toBe(true);
    // what the server enforces (by the guest's address) is what the owner's menu reads
    await o.client.waitFor(
      "SpaceMute",
      (p: { userId: string; muted: boolean }) => p.userId === backUserId && p.muted,
    );
    const state = await clientFor(
      t,
      owner,
    )({ method: "GET", url: `${BASE}/liveuser/moderation?sceneId=${sceneId}` });
    expect(state.json().mutes).toEqual([
      expect.objectContaining({ userId: backUserId, guest: true }),
    ]);
    const newcomer = await enter(bob, sceneId, urlB);
    expect(newcomer.entered.mutedUserIds).toEqual([backUserId]);
    // Unmute from the visitor menu names the guest as they are now
    const lifted = await act(owner, "unmute", { sceneId, userId: backUserId });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().mutes).toEqual([]);
    await back.client.waitFor(
      "SpaceMute",
      (p: { userId: string; muted: boolean }) => p.userId === backUserId && !p.muted,
    );
    expect((await back.client.call("SendPublicMessage", { text: "thanks" })).ok).toBe(true);
    for (const visitor of [o, back, newcomer]) visitor.client.close();
  });

  it("locks the chat: only the owner writes, everyone is told, newcomers too", async () => {
    const { owner, sceneId } = await space("Lecture hall");
    const o = await enter(owner, sceneId, urlA);
    const a = await enter(ann, sceneId, urlB);
    const locked = await act(owner, "chatlock", { sceneId, locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ chatLocked: true });
    await a.client.waitFor("ChatLock", (p: { locked: boolean }) => p.locked);
    expect(await a.client.call("SendPublicMessage", { text: "question" })).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: relationMessages.chatLocked },
    });
    expect((await o.client.call("SendPublicMessage", { text: "welcome all" })).ok).toBe(true);
    await a.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "welcome all");
    const late = await enter(bob, sceneId, urlA);
    expect(late.entered.chatLocked).toBe(true);
    expect((await late.client.call("SendPublicMessage", { text: "late" })).ok).toBe(false);
    // locking twice logs once; unlocking opens the chat again
    expect((await act(owner, "chatlock", { sceneId, locked: true })).statusCode).toBe(200);
    expect((await act(owner, "chatlock", { sceneId, locked: false })).json().chatLocked).toBe(
      false,
    );
    await a.client.waitFor("ChatLock", (p: { locked: boolean }) => !p.locked);
    expect((await a.client.call("SendPublicMessage", { text: "question" })).ok).toBe(true);

    const log = await clientFor(
      t,
      owner,
    )({ method: "GET", url: `${BASE}/liveuser/moderationlog?sceneId=${sceneId}` });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().map((entry: { action: string }) => entry.action)).toEqual([
      "unlockChat",
      "lockChat",
    ]);
    for (const visitor of [o, a, late]) visitor.client.close();
  });

  it("a removed visitor cannot chat or signal back into the instance by reconnecting; every action is in the owner's log", async () => {
    const { owner, sceneId } = await space("Removal place");
    const o = await enter(owner, sceneId, urlA);
    const b = await enter(bob, sceneId, urlB);
    expect((await o.client.call("JoinVoice", {})).ok).toBe(true);
    const removed = await act(owner, "remove", { sceneId, visitorId: b.id });
    expect(removed.statusCode, removed.body).toBe(200);
    await b.client.waitFor("RemovedFromInstance");
    const back = await enter(bob, sceneId, urlB);
    // placed in another instance of the space: his words and signals do not reach the first
    expect(back.entered.instanceId).not.toBe(o.entered.instanceId);
    expect((await back.client.call("SendPublicMessage", { text: "I am back" })).ok).toBe(true);
    expect((await back.client.call("JoinVoice", {})).ok).toBe(true);
    expect(await back.client.call("SendVoiceSignal", offer(o.id))).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: voiceMessages.otherInstance },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      o.client.events.some(
        (e) =>
          (e.name === "PublicMessage" && (e.payload as { text: string }).text === "I am back") ||
          e.name === "VoiceSignal",
      ),
    ).toBe(false);

    const mute = await act(owner, "mute", { sceneId, visitorId: back.id });
    expect(mute.statusCode, mute.body).toBe(200);
    const log = await clientFor(
      t,
      owner,
    )({ method: "GET", url: `${BASE}/liveuser/moderationlog?sceneId=${sceneId}&ipp=10` });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: "mute",
      actor: { userId: owner.userId, name: "Olga Owner" },
      target: { userId: bob.userId, name: "Bob Baker", guest: false },
      instanceId: back.entered.instanceId,
    });
    expect(entries[1]).toMatchObject({
      action: "remove",
      target: { userId: bob.userId },
      instanceId: o.entered.instanceId,
    });
    expect(Date.parse(entries[0].time)).toBeGreaterThanOrEqual(Date.parse(entries[1].time));
    const state = await clientFor(
      t,
      owner,
    )({ method: "GET", url: `${BASE}/liveuser/moderation?sceneId=${sceneId}` });
    expect(state.json()).toMatchObject({ chatLocked: false, mutes: [{ userId: bob.userId }] });
    for (const visitor of [o, back]) visitor.client.close();
  });

  it("answers bad input and other people's attempts with 400, 401, 403 and 404", async () => {
    const { owner, sceneId } = await space("Guarded place");
    const o = await enter(owner, sceneId, urlA);
    const a = await enter(ann, sceneId, urlA);
    expect((await act(null, "mute", { sceneId, visitorId: a.id })).statusCode).toBe(401);
    const notOwner = await act(bob, "mute", { sceneId, visitorId: a.id });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(relationMessages.notOwnerModerate);
    expect((await act(bob, "chatlock", { sceneId, locked: true })).statusCode).toBe(403);
    expect((await act(ann, "unmute", { sceneId, userId: bob.userId })).statusCode).toBe(403);
    expect((await act(owner, "mute", { sceneId, visitorId: "nobody" })).statusCode).toBe(404);
    expect((await act(owner, "mute", { sceneId, visitorId: o.id })).statusCode).toBe(400);
    expect((await act(owner, "unmute", { sceneId, userId: ann.userId })).statusCode).toBe(404);
    const bad = await act(owner, "chatlock", { sceneId, locked: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("locked");
    expect((await act(owner, "mute", { sceneId })).statusCode).toBe(400);
    for (const path of ["moderation", "moderationlog"]) {
      const other = await clientFor(
        t,
        ann,
      )({ method: "GET", url: `${BASE}/liveuser/${path}?sceneId=${sceneId}` });
      expect(other.statusCode).toBe(403);
    }
    const paging = await clientFor(
      t,
      owner,
    )({ method: "GET", url: `${BASE}/liveuser/moderationlog?sceneId=${sceneId}&ipp=0` });
    expect(paging.statusCode).toBe(400);
    o.client.close();
    a.client.close();
  });
});

function offer(to: string) {
  return { to, signal: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };
}
