import type { Browser } from "@playwright/test";
import { chromiumArgs, chromiumExecutable, fakeMediaArgs } from "../chromium-flags";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";
import {
  connectedVoicePeers,
  expectAudioFlowing,
  expectAudioStopped,
  joinVoice,
  voiceBytesReceived,
} from "../fixtures/voice";

// Issue 19, voice: two visitors with fake microphones join the voice chat of one space; each
// receives the other's audio (RTCPeerConnection statistics, inbound-rtp bytes grow); when one
// mutes, no more of their audio arrives; when the owner mutes them for everyone, their voice chat
// ends by itself. A refused microphone is explained, and an embed with
// showCommunications=0 offers no voice.

test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, ...fakeMediaArgs],
  },
});

const MODERATION = "/api/communicationInteractionService/liveuser";

let owner: AtriumClient;
let visitor: AtriumClient;
let sceneId: string;

const person = (name: string) => ({
  name,
  email: `voice-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for the voice chat",
});

test.beforeAll(async () => {
  owner = await AtriumClient.signUp(e2eBaseUrl(), person("Olga Owner"));
  visitor = await AtriumClient.signUp(e2eBaseUrl(), person("Dan Visitor"));
  sceneId = await owner.publishSpace("Voice room", galleryDocument({ width: 8, depth: 6 }));
});

async function signedInPage(browser: Browser, client: AtriumClient) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  await context.addCookies([
    { name: "atrium_session", value: client.sessionValue, url: e2eBaseUrl() },
  ]);
  return { context, page: await context.newPage() };
}

test.describe("the voice chat", () => {
  test.describe.configure({ timeout: 240_000 });

  test("two visitors hear each other, and muting stops one's audio", async ({ browser }) => {
    const o = await signedInPage(browser, owner);
    const d = await signedInPage(browser, visitor);
    try {
      await new ViewerPage(o.page).open(`/viewer/${sceneId}`);
      await new ViewerPage(d.page).open(`/viewer/${sceneId}`);
      for (const page of [o.page, d.page]) await joinVoice(page);
      await expect.poll(() => connectedVoicePeers(o.page), { timeout: 60_000 }).toBe(1);
      await expect.poll(() => connectedVoicePeers(d.page), { timeout: 60_000 }).toBe(1);
      await expectAudioFlowing(o.page);
      await expectAudioFlowing(d.page);
      await expect(d.page.getByTestId("voice-peers")).toContainText("1");

      // Dan mutes: his audio stops reaching Olga (no packets leave: the sender has no track)
      await d.page.getByTestId("voice-button").click();
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "muted");
      await expectAudioStopped(o.page);
      // while Olga's still reaches Dan
      await expectAudioFlowing(d.page);

      // hold V to talk: Dan's audio flows again while the key is down
      await d.page
        .locator("canvas")
        .first()
        .click({ position: { x: 5, y: 5 } })
        .catch(() => {});
      await d.page.keyboard.down("v");
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "live");
      const held = await voiceBytesReceived(o.page);
      await expect
        .poll(() => voiceBytesReceived(o.page), { timeout: 30_000 })
        .toBeGreaterThan(held);
      await d.page.keyboard.up("v");
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "muted");

      // the owner mutes Dan for everyone: his voice chat ends by itself and says why, until lifted
      const [danPeer] = await o.page.evaluate(
        () =>
          (
            window as unknown as { __atriumVoice?: { state(): { peers: { visitorId: string }[] } } }
          ).__atriumVoice?.state().peers ?? [],
      );
      await owner.request("POST", `${MODERATION}/mute`, { sceneId, visitorId: danPeer?.visitorId });
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute(
        "data-state",
        "mutedByOwner",
      );
      await expect(d.page.getByTestId("voice-error")).toHaveText(
        "The space's owner muted you and took you out of the voice chat",
      );
      await expect.poll(() => connectedVoicePeers(o.page), { timeout: 30_000 }).toBe(0);
      await owner.request("POST", `${MODERATION}/unmute`, { sceneId, userId: visitor.userId });
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "off");
    } finally {
      await o.context.close();
      await d.context.close();
    }
  });

  test("a refused microphone is explained; an embed without communications has no voice", async ({
    browser,
  }) => {
    const d = await signedInPage(browser, visitor);
    try {
      await d.page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
      });
      await new ViewerPage(d.page).open(`/viewer/${sceneId}`);
      await d.page.getByTestId("voice-button").click();
      await expect(d.page.getByTestId("voice-error")).toHaveText(
        "You should give access to your microphone device",
      );
      await expect(d.page.getByTestId("voice-button")).toHaveAttribute("data-state", "off");

      await new ViewerPage(d.page).open(`/viewer/embed/${sceneId}?showCommunications=0`);
      await d.page.waitForTimeout(1000);
      await expect(d.page.getByTestId("voice-control")).toHaveCount(0);
    } finally {
      await d.context.close();
    }
  });
});
