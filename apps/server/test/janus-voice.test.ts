import { randomBytes } from "node:crypto";
import { voiceMessages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJanus, janusMissing, type StartedJanus, startJanus } from "../../../scripts/janus.mjs";
import { createJanusClient, type JanusClient, JanusError } from "../src/realtime/janus-client.js";
import { janusRoomOf } from "../src/realtime/janus-voice.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { publishedSpace } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Voice through the Janus SFU (issue 19, JANUS_URL): Debian's Janus, started here on its own
// ports with a generated configuration (scripts/janus.mjs; `npm test` installs it with apt-get
// when missing). The server creates a VideoRoom room when an instance's first visitor publishes
// and destroys it when the last one leaves; only visitors who joined the voice chat (the
// communication ACL) publish; Janus itself refuses requests without the API secret, room
// creation without the admin key and joins without the room's PIN. Node has no WebRTC: the
// publisher's offer is a written SDP (Janus answers it; no media flows; the browser journey
// e2e/tests/voice-janus.spec.ts carries real audio).

const janusBinary = findJanus();
if (!janusBinary) {
  if (process.env.CI) throw new Error(janusMissing);
  console.warn(`${janusMissing}: skipped`);
}

const KEY = "/api/communicationInteractionService/key";
const API_SECRET = randomBytes(12).toString("hex");
const ADMIN_KEY = randomBytes(12).toString("hex");
const ROOM_KEY = `${API_SECRET}|${ADMIN_KEY}`;
const PLUGIN = "janus.plugin.videoroom";

