import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { findJanus, janusMissing, type StartedJanus, startJanus } from "../../scripts/janus.mjs";
import { chromiumArgs, chromiumExecutable, fakeMediaArgs } from "../chromium-flags";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";
import {
  connectedVoicePeers,
  expectAudioFlowing,
  expectAudioStopped,
  joinVoice,
} from "../fixtures/voice";

// Issue 19, voice through the Janus SFU: Debian's Janus (scripts/janus.mjs, installed by
// `npm test` with apt-get) and a second Atrium server with JANUS_URL, both started here; two
// visitors with fake microphones join the voice chat of one space; each receives the other's
// voice from Janus (inbound-rtp bytes grow); when one mutes, no more of their audio arrives.

const janusBinary = findJanus();
if (!janusBinary && process.env.CI) throw new Error(janusMissing);

test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, ...fakeMediaArgs],
  },
});
test.describe.configure({ mode: "serial", timeout: 240_000 });

let janus: StartedJanus | null = null;
let apiSecret = "";
let adminKey = "";
let server: ChildProcess | null = null;
let dataDir = "";
let baseUrl = "";
let owner: AtriumClient;
let visitor: AtriumClient;
let sceneId: string;

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const person = (name: string) => ({
  name,
  email: `janus-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for the voice chat",
});

test.beforeAll(async () => {
  test.skip(!janusBinary, janusMissing);
  apiSecret = randomBytes(12).toString("hex");
  adminKey = randomBytes(12).toString("hex");
  janus = await startJanus({ binary: janusBinary, apiSecret, adminKey });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-e2e-janus-"));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  server = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SIGNUP_LIMIT_PER_HOUR: "1000",
      DATABASE_URL: "",
      REDIS_URL: "",
      JANUS_URL: janus.url,
      JANUS_API_SECRET: apiSecret,
      JANUS_ADMIN_KEY: adminKey,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseUrl}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000 },
    )
    .toBe(200);
  owner = await AtriumClient.signUp(baseUrl, person("Olga Owner"));
  visitor = await AtriumClient.signUp(baseUrl, person("Dan Visitor"));
  sceneId = await owner.publishSpace("Janus room", galleryDocument({ width: 8, depth: 6 }));
});

test.afterAll(async () => {
  // the server may still be writing to its data directory: wait until it has exited
  const running = server;
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }
  await janus?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

async function signedInPage(browser: Browser, client: AtriumClient) {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addCookies([{ name: "atrium_session", value: client.sessionValue, url: baseUrl }]);
  return { context, page: await context.newPage() };
}

/** Who publishes in Janus's rooms, asked of Janus itself (its JSON API, as an operator would). */
async function janusPublishers() {
  if (!janus) return [];
  const url = janus.url;
  const post = async (where: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${url}${where}`, {
        method: "POST",
        body: JSON.stringify({
          ...body,
          transaction: randomBytes(6).toString("hex"),
          apisecret: apiSecret,
        }),
      })
    ).json()) as { data?: { id: number }; plugindata?: { data: Record<string, unknown> } };
  const session = (await post("", { janus: "create" })).data?.id;
  const handle = (await post(`/${session}`, { janus: "attach", plugin: "janus.plugin.videoroom" }))
    .data?.id;
  const ask = async (body: Record<string, unknown>) =>
    (await post(`/${session}/${handle}`, { janus: "message", body })).plugindata?.data ?? {};
  // private rooms are listed only with the admin key
  const rooms = ((await ask({ request: "list", admin_key: adminKey })).list ?? []) as {
    room: number;
  }[];
  const publishers: string[] = [];
  for (const { room } of rooms) {
    const participants = ((await ask({ request: "listparticipants", room })).participants ??
      []) as { display?: string; publisher?: boolean }[];
    for (const participant of participants) {
      if (participant.publisher && participant.display) publishers.push(participant.display);
    }
  }
  await post(`/${session}`, { janus: "destroy" });
  return publishers;
}

test("through Janus, two visitors hear each other, and muting stops one's audio", async ({
  browser,
}) => {
  const o = await signedInPage(browser, owner);
  const d = await signedInPage(browser, visitor);
  try {
    await new ViewerPage(o.page).open(`/viewer/${sceneId}`);
    await new ViewerPage(d.page).open(`/viewer/${sceneId}`);
    for (const page of [o.page, d.page]) await joinVoice(page);
    await expect.poll(() => connectedVoicePeers(o.page), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => connectedVoicePeers(d.page), { timeout: 60_000 }).toBe(1);
    // both voices go through Janus: one room, two publishers
    await expect.poll(async () => (await janusPublishers()).length, { timeout: 30_000 }).toBe(2);
    await expectAudioFlowing(o.page);
    await expectAudioFlowing(d.page);

    // Dan mutes: his audio stops reaching Olga through Janus
    await d.page.getByTestId("voice-button").click();
    await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "muted");
    await expectAudioStopped(o.page);
    // while Olga's still reaches Dan
    await expectAudioFlowing(d.page);
  } finally {
    await o.context.close();
    await d.context.close();
  }
});
