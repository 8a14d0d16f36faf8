import { relationMessages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The viewer's creator and visitor menu on one app instance (issue 16): greet, block (enforced
// on direct messages, public chat and greetings), mute lists, and the owner's removal of a
// visitor from its instance.

const BASE = "/api/communicationInteractionService";
const DM = `${BASE}/directmessagegroup`;
let t: TestApp;
let baseUrl: string;
let owner: TestUser;
let ann: TestUser;
let bob: TestUser;
let cleo: TestUser;
let sceneId: string;
const clients: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  owner = await signUpUser(t, { name: "Olive Owner", plan: "standard" });
  ann = await signUpUser(t, { name: "Ann Able" });
  bob = await signUpUser(t, { name: "Bob Brash" });
  cleo = await signUpUser(t, { name: "Cleo Calm" });
  sceneId = (await publishedSpace(t, owner, { title: "Menu place" })).sceneId;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function hub(user: TestUser | null, name: "liveuserhub" | "directmessagegrouphub") {
  const key = await clientFor(
    t,
    user,
  )({ method: "GET", url: `${BASE}/key${user ? "" : `?sceneId=${sceneId}`}` });
  expect(key.statusCode, key.body).toBe(200);
  const client = await connected(hubClient(baseUrl, key.json().accessToken, name));
  clients.push(client);
  return client;
}

async function join(user: TestUser | null) {
  const client = await hub(user, "liveuserhub");
  const ack = await client.call("JoinScene", { sceneId });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return { client, instanceId: (ack as unknown as { instanceId: string }).instanceId };
}

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  clientFor(t, user)({ method: method as "GET", url, payload });

describe("blocks and mutes (REST)", () => {
  it("keeps each user's lists, says what is wrong, and only for signed-in users", async () => {
    expect((await call(null, "GET", `${BASE}/userblock`)).statusCode).toBe(401);
    expect((await call(null, "POST", `${BASE}/usermute`, { userId: bob.userId })).statusCode).toBe(
      401,
    );
    for (const [payload, status] of [
      [{}, 400],
      [{ userId: "" }, 400],
      [{ userId: ann.userId }, 400], // oneself
      [{ userId: "x".repeat(65) }, 400],
      [{ userId: "nobody" }, 404],
    ] as const) {
      const response = await call(ann, "POST", `${BASE}/userblock`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (status === 400) expect(JSON.stringify(response.json().fields)).toContain("userId");
    }

    const muted = await call(ann, "POST", `${BASE}/usermute`, { userId: cleo.userId });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toMatchObject([{ userId: cleo.userId, name: "Cleo Calm" }]);
    // twice is once
    expect(
      (await call(ann, "POST", `${BASE}/usermute`, { userId: cleo.userId })).json(),
    ).toHaveLength(1);
    // lists are one's own
    expect((await call(cleo, "GET", `${BASE}/usermute`)).json()).toEqual([]);
    expect((await call(ann, "GET", `${BASE}/relation/${cleo.userId}`)).json()).toEqual({
      userId: cleo.userId,
      blocked: false,
      blockedMe: false,
      muted: true,
    });
    const unmuted = await call(ann, "DELETE", `${BASE}/usermute/${cleo.userId}`);
    expect(unmuted.json()).toEqual([]);
  });
});

describe("greetings", () => {
  it("reach the greeted visitor only, and never from someone they blocked", async () => {
    const a = await join(ann);
    const b = await join(bob);
    const c = await join(null);
    expect(b.instanceId).toBe(a.instanceId);
    const greeted = await a.client.call("Greet", { visitorId: b.client.socket.id });
    expect(greeted.ok, JSON.stringify(greeted)).toBe(true);
    const seen = await b.client.waitFor<{ from: { name: string; userId: string } }>("Greeted");
    expect(seen.from).toMatchObject({ name: "Ann Able", userId: ann.userId });
    // guests greet too; nobody else hears it
    expect((await c.client.call("Greet", { visitorId: a.client.socket.id })).ok).toBe(true);
    await a.client.waitFor("Greeted", (p: { from: { guest: boolean } }) => p.from.guest);
    expect(c.client.events.some((e) => e.name === "Greeted")).toBe(false);
    expect(b.client.events.filter((e) => e.name === "Greeted")).toHaveLength(1);

    // bad input and strangers
    expect(await a.client.call("Greet", { visitorId: 5 })).toMatchObject({
      ok: false,
      error: { code: "bad-message" },
    });
    expect(await a.client.call("Greet", { visitorId: "nobody" })).toMatchObject({
      ok: false,
      error: { code: "not-found" },
    });
    expect(await a.client.call("Greet", { visitorId: a.client.socket.id })).toMatchObject({
      ok: false,
      error: { code: "not-allowed" },
    });

    // Bob blocks Ann: her greeting is refused and does not reach him
    expect((await call(bob, "POST", `${BASE}/userblock`, { userId: ann.userId })).statusCode).toBe(
      200,
    );
    expect(await a.client.call("Greet", { visitorId: b.client.socket.id })).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: relationMessages.blockedGreet },
    });
    expect(b.client.events.filter((e) => e.name === "Greeted")).toHaveLength(1);

    // public chat: Ann's words reach the guest but not Bob; Bob's still reach Ann
    expect((await a.client.call("SendPublicMessage", { text: "anyone?" })).ok).toBe(true);
    await c.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "anyone?");
    expect((await b.client.call("SendPublicMessage", { text: "from bob" })).ok).toBe(true);
    await a.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "from bob");
    await c.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "from bob");
    expect(
      b.client.events.some(
        (e) => e.name === "PublicMessage" && (e.payload as { text: string }).text === "anyone?",
      ),
    ).toBe(false);
    expect((await call(bob, "DELETE", `${BASE}/userblock/${ann.userId}`)).json()).toEqual([]);
    for (const client of [a.client, b.client, c.client]) client.close();
  });
});