/** A browser's audio offer as Chromium writes it (its ICE candidate included: no trickle). */
function audioOffer() {
  const fingerprint = Array.from(randomBytes(32), (byte) =>
    byte.toString(16).padStart(2, "0").toUpperCase(),
  ).join(":");
  return [
    "v=0",
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS mic",
    "m=audio 50000 UDP/TLS/RTP/SAVPF 111",
    "c=IN IP4 127.0.0.1",
    "a=rtcp:9 IN IP4 0.0.0.0",
    "a=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host",
    "a=end-of-candidates",
    `a=ice-ufrag:${randomBytes(3).toString("hex")}`,
    `a=ice-pwd:${randomBytes(12).toString("hex")}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    "a=setup:actpass",
    "a=mid:0",
    "a=sendonly",
    "a=msid:mic track",
    "a=rtcp-mux",
    "a=rtpmap:111 opus/48000/2",
    "a=fmtp:111 minptime=10;useinbandfec=1",
    "a=ssrc:1111 cname:atrium",
    "",
  ].join("\r\n");
}

let janus: StartedJanus;
let t: TestApp;
let baseUrl: string;
let probe: JanusClient;
let probeHandle: number;
let owner: TestUser;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;
let sceneId: string;
let quietSceneId: string;
const clients: HubClient[] = [];

beforeAll(async () => {
  if (!janusBinary) return;
  janus = await startJanus({ binary: janusBinary, apiSecret: API_SECRET, adminKey: ADMIN_KEY });
  t = await createTestApp({
    JANUS_URL: janus.url,
    JANUS_API_SECRET: API_SECRET,
    JANUS_ADMIN_KEY: ADMIN_KEY,
    LOG_LEVEL: "warn",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // the test's own look at Janus, as an operator would have it
  probe = createJanusClient({ url: janus.url, apiSecret: API_SECRET });
  probeHandle = await probe.attach(PLUGIN, () => {});
  owner = await signUpUser(t, { name: "Olga Owner", plan: "standard" });
  ann = await signUpUser(t, { name: "Ann Able" });
  bob = await signUpUser(t, { name: "Bob Baker" });
  cat = await signUpUser(t, { name: "Cat Cole" });
  sceneId = (await publishedSpace(t, owner, { title: "Janus place" })).sceneId;
  const quiet = await signUpUser(t, { name: "Quinn Quiet", plan: "standard" });
  // only its owner and Ann may speak here
  quietSceneId = (
    await publishedSpace(t, quiet, {
      title: "Quiet Janus place",
      communicationACLEnabled: true,
      userCommunicationACL: [ann.userId],
    })
  ).sceneId;
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  // everyone gone: no room is left in Janus (and the server is done with Redis before closing)
  if (probe) {
    await until(async () => {
      const list = await probe.request(probeHandle, { request: "list", admin_key: ADMIN_KEY });
      return (list.list as unknown[]).length === 0;
    });
  }
  await probe?.close();
  await t?.close();
  await janus?.stop();
});

async function join(user: TestUser, scene = sceneId) {
  const response = await clientFor(t, user)({ method: "GET", url: KEY });
  expect(response.statusCode, response.body).toBe(200);
  const client = await connected(hubClient(baseUrl, response.json().accessToken));
  clients.push(client);
  await client.waitFor("MyUserId");
  const ack = await client.call("JoinScene", { sceneId: scene });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return {
    client,
    id: client.socket.id as string,
    instanceId: ack.ok ? String(ack.instanceId) : "",
  };
}

const roomOf = (instanceId: string) => janusRoomOf(instanceId, ROOM_KEY);
async function roomExists(instanceId: string) {
  const data = await probe.request(probeHandle, { request: "exists", room: roomOf(instanceId).id });
  return data.exists === true;
}
async function displays(instanceId: string) {
  const data = await probe.request(probeHandle, {
    request: "listparticipants",
    room: roomOf(instanceId).id,
  });
  return (data.participants as { display: string }[]).map((p) => p.display).sort();
}
async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!janusBinary)("voice through Janus (VideoRoom, one room per instance)", () => {
  it("creates the instance's room for its first publisher, answers the offer, and destroys the room after the last one leaves", async () => {
    const a = await join(ann);
    const b = await join(bob);
    expect(b.instanceId).toBe(a.instanceId);
    const entered = a.client.events.find((event) => event.name === "EnteredInstance");
    expect(entered?.payload).toMatchObject({ voice: "janus" });
    expect(await roomExists(a.instanceId)).toBe(false);

    // publishing needs the voice chat first
    expect(await a.client.call("SfuPublish", { sdp: audioOffer() })).toMatchObject({
      ok: false,
      error: { code: "not-in-instance", message: voiceMessages.notInVoice },
    });
    expect((await a.client.call("JoinVoice", { muted: false })).ok).toBe(true);
    const published = await a.client.call("SfuPublish", { sdp: audioOffer() });
    expect(published.ok, JSON.stringify(published)).toBe(true);
    const answer = String((published as { sdp?: string }).sdp);
    expect(answer).toMatch(/^v=0/);
    expect(answer).toMatch(/a=recvonly/);
    expect(answer).toMatch(/a=candidate:/); // Janus's candidates are in it: no trickle
    expect(await roomExists(a.instanceId)).toBe(true);
    expect(await displays(a.instanceId)).toEqual([a.id]);

    expect((await b.client.call("JoinVoice", { muted: true })).ok).toBe(true);
    expect((await b.client.call("SfuPublish", { sdp: audioOffer() })).ok).toBe(true);
    expect(await displays(a.instanceId)).toEqual([a.id, b.id].sort());

    // a second publish replaces the first (one publisher per connection)
    expect((await b.client.call("SfuPublish", { sdp: audioOffer() })).ok).toBe(true);
    expect(await displays(a.instanceId)).toEqual([a.id, b.id].sort());

    expect((await b.client.call("LeaveVoice", {})).ok).toBe(true);
    expect(await displays(a.instanceId)).toEqual([a.id]);
    expect(await roomExists(a.instanceId)).toBe(true);
    // the last one going (here: leaving the instance) takes the room with them
    expect((await a.client.call("ExitCurrentScene", {})).ok).toBe(true);
    await until(async () => !(await roomExists(a.instanceId)));
  });

  it("destroys the room when its last publisher's connection drops", async () => {
    const a = await join(ann);
    expect((await a.client.call("JoinVoice", {})).ok).toBe(true);
    expect((await a.client.call("SfuPublish", { sdp: audioOffer() })).ok).toBe(true);
    expect(await roomExists(a.instanceId)).toBe(true);
    a.client.close();
    await until(async () => !(await roomExists(a.instanceId)));
  });

  it("lets a visitor the ACL allows publish, and refuses one it does not", async () => {
    const allowed = await join(ann, quietSceneId);
    expect((await allowed.client.call("JoinVoice", {})).ok).toBe(true);
    expect((await allowed.client.call("SfuPublish", { sdp: audioOffer() })).ok).toBe(true);
    expect(await displays(allowed.instanceId)).toEqual([allowed.id]);

    const refused = await join(cat, quietSceneId);
    expect(refused.instanceId).toBe(allowed.instanceId);
    expect(await refused.client.call("JoinVoice", {})).toMatchObject({
      ok: false,
      error: { code: "not-allowed", message: voiceMessages.disabled },
    });
    expect(await refused.client.call("SfuPublish", { sdp: audioOffer() })).toMatchObject({
      ok: false,
      error: { code: "not-in-instance", message: voiceMessages.notInVoice },
    });
    // nobody answers for Cat: Janus never saw her
    expect(await displays(allowed.instanceId)).toEqual([allowed.id]);
    expect(
      await refused.client.call("SfuAnswer", { visitorId: allowed.id, sdp: "v=0" }),
    ).toMatchObject({
      ok: false,
      error: { code: "not-found" },
    });
    expect((await allowed.client.call("LeaveVoice", {})).ok).toBe(true);
    await until(async () => !(await roomExists(allowed.instanceId)));
  });

  it("keeps Janus's API closed to whoever lacks the secrets: API secret, admin key, room PIN", async () => {
    const a = await join(ann);
    expect((await a.client.call("JoinVoice", {})).ok).toBe(true);
    expect((await a.client.call("SfuPublish", { sdp: audioOffer() })).ok).toBe(true);
    const room = roomOf(a.instanceId);

    // no API secret: no session at all
    const anonymous = createJanusClient({ url: janus.url });
    await expect(anonymous.attach(PLUGIN, () => {})).rejects.toBeInstanceOf(JanusError);
    await anonymous.close();

    // with the API secret but no admin key: no room is created
    for (const key of [{}, { admin_key: "guess" }]) {
      await expect(
        probe.request(probeHandle, { request: "create", room: 4242, permanent: false, ...key }),
      ).rejects.toBeInstanceOf(JanusError);
    }
    await expect(
      probe.request(probeHandle, { request: "exists", room: 4242 }),
    ).resolves.toMatchObject({
      exists: false,
    });
    // nor a join without the room's PIN, nor its destruction without its secret
    const intruder = await probe.attach(PLUGIN, () => {});
    await expect(
      probe.message(intruder, { request: "join", ptype: "publisher", room: room.id, pin: "guess" }),
    ).rejects.toMatchObject({ code: 433 });
    await expect(
      probe.message(intruder, { request: "join", ptype: "subscriber", room: room.id, streams: [] }),
    ).rejects.toBeInstanceOf(JanusError);
    await expect(
      probe.request(probeHandle, { request: "destroy", room: room.id, secret: "guess" }),
    ).rejects.toMatchObject({ code: 433 });
    await probe.detach(intruder);
    expect(await roomExists(a.instanceId)).toBe(true);
    // the room is private: not listed
    const list = await probe.request(probeHandle, { request: "list" });
    expect((list.list as { room: number }[]).map((entry) => entry.room)).not.toContain(room.id);
    expect((await a.client.call("LeaveVoice", {})).ok).toBe(true);
  });
});
