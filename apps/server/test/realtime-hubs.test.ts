import { CHAT_RATE_MAX, HUB_MESSAGE_MAX_BYTES } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubTokens } from "../src/realtime/hub-token.js";
import { COUNTS_INTERVAL_MS } from "../src/realtime/live-user-hub.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The hubs on one app instance (issue 16): the key endpoint, the handshake, scene instances,
// public chat with the communication ACL, batched avatar transforms, and bad input.

const KEY = "/api/communicationInteractionService/key";
let t: TestApp;
let baseUrl: string;
let owner: TestUser;
let visitor: TestUser;
let sceneId: string;
let quietSceneId: string;
const clients: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  owner = await signUpUser(t, { name: "Olga Owner", plan: "standard" });
  visitor = await signUpUser(t, { name: "Vic Visitor" });
  sceneId = (await publishedSpace(t, owner, { title: "Meeting place" })).sceneId;
  // a space whose communication list names only its owner
  const other = await signUpUser(t, { name: "Quinn Quiet", plan: "standard" });
  quietSceneId = (
    await publishedSpace(t, other, {
      title: "Quiet place",
      communicationACLEnabled: true,
      userCommunicationACL: [other.userId],
    })
  ).sceneId;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function keyFor(user: TestUser | null, query = "") {
  const response = await clientFor(t, user)({ method: "GET", url: `${KEY}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accessToken: string; userId: string; guest: boolean };
}

async function join(user: TestUser | null, scene = sceneId) {
  const key = await keyFor(user, user ? "" : `?sceneId=${scene}`);
  const client = await connected(hubClient(baseUrl, key.accessToken));
  clients.push(client);
  await client.waitFor("MyUserId");
  const ack = await client.call("JoinScene", { sceneId: scene });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return { client, key, instanceId: (ack as unknown as { instanceId: string }).instanceId };
}

describe("the hub key", () => {
  it("gives signed-in users their token and signed-out visitors a guest token for a public space", async () => {
    const mine = await keyFor(visitor);
    expect(mine).toMatchObject({ userId: visitor.userId, guest: false });
    const guest = await keyFor(null, `?sceneId=${sceneId}`);
    expect(guest.guest).toBe(true);
    expect(guest.userId).toMatch(/^guest-/);
    expect((await clientFor(t, null)({ method: "GET", url: KEY })).statusCode).toBe(401);
    expect(
      (await clientFor(t, null)({ method: "GET", url: `${KEY}?sceneId=nope` })).statusCode,
    ).toBe(401);
    const probe = (token: string) =>
      clientFor(t, null)({ method: "HEAD", url: `${KEY}?access_token=${token}` });
    expect((await probe(mine.accessToken)).statusCode).toBe(200);
    expect((await probe(`${mine.accessToken}x`)).statusCode).toBe(401);
  });

  it("refuses a forged, an expired or a missing token with 401", async () => {
    const good = await keyFor(visitor);
    const [header, payload] = good.accessToken.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
        sub: owner.userId,
      }),
    ).toString("base64url");
    const forged = `${header}.${forgedPayload}.${good.accessToken.split(".")[2]}`;
    const past = createHubTokens(t.context.database.db, () => new Date(Date.now() - 3_600_000));
    const expired = (
      await past.issue({
        userId: visitor.userId,
        guest: false,
        name: "Vic",
        profilePicture: null,
        avatarId: null,
        plan: "free",
        isAdmin: false,
        sceneId: null,
      })
    ).token;
    for (const token of [forged, expired, "not-a-token"]) {
      const client = hubClient(baseUrl, token);
      const error = (await connected(client).catch((err: unknown) => err)) as {
        data?: { status?: number };
      };
      expect(error.data?.status).toBe(401);
      client.close();
    }
  });
});

describe("liveuserhub on one app instance", () => {
  it("puts visitors together, tells each about the other and counts them", async () => {
    const a = await join(owner);
    const entered = await a.client.waitFor<{ visitors: { userId: string }[] }>("EnteredInstance");
    expect(entered.visitors.map((v) => v.userId)).toContain(owner.userId);
    const b = await join(null);
    expect(b.instanceId).toBe(a.instanceId);
    const joined = await a.client.waitFor<{ visitor: { guest: boolean; name: string } }>(
      "JoinedGroup",
    );
    expect(joined.visitor).toMatchObject({ guest: true, name: "Guest" });
    await a.client.waitFor<{ count: number }>("LiveVisitorCountInMyScene", (p) => p.count === 2);
    const perInstance = await a.client.waitFor<{ instances: { count: number }[] }>(
      "LiveVisitorCountPerSceneInstance",
      (p) => p.instances[0]?.count === 2,
    );
    expect(perInstance.instances).toHaveLength(1);

    // public chat reaches both, named
    const sent = await b.client.call("SendPublicMessage", { text: "  hello there  " });
    expect(sent.ok).toBe(true);
    const message = await a.client.waitFor<{ text: string; user: { name: string } }>(
      "PublicMessage",
    );
    expect(message).toMatchObject({ text: "hello there", user: { name: "Guest" } });

    // transforms come batched, once per tick, with every mover of the instance
    await a.client.call("SendTransform", { p: [1, 0, 2], r: 0.5, a: "walk" });
    await b.client.call("SendTransform", { p: [3, 0, 4], r: 1, a: "idle", e: "Wave" });
    const batch = await a.client.waitFor<{ states: { visitorId: string; e: string | null }[] }>(
      "Transforms",
      (p) => p.states.length === 2,
    );
    expect(batch.states.find((s) => s.e === "Wave")?.visitorId).toBe(b.client.socket.id);

    // leaving: the other sees LeftGroup and the count drops
    b.client.close();
    await a.client.waitFor<{ visitorId: string }>(
      "LeftGroup",
      (p) => p.visitorId === b.client.socket.id || p.visitorId !== a.client.socket.id,
    );
    await a.client.waitFor<{ count: number }>("LiveVisitorCountInMyScene", (p) => p.count === 1);
    const exit = await a.client.call("ExitCurrentScene");
    expect(exit.ok).toBe(true);
    await a.client.waitFor("ExitedInstance");
  });

  it("tells every visitor which avatar each other visitor wears (guests: the default)", async () => {
    const host = await signUpUser(t, { name: "Ava Avatar", plan: "standard" });
    const chose = await clientFor(
      t,
      host,
    )({
      method: "PATCH",
      url: `/api/userService/user/${host.userId}`,
      payload: { avatar: "coral" },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const place = (await publishedSpace(t, host, { title: "Avatar place" })).sceneId;
    const guest = await join(null, place);
    const wearer = await join(host, place);
    const joined = await guest.client.waitFor<{ visitor: { userId: string; avatarId: string } }>(
      "JoinedGroup",
      (p) => p.visitor.userId === host.userId,
    );
    expect(joined.visitor.avatarId).toBe("coral");
    const entered = await wearer.client.waitFor<{
      visitors: { userId: string; guest: boolean; avatarId: string | null }[];
    }>("EnteredInstance");
    expect(entered.visitors.find((v) => v.guest)?.avatarId).toBeNull();
    expect(entered.visitors.find((v) => v.userId === host.userId)?.avatarId).toBe("coral");
  });

  it("counts the live visitors of many spaces in one call, for the space cards", async () => {
    const hosts = [];
    for (const name of ["Carla Cards", "Emil Empty", "Sami Secret"]) {
      hosts.push(await signUpUser(t, { name, plan: "standard" }));
    }
    const [busyHost, emptyHost, host] = hosts as [TestUser, TestUser, TestUser];
    const busy = (await publishedSpace(t, busyHost, { title: "Busy place" })).sceneId;
    const empty = (await publishedSpace(t, emptyHost, { title: "Empty place" })).sceneId;
    const secret = (
      await publishedSpace(t, host, {
        title: "Secret place",
        privacyACLEnabled: true,
        userPrivacyACL: [host.userId],
      })
    ).sceneId;
    await join(null, busy);
    await join(null, busy);
    await join(host, secret);
    const url = (ids: string[]) =>
      `/api/communicationInteractionService/livevisitorcount?sceneIds=${ids.join(",")}`;
    const signedOut = await clientFor(t, null)({ method: "GET", url: url([busy, empty, secret]) });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    // the empty space and the one the caller may not see are left out
    expect(signedOut.json()).toEqual({ counts: { [busy]: 2 } });
    const owner = await clientFor(t, host)({ method: "GET", url: url([busy, secret, "nope"]) });
    expect(owner.json()).toEqual({ counts: { [busy]: 2, [secret]: 1 } });

    for (const bad of [
      "/api/communicationInteractionService/livevisitorcount",
      "/api/communicationInteractionService/livevisitorcount?sceneIds=",
      url(Array.from({ length: 101 }, (_, i) => `s${i}`)),
    ]) {
      const response = await clientFor(t, null)({ method: "GET", url: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(JSON.stringify(response.json().fields ?? [])).toContain("sceneIds");
    }
  });

  it("sends a space's counts at most once per interval, not once per arrival", async () => {
    const host = await signUpUser(t, { name: "Hana Host", plan: "standard" });
    const crowdSceneId = (await publishedSpace(t, host, { title: "Crowded place" })).sceneId;
    const first = await join(null, crowdSceneId);
    await first.client.waitFor<{ count: number }>(
      "LiveVisitorCountInMyScene",
      (p) => p.count === 1,
    );
    const started = Date.now();
    const countEvents = () =>
      first.client.events.filter((event) => event.name === "LiveVisitorCountInMyScene").length;
    const before = countEvents();
    await Promise.all(Array.from({ length: 8 }, () => join(null, crowdSceneId)));
    await first.client.waitFor<{ count: number }>(
      "LiveVisitorCountInMyScene",
      (p) => p.count === 9,
    );
    const elapsed = Date.now() - started;
    // one message per arrival was 8; coalesced, one per COUNTS_INTERVAL_MS at most
    expect(countEvents() - before).toBeLessThanOrEqual(Math.ceil(elapsed / COUNTS_INTERVAL_MS) + 1);
    expect(countEvents() - before).toBeLessThan(8);
  });

  it("lets only the communication list chat where the space restricts it", async () => {
    const guest = await join(null, quietSceneId);
    const entered = await guest.client.waitFor<{ canChat: boolean }>("EnteredInstance");
    expect(entered.canChat).toBe(false);
    const ack = await guest.client.call("SendPublicMessage", { text: "hi" });
    expect(ack).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: "Communications are disabled" },
    });
  });

  it("drops bad, oversized, unknown and out-of-place messages with an error, and limits floods", async () => {
    const key = await keyFor(visitor);
    const client = await connected(hubClient(baseUrl, key.accessToken));
    clients.push(client);
    const expectRefused = async (method: string, payload: unknown, code: string) => {
      const ack = await client.call(method, payload);
      expect(ack, method).toMatchObject({ ok: false, error: { code } });
      await client.waitFor<{ code: string; method: string }>(
        "HubError",
        (e) => e.code === code && e.method === method,
      );
    };
    await expectRefused("SendPublicMessage", { text: "before joining" }, "not-in-instance");
    await expectRefused("SendTransform", { p: [0, 0, 0], r: 0, a: "idle" }, "not-in-instance");
    await expectRefused("Shout", { text: "x" }, "unknown-method");
    await expectRefused("JoinScene", { sceneId: 42 }, "bad-message");
    await expectRefused("JoinScene", { sceneId: "missing-space" }, "not-found");
    await expectRefused(
      "SendPublicMessage",
      { text: "x".repeat(HUB_MESSAGE_MAX_BYTES + 10) },
      "too-large",
    );
    expect((await client.call("JoinScene", { sceneId })).ok).toBe(true);
    await expectRefused("SendTransform", { p: [0, Number.NaN, 0], r: 0, a: "idle" }, "bad-message");
    await expectRefused("SendPublicMessage", { text: "y".repeat(501) }, "bad-message");
    // a guest key opens only its own space
    const guestKey = await keyFor(null, `?sceneId=${sceneId}`);
    const guest = await connected(hubClient(baseUrl, guestKey.accessToken));
    clients.push(guest);
    const wrong = await guest.call("JoinScene", { sceneId: quietSceneId });
    expect(wrong).toMatchObject({ ok: false, error: { code: "not-allowed" } });

    // chat rate limit
    const acks = [];
    for (let i = 0; i <= CHAT_RATE_MAX; i++) {
      acks.push(await client.call("SendPublicMessage", { text: `message ${i}` }));
    }
    expect(acks.slice(0, CHAT_RATE_MAX).every((ack) => ack.ok)).toBe(true);
    expect(acks[CHAT_RATE_MAX]).toMatchObject({ ok: false, error: { code: "rate-limited" } });

    // a flood from one socket is cut without slowing another
    for (let i = 0; i < 200; i++)
      client.socket.emit("SendTransform", { p: [i, 0, 0], r: 0, a: "walk" });
    await client.waitFor<{ code: string; method: string }>(
      "HubError",
      (e) => e.code === "rate-limited" && e.method === "SendTransform",
    );
    expect((await guest.call("JoinScene", { sceneId })).ok).toBe(true);
    // and the flooding socket is still served once the second has passed
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await client.call("SendTransform", { p: [0, 0, 0], r: 0, a: "idle" })).ok).toBe(true);
  });
});

describe("direct message groups", () => {
  const DM = "/api/communicationInteractionService/directmessagegroup";

  it("starts a group, stores and pushes its messages to members only, with history", async () => {
    const outsider = await signUpUser(t, { name: "Otis Outsider" });
    const created = await clientFor(
      t,
      owner,
    )({
      method: "POST",
      url: DM,
      payload: { memberIds: [visitor.userId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as { groupId: string; members: { name: string }[] };
    expect(group.members.map((m) => m.name).sort()).toEqual(["Olga Owner", "Vic Visitor"]);
    // two people share one group
    const again = await clientFor(
      t,
      visitor,
    )({
      method: "POST",
      url: DM,
      payload: { memberIds: [owner.userId] },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().groupId).toBe(group.groupId);

    const vicKey = await keyFor(visitor);
    const vicHub = await connected(hubClient(baseUrl, vicKey.accessToken, "directmessagegrouphub"));
    clients.push(vicHub);
    const ownerHub = await connected(
      hubClient(baseUrl, (await keyFor(owner)).accessToken, "directmessagegrouphub"),
    );
    clients.push(ownerHub);
    const outsiderHub = await connected(
      hubClient(baseUrl, (await keyFor(outsider)).accessToken, "directmessagegrouphub"),
    );
    clients.push(outsiderHub);

    const sent = await ownerHub.call("SendDirectMessageGroupMessage", {
      groupId: group.groupId,
      text: "Welcome!",
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const received = await vicHub.waitFor<{ text: string; user: { name: string } }>(
      "NewDirectMessageGroupMessage",
    );
    expect(received).toMatchObject({ text: "Welcome!", user: { name: "Olga Owner" } });
    const rest = await clientFor(
      t,
      visitor,
    )({
      method: "POST",
      url: `${DM}/${group.groupId}/messages`,
      payload: { text: "Thanks" },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    await ownerHub.waitFor<{ text: string }>(
      "NewDirectMessageGroupMessage",
      (m) => m.text === "Thanks",
    );

    // not a member: no reading, no writing, nothing pushed
    const refused = await outsiderHub.call("SendDirectMessageGroupMessage", {
      groupId: group.groupId,
      text: "let me in",
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "not-allowed" } });
    expect(outsiderHub.events.some((e) => e.name === "NewDirectMessageGroupMessage")).toBe(false);
    for (const url of [`${DM}/${group.groupId}`, `${DM}/${group.groupId}/messages`]) {
      expect((await clientFor(t, outsider)({ method: "GET", url })).statusCode).toBe(403);
      expect((await clientFor(t, null)({ method: "GET", url })).statusCode).toBe(401);
    }
    expect(
      (await clientFor(t, owner)({ method: "GET", url: `${DM}/no-such-group` })).statusCode,
    ).toBe(404);

    // history after reconnecting: the stored messages, oldest first
    vicHub.close();
    const history = await clientFor(
      t,
      visitor,
    )({
      method: "GET",
      url: `${DM}/${group.groupId}/messages`,
    });
    expect((history.json() as { text: string }[]).map((m) => m.text)).toEqual([
      "Welcome!",
      "Thanks",
    ]);
    const mine = await clientFor(t, visitor)({ method: "GET", url: DM });
    expect((mine.json() as { groupId: string }[]).map((g) => g.groupId)).toContain(group.groupId);
  });

  it("says which field is wrong", async () => {
    const post = (payload: unknown) =>
      clientFor(t, owner)({ method: "POST", url: DM, payload: payload as object });
    for (const [payload, path] of [
      [{ memberIds: [] }, "memberIds"],
      [{ memberIds: ["nobody-here"] }, "memberIds"],
      [{ memberIds: [owner.userId] }, "memberIds"],
      [{}, "memberIds"],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().fields)).toContain(path);
    }
    const group = (await post({ memberIds: [visitor.userId] })).json() as { groupId: string };
    const tooLong = await clientFor(
      t,
      owner,
    )({
      method: "POST",
      url: `${DM}/${group.groupId}/messages`,
      payload: { text: "x".repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