describe("blocks on direct messages", () => {
  it("a blocked user cannot start, or write in, a conversation with the one who blocked them", async () => {
    const group = (await call(ann, "POST", DM, { memberIds: [cleo.userId] })).json() as {
      groupId: string;
    };
    const annHub = await hub(ann, "directmessagegrouphub");
    const cleoHub = await hub(cleo, "directmessagegrouphub");
    expect(
      (await annHub.call("SendDirectMessageGroupMessage", { groupId: group.groupId, text: "hi" }))
        .ok,
    ).toBe(true);
    await cleoHub.waitFor("NewDirectMessageGroupMessage");

    const blocked = await call(cleo, "POST", `${BASE}/userblock`, { userId: ann.userId });
    expect(blocked.json()).toMatchObject([{ userId: ann.userId }]);
    expect((await call(ann, "GET", `${BASE}/relation/${cleo.userId}`)).json()).toMatchObject({
      blockedMe: true,
      blocked: false,
    });
    const refused = await annHub.call("SendDirectMessageGroupMessage", {
      groupId: group.groupId,
      text: "let me in",
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: relationMessages.blockedDm },
    });
    const rest = await call(ann, "POST", `${DM}/${group.groupId}/messages`, { text: "again" });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().message).toBe(relationMessages.blockedDm);
    // nor the other way while the block stands, nor a new group
    expect(
      (await call(cleo, "POST", `${DM}/${group.groupId}/messages`, { text: "x" })).statusCode,
    ).toBe(403);
    expect(
      (await call(ann, "POST", DM, { memberIds: [cleo.userId, bob.userId], title: "party" }))
        .statusCode,
    ).toBe(403);
    expect(cleoHub.events.filter((e) => e.name === "NewDirectMessageGroupMessage")).toHaveLength(1);

    // a larger group: the blocked member's messages skip the blocker, in pushes and in history
    const trio = (
      await call(bob, "POST", DM, { memberIds: [ann.userId, cleo.userId], title: "trio" })
    ).json() as { groupId: string };
    expect(
      (await call(ann, "POST", `${DM}/${trio.groupId}/messages`, { text: "from ann" })).statusCode,
    ).toBe(201);
    expect(
      (await call(bob, "POST", `${DM}/${trio.groupId}/messages`, { text: "from bob" })).statusCode,
    ).toBe(201);
    await cleoHub.waitFor(
      "NewDirectMessageGroupMessage",
      (m: { text: string }) => m.text === "from bob",
    );
    expect(cleoHub.events.some((e) => (e.payload as { text?: string }).text === "from ann")).toBe(
      false,
    );
    const history = await call(cleo, "GET", `${DM}/${trio.groupId}/messages`);
    expect((history.json() as { text: string }[]).map((m) => m.text)).toEqual(["from bob"]);
    const bobSees = await call(bob, "GET", `${DM}/${trio.groupId}/messages`);
    expect((bobSees.json() as { text: string }[]).map((m) => m.text)).toEqual([
      "from ann",
      "from bob",
    ]);

    // unblocked, they talk again
    await call(cleo, "DELETE", `${BASE}/userblock/${ann.userId}`);
    expect(
      (await annHub.call("SendDirectMessageGroupMessage", { groupId: group.groupId, text: "back" }))
        .ok,
    ).toBe(true);
  });
});

describe("removing a visitor", () => {
  it("only the owner removes; the visitor is told, cut off, and kept out of that instance", async () => {
    const o = await join(owner);
    const v = await join(bob);
    expect(v.instanceId).toBe(o.instanceId);
    const remove = (user: TestUser | null, payload: object) =>
      call(user, "POST", `${BASE}/liveuser/remove`, payload);

    expect((await remove(null, { sceneId, visitorId: v.client.socket.id })).statusCode).toBe(401);
    const notOwner = await remove(ann, { sceneId, visitorId: v.client.socket.id });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(relationMessages.notOwner);
    expect((await remove(owner, { sceneId })).statusCode).toBe(400);
    expect((await remove(owner, { sceneId, visitorId: "nobody" })).statusCode).toBe(404);
    expect((await remove(owner, { sceneId, visitorId: o.client.socket.id })).statusCode).toBe(400);

    const removedId = v.client.socket.id as string;
    const disconnected = new Promise<string>((resolve) =>
      v.client.socket.once("disconnect", (reason) => resolve(reason)),
    );
    const removed = await remove(owner, { sceneId, visitorId: v.client.socket.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removed: true, instanceId: o.instanceId });
    const told = await v.client.waitFor<{ instanceId: string }>("RemovedFromInstance");
    expect(told.instanceId).toBe(o.instanceId);
    expect(await disconnected).toBe("io server disconnect");
    await o.client.waitFor("LeftGroup", (p: { visitorId: string }) => p.visitorId === removedId);

    // coming back with a new connection: another instance, not the owner's
    const again = await join(bob);
    expect(again.instanceId).not.toBe(o.instanceId);
    // others still join the owner's instance
    const other = await join(cleo);
    expect(other.instanceId).toBe(o.instanceId);
  });
});
