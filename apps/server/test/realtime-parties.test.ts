import {
  MAX_VISITORS_PER_INSTANCE,
  PARTY_FOLLOW_COUNTDOWN_MS,
  partyMessages,
} from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Parties (issue 19): the REST calls (party, partyinvitation), invitations arriving live on the
// notificationhub and liveuserhub, the party chat, leaving and handing over the lead, blocks,
// and travelling together: the leader enters a space, seats are held in that instance and the
// members are told to follow; their JoinScene lands them in the same instance. With
// DATABASE_URL and REDIS_URL, the members' connections are on a second app instance (same
// PostgreSQL, same Redis), so every push crosses app instances through the Redis adapter.

const BASE = "/api/communicationInteractionService";
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let t: TestApp;
let second: TestApp;
const apps: TestApp[] = [];
let lea: TestUser;
let mo: TestUser;
let al: TestUser;
let bo: TestUser;
let cy: TestUser;
let sceneA: string;
let sceneB: string;
const clients: HubClient[] = [];

const urlOf = (app: TestApp) => {
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  apps.push(t);
  second = t;
  if (shared) {
    second = await createTestApp({}, { database: t.database });
    await second.app.listen({ port: 0, host: "127.0.0.1" });
    apps.unshift(second);
  }
  lea = await signUpUser(t, { name: "Lea Leader", plan: "standard" });
  mo = await signUpUser(t, { name: "Mo Member" });
  al = await signUpUser(t, { name: "Al Along" });
  bo = await signUpUser(t, { name: "Bo Blocker" });
  cy = await signUpUser(t, { name: "Cy Curious" });
  sceneA = (await publishedSpace(t, lea, { title: "Square A" })).sceneId;
  const gardener = await signUpUser(t, { name: "Gia Gardener", plan: "standard" });
  sceneB = (await publishedSpace(t, gardener, { title: "Garden B" })).sceneId;
});
afterAll(async () => {
  for (const client of clients) client.close();
  for (const app of apps) await app.close();
});

const api = (user: TestUser | null, app = t) => clientFor(app, user);

async function hub(user: TestUser, app: TestApp, name: "liveuserhub" | "notificationhub") {
  const key = await api(user, app)({ method: "GET", url: `${BASE}/key` });
  expect(key.statusCode, key.body).toBe(200);
  const client = await connected(hubClient(urlOf(app), key.json().accessToken, name));
  clients.push(client);
  if (name === "liveuserhub") await client.waitFor("MyUserId");
  return client;
}

async function enter(client: HubClient, sceneId: string) {
  const ack = (await client.call("JoinScene", { sceneId })) as { ok: boolean; instanceId?: string };
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return ack.instanceId as string;
}

