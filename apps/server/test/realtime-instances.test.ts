import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MAX_VISITORS_PER_INSTANCE } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubTokens } from "../src/realtime/hub-token.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser } from "./support/users.js";

// Two app instances on one PostgreSQL and the real Redis (issue 16): instance A in this
// process, instance B in a child process that the last test kills with SIGKILL. Needs
// DATABASE_URL and REDIS_URL (CI sets both); without them there is only one instance.

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let a: TestApp;
let b: ChildProcess | null = null;
let urlA: string;
let urlB: string;
let sceneId: string;
let secondSceneId: string;
const clients: HubClient[] = [];
const hostOf = new Map<HubClient, string>();
const instanceOf = new Map<HubClient, string>();

async function startB(schema: string, prefix: string) {
  const script = fileURLToPath(new URL("./support/app-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, schema, prefix], {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /port=(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`instance B exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

describe.skipIf(!shared)("hubs across two app instances", () => {
  let guestToken: (scene: string) => Promise<string>;

  beforeAll(async () => {
    a = await createTestApp();
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    const address = a.app.server.address();
    urlA = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const started = await startB(a.database.schema ?? "", a.context.redis?.options.keyPrefix ?? "");
    b = started.child;
    urlB = started.url;
    const owner = await signUpUser(a, { name: "Ada Owner", plan: "standard" });
    sceneId = (await publishedSpace(a, owner, { title: "Crowded place" })).sceneId;
    const secondOwner = await signUpUser(a, { name: "Bo Owner", plan: "standard" });
    secondSceneId = (await publishedSpace(a, secondOwner, { title: "Second place" })).sceneId;
    const tokens = createHubTokens(a.database.handle.db);
    guestToken = async (scene: string) =>
      (
        await tokens.issue({
          userId: `guest-${crypto.randomUUID()}`,
          guest: true,
          name: "Guest",
          profilePicture: null,
          avatarId: null,
          plan: null,
          isAdmin: false,
          sceneId: scene,
        })
      ).token;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    b?.kill("SIGKILL");
    await a?.close();
  });

  async function visitor(url: string, scene: string) {
    const client = await connected(hubClient(url, await guestToken(scene)));
    clients.push(client);
    hostOf.set(client, url);
    const ack = await client.call("JoinScene", { sceneId: scene });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    const instanceId = (ack as unknown as { instanceId: string }).instanceId;
    instanceOf.set(client, instanceId);
    return { client, instanceId };
  }

  it("visitors on different app instances see each other, chat and move together", async () => {
    const onA = await visitor(urlA, sceneId);
    const onB = await visitor(urlB, sceneId);
    expect(onB.instanceId).toBe(onA.instanceId);
    await onA.client.waitFor<{ visitor: { visitorId: string } }>(
      "JoinedGroup",
      (p) => p.visitor.visitorId === onB.client.socket.id,
    );
    const entered = await onB.client.waitFor<{ visitors: { visitorId: string }[] }>(
      "EnteredInstance",
    );
    expect(entered.visitors.map((v) => v.visitorId)).toContain(onA.client.socket.id);
    expect((await onB.client.call("SendPublicMessage", { text: "from B" })).ok).toBe(true);
    await onA.client.waitFor<{ text: string }>("PublicMessage", (p) => p.text === "from B");
    await onA.client.call("SendTransform", { p: [5, 0, 5], r: 0, a: "run" });
    await onB.client.waitFor<{ states: { visitorId: string }[] }>("Transforms", (p) =>
      p.states.some((s) => s.visitorId === onA.client.socket.id),
    );
    onA.client.close();
    onB.client.close();
  });

  it("a direct message sent on one app instance reaches the member connected to the other", async () => {
    const ann = await signUpUser(a, { name: "Ann" });
    const ben = await signUpUser(a, { name: "Ben" });
    const group = await clientFor(
      a,
      ann,
    )({
      method: "POST",
      url: "/api/communicationInteractionService/directmessagegroup",
      payload: { memberIds: [ben.userId] },
    });
    expect(group.statusCode).toBe(201);
    const key = async (user: typeof ann) =>
      (
        await clientFor(a, user)({ method: "GET", url: "/api/communicationInteractionService/key" })
      ).json().accessToken as string;
    const annHub = await connected(hubClient(urlA, await key(ann), "directmessagegrouphub"));
    const benHub = await connected(hubClient(urlB, await key(ben), "directmessagegrouphub"));
    clients.push(annHub, benHub);
    const sent = await annHub.call("SendDirectMessageGroupMessage", {
      groupId: group.json().groupId,
      text: "across instances",
    });
    expect(sent.ok).toBe(true);
    await benHub.waitFor<{ text: string }>(
      "NewDirectMessageGroupMessage",
      (m) => m.text === "across instances",
    );
    annHub.close();
    benHub.close();
  });

  it("greetings, blocks and the owner's removal work across app instances", async () => {
    const BASE = "/api/communicationInteractionService";
    const host = await signUpUser(a, { name: "Hal Host", plan: "standard" });
    const gus = await signUpUser(a, { name: "Gus" });
    const liz = await signUpUser(a, { name: "Liz" });
    const menuScene = (await publishedSpace(a, host, { title: "Menu across" })).sceneId;
    const key = async (user: typeof gus) =>
      (await clientFor(a, user)({ method: "GET", url: `${BASE}/key` })).json()
        .accessToken as string;
    const enter = async (url: string, user: typeof gus) => {
      const client = await connected(hubClient(url, await key(user)));
      clients.push(client);
      const ack = await client.call("JoinScene", { sceneId: menuScene });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      return { client, instanceId: (ack as unknown as { instanceId: string }).instanceId };
    };
    const hostOnA = await enter(urlA, host);
    const gusOnA = await enter(urlA, gus);
    const lizOnB = await enter(urlB, liz);
    expect(lizOnB.instanceId).toBe(hostOnA.instanceId);

    // a greeting from A reaches the visitor on B, and only them
    expect((await gusOnA.client.call("Greet", { visitorId: lizOnB.client.socket.id })).ok).toBe(
      true,
    );
    await lizOnB.client.waitFor(
      "Greeted",
      (p: { from: { name: string } }) => p.from.name === "Gus",
    );
    expect(hostOnA.client.events.some((e) => e.name === "Greeted")).toBe(false);

    // Liz (on B) blocks Gus (on A): his public words reach the host but not her
    await clientFor(
      a,
      liz,
    )({ method: "POST", url: `${BASE}/userblock`, payload: { userId: gus.userId } });
    expect((await gusOnA.client.call("SendPublicMessage", { text: "gus here" })).ok).toBe(true);
    await hostOnA.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "gus here");
    expect((await hostOnA.client.call("SendPublicMessage", { text: "host here" })).ok).toBe(true);
    await lizOnB.client.waitFor("PublicMessage", (p: { text: string }) => p.text === "host here");
    expect(
      lizOnB.client.events.some(
        (e) => e.name === "PublicMessage" && (e.payload as { text: string }).text === "gus here",
      ),
    ).toBe(false);

    // the host, on A, removes Liz, who is on B: she is told and cut off, and kept out
    const lizId = lizOnB.client.socket.id as string;
    const cut = new Promise<string>((resolve) => lizOnB.client.socket.once("disconnect", resolve));
    const removed = await clientFor(
      a,
      host,
    )({
      method: "POST",
      url: `${BASE}/liveuser/remove`,
      payload: { sceneId: menuScene, visitorId: lizId },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await lizOnB.client.waitFor("RemovedFromInstance");
    expect(await cut).toBe("io server disconnect");
    await hostOnA.client.waitFor("LeftGroup", (p: { visitorId: string }) => p.visitorId === lizId);
    const back = await enter(urlB, liz);
    expect(back.instanceId).not.toBe(hostOnA.instanceId);
    for (const client of [hostOnA.client, gusOnA.client, back.client]) client.close();
  });

  it("the 26th visitor opens a second instance, even when they arrive at once on both app instances", async () => {
    const arrivals = await Promise.all(
      Array.from({ length: MAX_VISITORS_PER_INSTANCE + 1 }, (_, i) =>
        visitor(i % 2 === 0 ? urlA : urlB, secondSceneId),
      ),
    );
    const perInstance = new Map<string, number>();
    for (const arrival of arrivals) {
      perInstance.set(arrival.instanceId, (perInstance.get(arrival.instanceId) ?? 0) + 1);
    }
    expect([...perInstance.values()].sort((x, y) => y - x)).toEqual([MAX_VISITORS_PER_INSTANCE, 1]);
    const watcher = arrivals[0]?.client;
    const counts = await watcher?.waitFor<{ instances: { count: number }[] }>(
      "LiveVisitorCountPerSceneInstance",
      (p) =>
        p.instances.length === 2 &&
        p.instances.reduce((sum, entry) => sum + entry.count, 0) === MAX_VISITORS_PER_INSTANCE + 1,
    );
    expect(counts?.instances.map((entry) => entry.count)).toEqual([MAX_VISITORS_PER_INSTANCE, 1]);
  });

  it("killing an app instance: its visitors vanish from the others' views within 10 s and no count stays wrong", async () => {
    // the previous test left 13 visitors on A and 13 on B in the second space
    const onA = clients.filter((c) => c.socket.connected && hostOf.get(c) === urlA);
    const watcher = onA.at(-1);
    if (!watcher) throw new Error("no visitor on A");
    const onB = clients
      .filter((c) => c.socket.connected && hostOf.get(c) === urlB)
      .map((client) => ({ id: client.socket.id, client }));
    expect(onB.length).toBeGreaterThan(0);
    const aliveOnA = onA.length;
    const killedAt = Date.now();
    b?.kill("SIGKILL");
    await watcher.waitFor<{ count: number }>(
      "LiveVisitorCountInMyScene",
      (p) => p.count === aliveOnA,
      10_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    // every visitor of A saw each of B's visitors of its instance leave
    const mates = onA.flatMap((client) =>
      onB
        .filter((other) => instanceOf.get(other.client) === instanceOf.get(client))
        .map((other) => ({ client, visitorId: other.id })),
    );
    expect(mates.length).toBeGreaterThan(0);
    await Promise.all(
      mates.map(({ client, visitorId }) =>
        client.waitFor<{ visitorId: string }>("LeftGroup", (p) => p.visitorId === visitorId),
      ),
    );
    // B's visitors come back on the live instance and are counted again
    const back = await visitor(urlA, secondSceneId);
    await back.client.waitFor<{ count: number }>(
      "LiveVisitorCountInMyScene",
      (p) => p.count === aliveOnA + 1,
    );
    expect(await a.app.realtime.presence.sceneCounts([secondSceneId])).toEqual(
      new Map([[secondSceneId, aliveOnA + 1]]),
    );
  });
});
