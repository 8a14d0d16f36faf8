import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Notification, type NotificationEvent, NotificationEventSchema } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace, SOCIAL } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Notifications (issue 16 item 7): a follow, a like, a comment, a reply and a direct message
// store a notification for the person concerned and push it on the notificationhub to their
// open tabs; the notificationService calls list, count and mark them read. The last block runs
// two app instances on one PostgreSQL and the real Redis (skipped without both).

const NOTIFICATIONS = "/api/notificationService/notification";
const DM = "/api/communicationInteractionService/directmessagegroup";

function urlOf(t: TestApp) {
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

async function hubKey(t: TestApp, user: TestUser) {
  const response = await clientFor(
    t,
    user,
  )({ method: "GET", url: "/api/communicationInteractionService/key" });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken as string;
}

/** A notificationhub connection whose events are checked against the domain's schema. */
async function bell(url: string, token: string) {
  const client = await connected(hubClient(url, token, "notificationhub"));
  client.socket.onAny((name: string, payload: unknown) => {
    if (name === "Notification") NotificationEventSchema.parse(payload);
  });
  return client;
}

function newNotification(client: HubClient, predicate: (n: Notification) => boolean) {
  return client
    .waitFor<NotificationEvent>(
      "Notification",
      (event) => event.change === "new" && predicate(event.notification),
    )
    .then((event) => {
      if (event.change !== "new") throw new Error("not a new notification");
      return event;
    });
}

async function list(t: TestApp, user: TestUser, query = "") {
  const response = await clientFor(t, user)({ method: "GET", url: `${NOTIFICATIONS}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Notification[];
}

async function unread(t: TestApp, user: TestUser) {
  const response = await clientFor(t, user)({ method: "GET", url: `${NOTIFICATIONS}/unreadcount` });
  expect(response.statusCode).toBe(200);
  return response.json().count as number;
}

describe("notifications on one app instance", () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let fan: TestUser;
  let sceneId: string;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = urlOf(t);
    owner = await signUpUser(t, { name: "Olga Owner", plan: "standard" });
    fan = await signUpUser(t, { name: "Finn Fan" });
    sceneId = (await publishedSpace(t, owner, { title: "Gallery of light" })).sceneId;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  it("a follow is stored and pushed to every open tab of the followee, once however often repeated", async () => {
    const tabs = [await bell(url, await hubKey(t, owner)), await bell(url, await hubKey(t, owner))];
    const fanTab = await bell(url, await hubKey(t, fan));
    clients.push(...tabs, fanTab);
    const follow = () =>
      clientFor(
        t,
        fan,
      )({
        method: "POST",
        url: `${SOCIAL}/userFollow`,
        payload: { userId: owner.userId },
      });
    expect((await follow()).statusCode).toBe(200);
    const pushed = await Promise.all(
      tabs.map((tab) => newNotification(tab, (n) => n.type === "follow")),
    );
    for (const event of pushed) {
      expect(event.notification.actor).toMatchObject({ userId: fan.userId, name: "Finn Fan" });
      expect(event.unreadCount).toBe(1);
      expect(event.notification.read).toBe(false);
    }
    // unfollow and follow again: nobody is told twice
    await clientFor(t, fan)({ method: "DELETE", url: `${SOCIAL}/userFollow/${owner.userId}` });
    expect((await follow()).statusCode).toBe(200);
    expect((await list(t, owner)).filter((n) => n.type === "follow")).toHaveLength(1);
    // the actor's own tabs hear nothing
    expect(fanTab.events.filter((e) => e.name === "Notification")).toHaveLength(0);
  });

  it("a like tells the space's owner once; liking your own space tells nobody", async () => {
    const tab = await bell(url, await hubKey(t, owner));
    clients.push(tab);
    const like = (user: TestUser, liked: boolean) =>
      clientFor(
        t,
        user,
      )({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId, liked } });
    expect((await like(fan, true)).statusCode).toBe(200);
    const event = await newNotification(tab, (n) => n.type === "like");
    expect(event.notification).toMatchObject({
      sceneId,
      sceneTitle: "Gallery of light",
      actor: { userId: fan.userId },
    });
    await like(fan, false);
    await like(fan, true);
    await like(owner, true);
    const likes = (await list(t, owner)).filter((n) => n.type === "like");
    expect(likes).toHaveLength(1);
    expect(likes[0]?.actor.userId).toBe(fan.userId);
  });

  it("a comment tells the owner; a reply tells the comment's author and the owner", async () => {
    const ownerTab = await bell(url, await hubKey(t, owner));
    const fanTab = await bell(url, await hubKey(t, fan));
    clients.push(ownerTab, fanTab);
    const commented = await clientFor(
      t,
      fan,
    )({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, body: "What a   lovely light in here" },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    const commentId = commented.json().commentId as string;
    const toOwner = await newNotification(ownerTab, (n) => n.type === "comment");
    expect(toOwner.notification).toMatchObject({
      commentId,
      sceneId,
      excerpt: "What a lovely light in here",
    });

    // the owner answers: the fan hears of the reply, the owner (the actor) of nothing
    const replied = await clientFor(
      t,
      owner,
    )({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, parentCommentId: commentId, body: "Thank you!" },
    });
    expect(replied.statusCode).toBe(201);
    const toFan = await newNotification(fanTab, (n) => n.type === "reply");
    expect(toFan.notification).toMatchObject({
      sceneId,
      commentId: replied.json().commentId,
      actor: { userId: owner.userId },
      excerpt: "Thank you!",
    });

    // a third person replies to the fan: the fan (reply) and the owner (comment) are told
    const third = await signUpUser(t, { name: "Tess Third" });
    const again = await clientFor(
      t,
      third,
    )({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, parentCommentId: commentId, body: "Agreed" },
    });
    expect(again.statusCode).toBe(201);
    await newNotification(fanTab, (n) => n.type === "reply" && n.actor.userId === third.userId);
    await newNotification(ownerTab, (n) => n.type === "comment" && n.actor.userId === third.userId);
    expect(
      ownerTab.events.some(
        (e) =>
          (e.payload as NotificationEvent).change === "new" &&
          (e.payload as { notification: Notification }).notification.type === "reply",
      ),
    ).toBe(false);
  });

  it("direct messages tell the other members; unread messages of one group grow one notification", async () => {
    const tab = await bell(url, await hubKey(t, owner));
    clients.push(tab);
    const group = await clientFor(
      t,
      fan,
    )({ method: "POST", url: DM, payload: { memberIds: [owner.userId] } });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().groupId as string;
    const send = (text: string) =>
      clientFor(t, fan)({ method: "POST", url: `${DM}/${groupId}/messages`, payload: { text } });
    expect((await send("Hello there")).statusCode).toBe(201);
    const first = await newNotification(tab, (n) => n.type === "directMessage");
    expect(first.notification).toMatchObject({ groupId, excerpt: "Hello there", count: 1 });
    // the second message over the hub, as the viewer sends it
    const fanDm = await connected(hubClient(url, await hubKey(t, fan), "directmessagegrouphub"));
    clients.push(fanDm);
    const ack = await fanDm.call("SendDirectMessageGroupMessage", { groupId, text: "Are you in?" });
    expect(ack.ok).toBe(true);
    const second = await newNotification(tab, (n) => n.type === "directMessage" && n.count === 2);
    expect(second.notification.id).toBe(first.notification.id);
    expect(second.notification.excerpt).toBe("Are you in?");
    expect(second.unreadCount).toBe(first.unreadCount);
    const dms = (await list(t, owner)).filter((n) => n.type === "directMessage");
    expect(dms).toHaveLength(1);

    // read, then a new message is a new notification
    const read = await clientFor(
      t,
      owner,
    )({ method: "POST", url: `${NOTIFICATIONS}/${first.notification.id}/read` });
    expect(read.statusCode).toBe(200);
    expect((await send("Still there?")).statusCode).toBe(201);
    const third = await newNotification(
      tab,
      (n) => n.type === "directMessage" && n.excerpt === "Still there?",
    );
    expect(third.notification.id).not.toBe(first.notification.id);
    expect(third.notification.count).toBe(1);
  });

  it("someone blocked by the recipient, or who blocked them, tells them nothing", async () => {
    const quiet = await signUpUser(t, { name: "Quinn Quiet", plan: "standard" });
    const pest = await signUpUser(t, { name: "Pat Pest" });
    const quietScene = (await publishedSpace(t, quiet, { title: "Quiet room" })).sceneId;
    const blocked = await clientFor(
      t,
      quiet,
    )({
      method: "POST",
      url: "/api/communicationInteractionService/userblock",
      payload: { userId: pest.userId },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const asPest = clientFor(t, pest);
    expect(
      (
        await asPest({
          method: "POST",
          url: `${SOCIAL}/userFollow`,
          payload: { userId: quiet.userId },
        })
      ).statusCode,
    ).toBe(200);
    await asPest({
      method: "POST",
      url: `${SOCIAL}/scenelike`,
      payload: { sceneId: quietScene, liked: true },
    });
    await asPest({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId: quietScene, body: "hello?" },
    });
    // someone else's like still arrives: the block is what kept the others out
    await clientFor(
      t,
      fan,
    )({
      method: "POST",
      url: `${SOCIAL}/scenelike`,
      payload: { sceneId: quietScene, liked: true },
    });
    const told = await list(t, quiet);
    expect(told.map((n) => [n.type, n.actor.userId])).toEqual([["like", fan.userId]]);
  });

  it("lists newest first with paging, counts unread, marks one and all read and tells the other tabs", async () => {
    const all = await list(t, owner);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = await list(t, owner, "?cp=0&ipp=2");
    const second = await list(t, owner, "?cp=1&ipp=2");
    expect(first.map((n) => n.id)).toEqual(all.slice(0, 2).map((n) => n.id));
    expect(second.map((n) => n.id)).toEqual(all.slice(2, 4).map((n) => n.id));

    const before = await unread(t, owner);
    expect(before).toBe(all.filter((n) => !n.read).length);
    const target = all.find((n) => !n.read);
    if (!target) throw new Error("nothing unread");
    const tab = await bell(url, await hubKey(t, owner));
    clients.push(tab);
    const marked = await clientFor(
      t,
      owner,
    )({ method: "POST", url: `${NOTIFICATIONS}/${target.id}/read` });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: target.id, read: true });
    const told = await tab.waitFor<NotificationEvent>("Notification", (e) => e.change === "read");
    expect(told).toMatchObject({ ids: [target.id], unreadCount: before - 1 });
    expect(await unread(t, owner)).toBe(before - 1);

    const allRead = await clientFor(t, owner)({ method: "POST", url: `${NOTIFICATIONS}/read` });
    expect(allRead.statusCode).toBe(200);
    expect(allRead.json()).toEqual({ count: 0 });
    await tab.waitFor<NotificationEvent>(
      "Notification",
      (e) => e.change === "read" && e.ids === null && e.unreadCount === 0,
    );
    expect((await list(t, owner)).every((n) => n.read)).toBe(true);
  });

  it("another's notification is 403, an unknown one 404, bad paging 400, signed out 401", async () => {
    const [mine] = await list(t, owner);
    if (!mine) throw new Error("no notification");
    const other = clientFor(t, fan);
    expect(
      (await other({ method: "POST", url: `${NOTIFICATIONS}/${mine.id}/read` })).statusCode,
    ).toBe(403);
    expect(
      (await other({ method: "POST", url: `${NOTIFICATIONS}/no-such-id/read` })).statusCode,
    ).toBe(404);
    for (const query of ["?ipp=0", "?ipp=51", "?cp=-1", "?cp=x"]) {
      const response = await other({ method: "GET", url: `${NOTIFICATIONS}${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    const tooLong = await other({ method: "POST", url: `${NOTIFICATIONS}/${"x".repeat(65)}/read` });
    expect(tooLong.statusCode).toBe(400);
    const anonymous = clientFor(t, null);
    expect((await anonymous({ method: "GET", url: NOTIFICATIONS })).statusCode).toBe(401);
    expect(
      (await anonymous({ method: "GET", url: `${NOTIFICATIONS}/unreadcount` })).statusCode,
    ).toBe(401);
    expect((await anonymous({ method: "POST", url: `${NOTIFICATIONS}/read` })).statusCode).toBe(
      401,
    );
  });

  it("the hub has no client methods: what a client sends is refused, a flood gets one error a second", async () => {
    const tab = await bell(url, await hubKey(t, owner));
    clients.push(tab);
    const ack = await tab.call("MarkRead", { id: "x" });
    expect(ack).toEqual({
      ok: false,
      error: { code: "unknown-method", method: "MarkRead", message: "Unknown method" },
    });
    for (let i = 0; i < 50; i++) tab.socket.emit("Flood", "x".repeat(1000));
    // the connection stays up and still hears its notifications
    await clientFor(
      t,
      fan,
    )({ method: "POST", url: `${SOCIAL}/scenecomment`, payload: { sceneId, body: "still here" } });
    await newNotification(tab, (n) => n.excerpt === "still here");
    expect(tab.socket.connected).toBe(true);
    expect(tab.events.filter((e) => e.name === "HubError").length).toBeLessThanOrEqual(3);
  });

  it("the OpenAPI document lists the notificationService calls", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        NOTIFICATIONS,
        `${NOTIFICATIONS}/unreadcount`,
        `${NOTIFICATIONS}/read`,
        `${NOTIFICATIONS}/{id}/read`,
      ]),
    );
  });
});

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!shared)("notifications across two app instances", () => {
  let a: TestApp;
  let b: ChildProcess | null = null;
  let urlB: string;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    const script = fileURLToPath(new URL("./support/app-process.ts", import.meta.url));
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        script,
        a.database.schema ?? "",
        a.context.redis?.options.keyPrefix ?? "",
      ],
      { stdio: ["ignore", "pipe", "inherit"], env: process.env },
    );
    b = child;
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /port=(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`instance B exited with ${code}`)));
    });
    urlB = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    b?.kill("SIGKILL");
    await a?.close();
  });

  it("a follow, like, comment, reply and message made on instance A reach the recipient's tabs on A and B", async () => {
    const ann = await signUpUser(a, { name: "Ann Across", plan: "standard" });
    const ben = await signUpUser(a, { name: "Ben Across" });
    const sceneId = (await publishedSpace(a, ann, { title: "Across" })).sceneId;
    const annOnA = await bell(urlOf(a), await hubKey(a, ann));
    const annOnB = await bell(urlB, await hubKey(a, ann));
    const benOnB = await bell(urlB, await hubKey(a, ben));
    clients.push(annOnA, annOnB, benOnB);
    const asBen = clientFor(a, ben);
    const asAnn = clientFor(a, ann);

    await asBen({ method: "POST", url: `${SOCIAL}/userFollow`, payload: { userId: ann.userId } });
    await asBen({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId, liked: true } });
    const comment = await asBen({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, body: "Seen from B" },
    });
    const group = await asBen({ method: "POST", url: DM, payload: { memberIds: [ann.userId] } });
    await asBen({
      method: "POST",
      url: `${DM}/${group.json().groupId}/messages`,
      payload: { text: "Across instances" },
    });
    for (const tab of [annOnA, annOnB]) {
      for (const type of ["follow", "like", "comment", "directMessage"] as const) {
        await newNotification(tab, (n) => n.type === type && n.actor.userId === ben.userId);
      }
    }
    await asAnn({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, parentCommentId: comment.json().commentId, body: "Hello B" },
    });
    const reply = await newNotification(benOnB, (n) => n.type === "reply");
    expect(reply.notification.actor.userId).toBe(ann.userId);

    // marking read on A is heard by the tab on B
    const read = await asAnn({ method: "POST", url: `${NOTIFICATIONS}/read` });
    expect(read.json()).toEqual({ count: 0 });
    await annOnB.waitFor<NotificationEvent>(
      "Notification",
      (e) => e.change === "read" && e.unreadCount === 0,
    );
  });
});