async function myParty(user: TestUser, app = t) {
  const response = await api(user, app)({ method: "GET", url: `${BASE}/party` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0] as
    | {
        partyId: string;
        leaderId: string;
        members: { userId: string; leader: boolean; online: boolean }[];
        invited: { invitee: { userId: string } }[];
      }
    | undefined;
}

async function invite(from: TestUser, to: TestUser, app = t, sceneId?: string) {
  const response = await api(
    from,
    app,
  )({
    method: "POST",
    url: `${BASE}/partyinvitation`,
    payload: { userId: to.userId, ...(sceneId ? { sceneId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { invitationId: string; partyId: string; status: string };
}

describe("parties over REST", () => {
  it("documents its calls in the OpenAPI description", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of [
      "party",
      "party/{id}",
      "party/{id}/leave",
      "party/{id}/messages",
      "partyinvitation",
      "partyinvitation/{id}",
      "partyinvitation/{id}/accept",
      "partyinvitation/{id}/decline",
    ]) {
      expect(Object.keys(spec.paths)).toContain(`${BASE}/${path}`);
    }
  });

  it("answers 401 signed out and 400 with the field for bad input", async () => {
    expect((await api(null)({ method: "GET", url: `${BASE}/party` })).statusCode).toBe(401);
    expect(
      (
        await api(null)({
          method: "POST",
          url: `${BASE}/partyinvitation`,
          payload: { userId: mo.userId },
        })
      ).statusCode,
    ).toBe(401);
    const missing = await api(cy)({ method: "POST", url: `${BASE}/partyinvitation`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("userId");
    const self = await api(cy)({
      method: "POST",
      url: `${BASE}/partyinvitation`,
      payload: { userId: cy.userId },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(partyMessages.self);
    const nobody = await api(cy)({
      method: "POST",
      url: `${BASE}/partyinvitation`,
      payload: { userId: "no-such-user" },
    });
    expect(nobody.statusCode).toBe(400);
    const long = await api(cy)({
      method: "POST",
      url: `${BASE}/party/x/messages`,
      payload: { text: "x".repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect((await api(cy)({ method: "GET", url: `${BASE}/party/unknown` })).statusCode).toBe(404);
    expect(
      (await api(cy)({ method: "POST", url: `${BASE}/partyinvitation/unknown/accept` })).statusCode,
    ).toBe(404);
    // starting a party twice
    expect((await api(cy)({ method: "POST", url: `${BASE}/party` })).statusCode).toBe(201);
    const again = await api(cy)({ method: "POST", url: `${BASE}/party` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(partyMessages.alreadyInParty);
    const party = await myParty(cy);
    expect(party?.members).toMatchObject([{ userId: cy.userId, leader: true, online: false }]);
    // a stranger may not read it
    expect(
      (await api(mo)({ method: "GET", url: `${BASE}/party/${party?.partyId}` })).statusCode,
    ).toBe(403);
    expect(
      (await api(cy)({ method: "POST", url: `${BASE}/party/${party?.partyId}/leave` })).statusCode,
    ).toBe(204);
    expect(await myParty(cy)).toBeUndefined();
  });
});

describe("a party across two app instances", () => {
  let leaLive: HubClient;
  let moLive: HubClient;
  let moBell: HubClient;
  let alLive: HubClient;
  let partyId: string;

  it("delivers an invitation live (bell and viewer) on another app instance; accepting joins", async () => {
    leaLive = await hub(lea, t, "liveuserhub");
    moLive = await hub(mo, second, "liveuserhub");
    moBell = await hub(mo, second, "notificationhub");
    await enter(leaLive, sceneA);
    await enter(moLive, sceneA);
    const sent = await invite(lea, mo, t, sceneA);
    partyId = sent.partyId;
    expect(sent.status).toBe("pending");
    const live = await moLive.waitFor<{
      invitation: { invitationId: string; inviter: { name: string } };
    }>("PartyInvited");
    expect(live.invitation).toMatchObject({
      invitationId: sent.invitationId,
      inviter: { name: "Lea Leader" },
    });
    const bell = await moBell.waitFor<{
      notification: { id: string; type: string; sceneId: string; actor: { userId: string } };
    }>("Notification");
    expect(bell.notification).toMatchObject({
      type: "partyInvitation",
      sceneId: sceneA,
      actor: { userId: lea.userId },
    });
    const received = await api(mo, second)({ method: "GET", url: `${BASE}/partyinvitation` });
    expect(received.json().map((i: { invitationId: string }) => i.invitationId)).toEqual([
      sent.invitationId,
    ]);
    // inviting twice
    const twice = await api(lea)({
      method: "POST",
      url: `${BASE}/partyinvitation`,
      payload: { userId: mo.userId },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(partyMessages.alreadyInvited);

    const accepted = await api(
      mo,
      second,
    )({ method: "POST", url: `${BASE}/partyinvitation/${sent.invitationId}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // the bell's invitation is answered: read now, and Mo's open tabs are told
    const answered = await moBell.waitFor<{ change: string; ids: string[]; unreadCount: number }>(
      "Notification",
      (event: { change: string }) => event.change === "read",
    );
    expect(answered).toMatchObject({ ids: [bell.notification.id], unreadCount: 0 });
    const bellList = await api(
      mo,
      second,
    )({ method: "GET", url: "/api/notificationService/notification" });
    expect(
      bellList
        .json()
        .filter((n: { type: string }) => n.type === "partyInvitation")
        .map((n: { read: boolean }) => n.read),
    ).toEqual([true]);
    await leaLive.waitFor("PartyChanged", (p: { partyId: string }) => p.partyId === partyId);
    const party = await myParty(lea);
    expect(party?.leaderId).toBe(lea.userId);
    expect(party?.members.map((m) => [m.userId, m.leader, m.online])).toEqual([
      [lea.userId, true, true],
      [mo.userId, false, true],
    ]);
    expect(party?.invited).toEqual([]);
    // answering twice
    const again = await api(
      mo,
      second,
    )({ method: "POST", url: `${BASE}/partyinvitation/${sent.invitationId}/decline` });
    expect(again.statusCode).toBe(409);
  });

  it("never delivers an invitation to someone who blocked the inviter, and does not tell the inviter", async () => {
    const block = await api(bo)({
      method: "POST",
      url: `${BASE}/userblock`,
      payload: { userId: lea.userId },
    });
    expect(block.statusCode).toBe(200);
    const boLive = await hub(bo, second, "liveuserhub");
    const boBell = await hub(bo, second, "notificationhub");
    const hidden = await invite(lea, bo);
    expect(hidden.status).toBe("pending");
    // the inviter sees it pending like any other
    expect((await myParty(lea))?.invited.map((i) => i.invitee.userId)).toEqual([bo.userId]);
    // someone else's invitation arrives; the blocked one never did (events keep their order)
    const other = await invite(cy, bo, second);
    const first = await boLive.waitFor<{ invitation: { invitationId: string } }>("PartyInvited");
    expect(first.invitation.invitationId).toBe(other.invitationId);
    const bell = await boBell.waitFor<{ notification: { actor: { userId: string } } }>(
      "Notification",
    );
    expect(bell.notification.actor.userId).toBe(cy.userId);
    expect(boLive.events.filter((e) => e.name === "PartyInvited")).toHaveLength(1);
    const list = await api(bo)({ method: "GET", url: `${BASE}/partyinvitation` });
    expect(list.json().map((i: { invitationId: string }) => i.invitationId)).toEqual([
      other.invitationId,
    ]);
    expect(
      (
        await api(bo)({
          method: "POST",
          url: `${BASE}/partyinvitation/${hidden.invitationId}/accept`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api(bo)({ method: "GET", url: `${BASE}/partyinvitation/${hidden.invitationId}` }))
        .statusCode,
    ).toBe(404);
    // declining the other one
    expect(
      (
        await api(bo)({
          method: "POST",
          url: `${BASE}/partyinvitation/${other.invitationId}/decline`,
        })
      ).statusCode,
    ).toBe(204);
    // the one who blocked cannot be invited by the blocker's side either way: the blocker is told
    const back = await api(bo)({
      method: "POST",
      url: `${BASE}/partyinvitation`,
      payload: { userId: lea.userId },
    });
    expect(back.statusCode).toBe(403);
    expect(back.json().message).toBe(partyMessages.blockedByYou);
  });

  it("carries the party chat to the members on both app instances", async () => {
    const sent = await api(
      mo,
      second,
    )({
      method: "POST",
      url: `${BASE}/party/${partyId}/messages`,
      payload: { text: "  hello party  " },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const heard = await leaLive.waitFor<{ text: string; user: { userId: string } }>("PartyMessage");
    expect(heard).toMatchObject({ text: "hello party", user: { userId: mo.userId } });
    const history = await api(lea)({ method: "GET", url: `${BASE}/party/${partyId}/messages` });
    expect(history.json().map((m: { text: string }) => m.text)).toEqual(["hello party"]);
    expect(
      (await api(al)({ method: "GET", url: `${BASE}/party/${partyId}/messages` })).statusCode,
    ).toBe(403);
  });

  it("takes the members into the leader's instance, with seats held where the whole party fits", async () => {
    alLive = await hub(al, second, "liveuserhub");
    await enter(alLive, sceneA);
    const toAl = await invite(mo, al, second); // any member invites
    await api(
      al,
      second,
    )({ method: "POST", url: `${BASE}/partyinvitation/${toAl.invitationId}/accept` });
    // Garden B's first instance has 23 visitors: the party of three does not fit there
    const presence = t.app.realtime.presence;
    const crowd = Array.from({ length: MAX_VISITORS_PER_INSTANCE - 2 }, (_, i) => ({
      visitorId: `crowd-${i}`,
      userId: `guest-crowd-${i}`,
      name: `Crowd ${i}`,
      profilePicture: null,
      guest: true,
      avatarId: null,
    }));
    for (const visitor of crowd) {
      expect((await presence.join(sceneB, visitor, MAX_VISITORS_PER_INSTANCE)).instanceId).toBe(
        `${sceneB}.1`,
      );
    }
    const leaderAt = await enter(leaLive, sceneB);
    expect(leaderAt).toBe(`${sceneB}.2`);
    for (const member of [moLive, alLive]) {
      const travel = await member.waitFor<{
        sceneId: string;
        instanceId: string;
        countdownMs: number;
        leader: { userId: string };
        sceneTitle: string;
      }>("PartyTravel");
      expect(travel).toMatchObject({
        sceneId: sceneB,
        instanceId: leaderAt,
        countdownMs: PARTY_FOLLOW_COUNTDOWN_MS,
        leader: { userId: lea.userId },
        sceneTitle: "Garden B",
      });
    }
    await presence.refresh(crowd.map((v) => v.visitorId));
    // B.1 has room for one more, yet each member lands on their held seat beside the leader
    expect(await enter(moLive, sceneB)).toBe(leaderAt);
    expect(await enter(alLive, sceneB)).toBe(leaderAt);
    // the leader coming back (a reconnection) stays with the party; nobody is told to move
    const before = moLive.events.filter((e) => e.name === "PartyTravel").length;
    expect(await enter(leaLive, sceneB)).toBe(leaderAt);
    expect(moLive.events.filter((e) => e.name === "PartyTravel")).toHaveLength(before);
    for (const visitor of crowd) await presence.leave(visitor.visitorId);
  });

  it("hands the lead to the first member when the leader leaves, and ends with the last one", async () => {
    expect(
      (await api(lea)({ method: "POST", url: `${BASE}/party/${partyId}/leave` })).statusCode,
    ).toBe(204);
    await alLive.waitFor("PartyChanged", (p: { partyId: string }) => p.partyId === partyId);
    const party = await myParty(al, second);
    expect(party?.leaderId).toBe(mo.userId);
    expect(party?.members.map((m) => m.userId)).toEqual([mo.userId, al.userId]);
    expect(await myParty(lea)).toBeUndefined();
    // only the leader disbands
    expect((await api(al)({ method: "DELETE", url: `${BASE}/party/${partyId}` })).statusCode).toBe(
      403,
    );
    expect((await api(mo)({ method: "DELETE", url: `${BASE}/party/${partyId}` })).statusCode).toBe(
      204,
    );
    expect(await myParty(al)).toBeUndefined();
    expect(await myParty(mo)).toBeUndefined();
  });
});
