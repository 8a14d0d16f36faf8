import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 16, the creator and visitor menu: the space's owner greets a visitor (who is told and
// sees the owner's avatar wave; he greets back from a click on her avatar), opens a direct message from the menu (the visitor finds it in
// the Direct tab with an unread count), mutes the visitor's public chat for herself, and
// removes the visitor from the instance.

let owner: AtriumClient;
let visitor: AtriumClient;
let sceneId: string;

const person = (name: string) => ({
  name,
  email: `menu-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for the visitor menu",
});

test.beforeAll(async () => {
  owner = await AtriumClient.signUp(e2eBaseUrl(), person("Olga Owner"));
  visitor = await AtriumClient.signUp(e2eBaseUrl(), person("Dan Visitor"));
  sceneId = await owner.publishSpace("Menu room", galleryDocument({ width: 8, depth: 6 }));
});

async function signedInPage(browser: Browser, client: AtriumClient) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  await context.addCookies([
    { name: "atrium_session", value: client.sessionValue, url: e2eBaseUrl() },
  ]);
  return { context, page: await context.newPage() };
}

const remotes = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as {
        __atriumViewer: {
          remoteAvatars(): { emote: string | null; screen: { x: number; y: number } | null }[];
        };
      }
    ).__atriumViewer.remoteAvatars(),
  );

test.describe("the visitor menu", () => {
  test.describe.configure({ timeout: 240_000 });

  test("greet, chat, mute and remove a visitor", async ({ browser }) => {
    const o = await signedInPage(browser, owner);
    const d = await signedInPage(browser, visitor);
    const olga = o.page;
    const dan = d.page;
    try {
      await new ViewerPage(olga).open(`/viewer/${sceneId}`);
      await new ViewerPage(dan).open(`/viewer/${sceneId}`);
      await olga.getByRole("button", { name: "Live visitors" }).click();
      const list = olga.getByTestId("live-visitors");
      await expect(list.getByTestId("live-visitor")).toHaveCount(2);
      const danInList = list.getByTestId("live-visitor-menu").filter({ hasText: "Dan Visitor" });
      const menu = olga.getByTestId("visitor-menu");

      // greet: Dan is told, and sees Olga's avatar wave
      await danInList.click();
      await expect(menu.getByTestId("menu-invite")).toBeEnabled();
      await menu.getByTestId("menu-greet").click();
      await expect(dan.getByText("Olga Owner greets you")).toBeVisible();
      await expect.poll(async () => (await remotes(dan))[0]?.emote).toBe("Wave");

      // Dan clicks Olga's avatar (once she has walked ahead of him): the same menu, greet back
      const olgaView = new ViewerPage(olga);
      const start = (await olgaView.pose())?.position ?? [0, 0, 0];
      await olgaView.holdKey(
        "KeyW",
        (z, x) => Math.hypot(x - (start[0] ?? 0), z - (start[2] ?? 0)) > 1.5,
        10_000,
      );
      const viewport = dan.viewportSize() ?? { width: 1280, height: 720 };
      await expect
        .poll(async () => {
          const at = (await remotes(dan))[0]?.screen;
          return Boolean(
            at && at.x > 0 && at.y > 0 && at.x < viewport.width && at.y < viewport.height,
          );
        })
        .toBe(true);
      await dan.waitForTimeout(500); // let her avatar settle where she stopped
      const at = (await remotes(dan))[0]?.screen ?? { x: 0, y: 0 };
      await dan.mouse.click(at.x, at.y);
      const avatarMenu = dan.getByTestId("avatar-visitor-menu");
      await expect(avatarMenu).toBeVisible();
      await avatarMenu.getByTestId("menu-greet").click();
      await expect(olga.getByText("Dan Visitor greets you")).toBeVisible();

      // chat from the menu: the Direct tab opens on the conversation
      await danInList.click();
      await menu.getByTestId("menu-chat").click();
      const olgaChat = olga.getByTestId("chat-panel");
      await expect(olgaChat.getByTestId("dm-conversation")).toBeVisible();
      await expect(olgaChat.getByTestId("dm-title")).toHaveText("Dan Visitor");
      await olgaChat.getByTestId("dm-input").fill("Hello Dan, welcome");
      await olgaChat.getByTestId("dm-input").press("Enter");
      await olgaChat.getByTestId("dm-input").fill("Ask me anything");
      await olgaChat.getByTestId("dm-send").click();
      await expect(olgaChat.getByTestId("dm-message")).toHaveCount(2);
      await expect(olgaChat.getByTestId("dm-message").nth(1)).toHaveAttribute(
        "data-grouped",
        "true",
      );

      // Dan: an unread count on the Direct tab and on the conversation, then the history
      await dan.getByRole("button", { name: "Chat" }).click();
      const danChat = dan.getByTestId("chat-panel");
      await expect(danChat.getByTestId("dm-unread")).toHaveText("2");
      await danChat.getByTestId("chat-tab-direct").click();
      await expect(danChat.getByTestId("dm-group-unread")).toHaveText("2");
      await danChat.getByTestId("dm-group").filter({ hasText: "Olga Owner" }).click();
      await expect(danChat.getByTestId("dm-message")).toHaveCount(2);
      await expect(danChat.getByTestId("dm-message").first()).toContainText("Hello Dan, welcome");
      await expect(danChat.getByTestId("dm-unread")).toHaveCount(0);
      await danChat.getByTestId("dm-input").fill("Thanks Olga");
      await danChat.getByTestId("dm-input").press("Enter");
      await expect(olgaChat.getByTestId("dm-message")).toHaveCount(3);

      // mute: Dan's public messages disappear from Olga's chat (and stay hidden)
      await danChat.getByTestId("chat-tab-event").click();
      await expect(danChat.getByTestId("chat-event-empty")).toBeVisible();
      await danChat.getByRole("tab", { name: "Public" }).click();
      await danChat.getByTestId("chat-input").fill("Loud message from Dan");
      await danChat.getByTestId("chat-input").press("Enter");
      await olgaChat.getByRole("tab", { name: "Public" }).click();
      await expect(olgaChat.getByTestId("chat-message")).toContainText(["Loud message from Dan"]);
      await olga.getByRole("button", { name: "Live visitors" }).click();
      await danInList.click();
      await menu.getByTestId("menu-mute").click();
      await expect(danInList).toContainText("muted");
      await danChat.getByTestId("chat-input").fill("Another loud one");
      await danChat.getByTestId("chat-input").press("Enter");
      await expect(danChat.getByTestId("chat-message")).toHaveCount(2);
      await olga.getByRole("button", { name: "Chat" }).click();
      await olgaChat.getByRole("tab", { name: "Public" }).click();
      await expect(olgaChat.getByTestId("chat-message")).toHaveCount(0);

      // the owner mutes Dan for everyone: his chat box says so (the server refuses his words)
      await olga.getByRole("button", { name: "Live visitors" }).click();
      await danInList.click();
      await menu.getByTestId("menu-mute-all").click();
      await expect(danChat.getByTestId("chat-closed")).toHaveText("The space's owner muted you");
      await olga.getByRole("button", { name: "Chat" }).click();

      // the owner removes Dan from the instance: he is told, and gone from her list
      await olga.getByRole("button", { name: "Live visitors" }).click();
      await danInList.click();
      await menu.getByTestId("menu-remove").click();
      await menu.getByTestId("menu-remove-confirm-button").click();
      await expect(list.getByTestId("live-visitor")).toHaveCount(1);
      await dan.getByRole("button", { name: "Live visitors" }).click();
      await expect(dan.getByTestId("live-removed")).toHaveText(
        "You were removed from this space's instance",
      );
    } finally {
      await o.context.close();
      await d.context.close();
    }
  });
});
