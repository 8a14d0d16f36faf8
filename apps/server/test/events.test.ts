import {
  type EventMessage,
  eventMessages,
  type Notification,
  relationMessages,
  type SceneEvent,
} from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { createEventsRepo } from "../src/modules/events/repo.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { pngImage } from "./support/images.js";
import { multipart } from "./support/multipart.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Events (issue 19): the space's owner schedules, changes and cancels events (validation and
// access), visitors list them and chat in a live one over liveuserhub, and the start job tells
// the host's followers once; the last block runs two app instances on one PostgreSQL.

const EVENTS = "/api/communicationInteractionService/sceneevent";
const NOTIFICATIONS = "/api/notificationService/notification";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function urlOf(t: TestApp) {
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

async function schedule(t: TestApp, user: TestUser | null, payload: Record<string, unknown>) {
  const options = { method: "POST" as const, url: EVENTS, payload };
  return user ? clientFor(t, user)(options) : t.app.inject(options);
}

async function scheduled(t: TestApp, user: TestUser, payload: Record<string, unknown>) {
  const response = await schedule(t, user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SceneEvent;
}

async function follow(t: TestApp, follower: TestUser, followee: TestUser) {
  const response = await clientFor(
    t,
    follower,
  )({
    method: "POST",
    url: "/api/socialInteractionService/userFollow",
    payload: { userId: followee.userId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function eventNotifications(t: TestApp, user: TestUser) {
  const response = await clientFor(t, user)({ method: "GET", url: `${NOTIFICATIONS}?ipp=50` });
  expect(response.statusCode).toBe(200);
  return (response.json() as Notification[]).filter((n) => n.type === "eventStarted");
}

async function hubKey(t: TestApp, user: TestUser | null, sceneId: string) {
  const response = user
    ? await clientFor(t, user)({ method: "GET", url: "/api/communicationInteractionService/key" })
    : await t.app.inject({
        method: "GET",
        url: `/api/communicationInteractionService/key?sceneId=${sceneId}`,
      });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken as string;
}

describe("events on one app instance", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let fan: TestUser;
  let sceneId: string;
  let otherSceneId: string;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await signUpUser(t, { name: "Hana Host" });
    other = await signUpUser(t, { name: "Otto Other" });
    fan = await signUpUser(t, { name: "Fay Follower" });
    sceneId = (await publishedSpace(t, owner, { title: "Concert hall" })).sceneId;
    otherSceneId = (await publishedSpace(t, other, { title: "Other hall" })).sceneId;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  const base = () => ({
    sceneId,
    title: "Opening night",
    description: "Music and light",
    startsAt: inMinutes(60),
    durationMinutes: 90,
  });

  it("refuses a start in the past and a zero duration with the field and reason", async () => {
    const past = await schedule(t, owner, { ...base(), startsAt: inMinutes(-30) });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual([{ path: "body.startsAt", message: eventMessages.past }]);
    const zero = await schedule(t, owner, { ...base(), durationMinutes: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields[0]).toEqual({
      path: "body.durationMinutes",
      message: eventMessages.tooShort,
    });
    const noTitle = await schedule(t, owner, { ...base(), title: " " });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields[0].path).toBe("body.title");
    const badDate = await schedule(t, owner, { ...base(), startsAt: "tomorrow" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields[0].path).toBe("body.startsAt");
  });

  it("lets only the space's owner schedule, change and cancel", async () => {
    expect((await schedule(t, null, base())).statusCode).toBe(401);
    const notMine = await schedule(t, other, base());
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(eventMessages.notOwner);
    const event = await scheduled(t, owner, base());
    expect(event).toMatchObject({
      sceneId,
      sceneTitle: "Concert hall",
      title: "Opening night",
      durationMinutes: 90,
      cancelled: false,
      host: { userId: owner.userId, name: "Hana Host" },
    });
    expect(Date.parse(event.endsAt) - Date.parse(event.startsAt)).toBe(90 * 60_000);

    const patch = (user: TestUser, payload: Record<string, unknown>) =>
      clientFor(t, user)({ method: "PATCH", url: `${EVENTS}/${event.eventId}`, payload });
    expect((await patch(other, { title: "Mine now" })).statusCode).toBe(403);
    const renamed = await patch(owner, { title: "Opening night, again", durationMinutes: 30 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Opening night, again", durationMinutes: 30 });
    const moved = await patch(owner, { startsAt: inMinutes(-10) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual([{ path: "body.startsAt", message: eventMessages.past }]);

    const cancel = (user: TestUser) =>
      clientFor(t, user)({ method: "POST", url: `${EVENTS}/${event.eventId}/cancel` });
    expect((await cancel(other)).statusCode).toBe(403);
    const cancelled = await cancel(owner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelled).toBe(true);
    expect((await patch(owner, { title: "Back on" })).statusCode).toBe(409);
    // the shared link still answers, the sidebar's list leaves it out
    const shown = await t.app.inject({ method: "GET", url: `${EVENTS}/${event.eventId}` });
    expect(shown.json()).toMatchObject({ cancelled: true });
    const list = await t.app.inject({ method: "GET", url: `${EVENTS}/scene/${sceneId}` });
    expect((list.json() as SceneEvent[]).map((e) => e.eventId)).not.toContain(event.eventId);
    expect((await t.app.inject({ method: "GET", url: `${EVENTS}/nope` })).statusCode).toBe(404);
  });

  it("takes a cover image with a multipart form, and refuses a file that is not an image", async () => {
    const form = (cover: Buffer) =>
      multipart([
        { name: "sceneId", value: sceneId },
        { name: "title", value: "With a cover" },
        { name: "startsAt", value: inMinutes(30) },
        { name: "durationMinutes", value: "45" },
        { name: "cover", filename: "cover.png", contentType: "image/png", data: cover },
      ]);
    const good = form(await pngImage(640, 360));
    const created = await clientFor(t, owner)({ method: "POST", url: EVENTS, ...good });
    expect(created.statusCode, created.body).toBe(201);
    const cover = created.json().coverPicture as string;
    expect(cover).toMatch(/^\/api\/fileService\/file\//);
    expect((await t.app.inject({ method: "GET", url: cover })).statusCode).toBe(200);
    const bad = form(Buffer.from("not a picture"));
    const refused = await clientFor(t, owner)({ method: "POST", url: EVENTS, ...bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { path: "body.cover", message: eventMessages.notImage },
    ]);
  });

  it("lists upcoming and live events by start, for visitors signed out too", async () => {
    const later = await scheduled(t, owner, {
      ...base(),
      title: "Later",
      startsAt: inMinutes(120),
    });
    const now = await scheduled(t, owner, { ...base(), title: "Now", startsAt: inMinutes(0) });
    const response = await t.app.inject({ method: "GET", url: `${EVENTS}/scene/${sceneId}` });
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as SceneEvent[]).map((event) => event.eventId);
    expect(ids.indexOf(now.eventId)).toBeLessThan(ids.indexOf(later.eventId));
  });

  it("a live event's chat reaches every visitor of the space; an upcoming one's is closed", async () => {
    const url = urlOf(t);
    const live = await scheduled(t, owner, {
      ...base(),
      title: "Live chat",
      startsAt: inMinutes(0),
    });
    const upcoming = await scheduled(t, owner, {
      ...base(),
      title: "Soon",
      startsAt: inMinutes(30),
    });
    const elsewhere = await scheduled(t, other, {
      ...base(),
      sceneId: otherSceneId,
      startsAt: inMinutes(0),
    });
    const host = await connected(hubClient(url, await hubKey(t, owner, sceneId)));
    const guest = await connected(hubClient(url, await hubKey(t, null, sceneId)));
    clients.push(host, guest);
    expect((await host.call("JoinScene", { sceneId })).ok).toBe(true);
    expect((await guest.call("JoinScene", { sceneId })).ok).toBe(true);

    // the sidebars hear of a new event
    const told = guest.waitFor(
      "SceneEventsChanged",
      (p: { sceneId: string }) => p.sceneId === sceneId,
    );
    await scheduled(t, owner, { ...base(), title: "Another" });
    await told;

    const arrives = host.waitFor<EventMessage>("EventMessage", (m) => m.text === "Hello all");
    const ack = await guest.call("SendEventMessage", { eventId: live.eventId, text: "Hello all" });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    const message = await arrives;
    expect(message).toMatchObject({ eventId: live.eventId, user: { name: expect.any(String) } });

    const early = await guest.call("SendEventMessage", { eventId: upcoming.eventId, text: "Hi" });
    expect(early).toMatchObject({ ok: false, error: { message: eventMessages.notLive } });
    const wrongSpace = await guest.call("SendEventMessage", {
      eventId: elsewhere.eventId,
      text: "Hi",
    });
    expect(wrongSpace).toMatchObject({ ok: false, error: { code: "not-found" } });
    const empty = await guest.call("SendEventMessage", { eventId: live.eventId, text: "  " });
    expect(empty).toMatchObject({ ok: false, error: { code: "bad-message" } });

    // the owner's chat lock holds in the event's chat too
    const lock = (value: boolean) =>
      clientFor(
        t,
        owner,
      )({
        method: "POST",
        url: "/api/communicationInteractionService/liveuser/chatlock",
        payload: { sceneId, locked: value },
      });
    const locked = guest.waitFor("ChatLock", (p: { locked: boolean }) => p.locked);
    expect((await lock(true)).statusCode).toBe(200);
    await locked;
    const whileLocked = await guest.call("SendEventMessage", {
      eventId: live.eventId,
      text: "Let me in",
    });
    expect(whileLocked).toMatchObject({
      ok: false,
      error: { message: relationMessages.chatLocked },
    });
    const unlocked = guest.waitFor("ChatLock", (p: { locked: boolean }) => !p.locked);
    expect((await lock(false)).statusCode).toBe(200);
    await unlocked;

    const history = await t.app.inject({
      method: "GET",
      url: `${EVENTS}/${live.eventId}/messages`,
    });
    expect(history.statusCode).toBe(200);
    expect((history.json() as EventMessage[]).map((m) => m.text)).toEqual(["Hello all"]);
  });

  it("tells the host's followers once when an event starts", async () => {
    await follow(t, fan, owner);
    const event = await scheduled(t, owner, {
      ...base(),
      title: "Starting",
      startsAt: inMinutes(0),
    });
    await scheduled(t, owner, { ...base(), title: "Not yet", startsAt: inMinutes(10) });
    const told = await t.app.sceneEvents.notifyStarted();
    expect(told).toContain(event.eventId);
    expect(await t.app.sceneEvents.notifyStarted()).toEqual([]);
    const mine = await eventNotifications(t, fan);
    // one notification per event (others of this file started too)
    expect(new Set(mine.map((n) => n.eventId)).size).toBe(mine.length);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.find((n) => n.eventId === event.eventId)).toMatchObject({
      actor: { userId: owner.userId },
      sceneId,
      excerpt: "Starting",
    });
    // the host is not told of their own event, nor is anyone not following
    expect(await eventNotifications(t, owner)).toEqual([]);
    expect(await eventNotifications(t, other)).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("event start job on two app instances", () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    // a second application on the same PostgreSQL database (its own connection pool)
    b = await createTestApp({}, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("each started event is claimed by one instance and every follower told exactly once", async () => {
    const hosts = [
      await signUpUser(a, { name: "Host A" }),
      await signUpUser(a, { name: "Host B" }),
    ];
    const followers = [await signUpUser(a), await signUpUser(a), await signUpUser(a)];
    for (const follower of followers) for (const host of hosts) await follow(a, follower, host);
    const eventIds: string[] = [];
    for (const host of hosts) {
      const space = (await publishedSpace(a, host)).sceneId;
      for (let i = 0; i < 6; i++) {
        const event = await scheduled(a, host, {
          sceneId: space,
          title: `Event ${i}`,
          startsAt: inMinutes(0),
          durationMinutes: 60,
        });
        eventIds.push(event.eventId);
      }
    }
    // both instances' jobs run at once, twice
    const runs = await Promise.all([
      a.app.sceneEvents.notifyStarted(),
      b.app.sceneEvents.notifyStarted(),
      a.app.sceneEvents.notifyStarted(),
      b.app.sceneEvents.notifyStarted(),
    ]);
    const all = runs.flat();
    expect(new Set(all).size).toBe(all.length); // no event told by two runs
    expect([...all].sort()).toEqual([...eventIds].sort());
    for (const follower of followers) {
      const mine = await eventNotifications(a, follower);
      expect(mine.map((n) => n.eventId).sort()).toEqual([...eventIds].sort());
    }
  });

  it("an event one instance is claiming (its transaction open) is not claimed by the other", async () => {
    const host = await signUpUser(a, { name: "Host C" });
    const space = (await publishedSpace(a, host)).sceneId;
    const event = await scheduled(a, host, {
      sceneId: space,
      title: "Contested",
      startsAt: inMinutes(0),
      durationMinutes: 60,
    });
    let second: Promise<string[]> = Promise.resolve([]);
    // instance A's claim, held open while instance B's job runs: B skips the locked row, and
    // once A commits the row is told already
    const first = await a.database.handle.db.transaction(async (tx) => {
      const claimed = await createEventsRepo(tx as unknown as Database).claimStarted(
        new Date(),
        50,
      );
      second = b.app.sceneEvents.notifyStarted();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return claimed.map((row) => row.id);
    });
    expect(first).toContain(event.eventId);
    expect(await second).not.toContain(event.eventId);
  });
});
