import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 19, moderation by the space's owner: she locks the chat (a visitor sees why he cannot
// write, and writes again once she opens it), lifts a mute for everyone from the visitor menu,
// removes a visitor after confirming (he is told, and reloading puts him in another instance),
// and finds every action in her moderation log.

let visitor: AtriumClient;

const person = (name: string) => ({
  name,
  email: `moder-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for moderation",
});

test.beforeAll(async () => {
  visitor = await AtriumClient.signUp(e2eBaseUrl(), person("Dan Visitor"));
});

async function signedInPage(browser: Browser, client: AtriumClient) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  await context.addCookies([
    { name: "atrium_session", value: client.sessionValue, url: e2eBaseUrl() },
  ]);
  return { context, page: await context.newPage() };
}

const instanceOf = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __atriumViewer: { instanceId(): string | null } }
    ).__atriumViewer.instanceId(),
  );

/** Olga (a new owner each time: a free plan publishes few spaces) and Dan in a new space of
 * hers, both connected to the same instance. */
async function together(browser: Browser, title: string) {
  const owner = await AtriumClient.signUp(e2eBaseUrl(), person("Olga Owner"));
  const sceneId = await owner.publishSpace(title, galleryDocument({ width: 8, depth: 6 }));
  const o = await signedInPage(browser, owner);
  const d = await signedInPage(browser, visitor);
  await new ViewerPage(o.page).open(`/viewer/${sceneId}`);
  await new ViewerPage(d.page).open(`/viewer/${sceneId}`);
  await o.page.getByRole("button", { name: "Live visitors", exact: true }).click();
  await expect(o.page.getByTestId("live-visitor")).toHaveCount(2);
  return {
    sceneId,
    olga: o.page,
    dan: d.page,
    close: async () => {
      await o.context.close();
      await d.context.close();
    },
  };
}

async function say(page: Page, text: string) {
  const chat = page.getByTestId("chat-panel");
  await chat.getByTestId("chat-input").fill(text);
  await chat.getByTestId("chat-input").press("Enter");
}

async function openLog(page: Page) {
  // the toolbar's button toggles the sidebar: only when another one is shown
  if (!(await page.getByTestId("live-tab-moderation").isVisible()))
    await page.getByRole("button", { name: "Live visitors", exact: true }).click();
  await page.getByTestId("live-tab-moderation").click();
  return page.getByTestId("moderation-panel");
}

test.describe("moderation by the space's owner", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the owner locks the chat: a visitor cannot write and sees why, until she opens it", async ({
    browser,
  }) => {
    const { olga, dan, close } = await together(browser, "Quiet room");
    try {
      await dan.getByRole("button", { name: "Chat", exact: true }).click();
      const danChat = dan.getByTestId("chat-panel");
      await say(dan, "Hello before the lock");
      // a visitor has no lock control
      await expect(danChat.getByTestId("chat-lock")).toHaveCount(0);

      await olga.getByRole("button", { name: "Chat", exact: true }).click();
      const olgaChat = olga.getByTestId("chat-panel");
      await expect(olgaChat.getByTestId("chat-message")).toContainText(["Hello before the lock"]);
      await olgaChat.getByTestId("chat-lock").click();
      await expect(olgaChat.getByTestId("chat-lock")).toHaveText("Unlock chat");
      await expect(olgaChat.getByTestId("chat-locked-owner")).toHaveText(
        "The chat is locked: only you can write",
      );

      // Dan: no input, and the reason; Olga still writes and he reads it
      await expect(danChat.getByTestId("chat-closed")).toHaveText(
        "The space's owner locked the chat",
      );
      await expect(danChat.getByTestId("chat-input")).toHaveCount(0);
      await say(olga, "Quiet please, the talk starts");
      await expect(danChat.getByTestId("chat-message")).toContainText([
        "Quiet please, the talk starts",
      ]);
      // the lock holds across a reload
      await dan.reload();
      await new ViewerPage(dan).waitLoaded();
      await dan.getByRole("button", { name: "Chat", exact: true }).click();
      await expect(danChat.getByTestId("chat-closed")).toHaveText(
        "The space's owner locked the chat",
      );

      await olgaChat.getByTestId("chat-lock").click();
      await expect(olgaChat.getByTestId("chat-lock")).toHaveText("Lock chat");
      await expect(danChat.getByTestId("chat-closed")).toHaveCount(0);
      await say(dan, "Thanks for opening it");
      await expect(olgaChat.getByTestId("chat-message")).toContainText(["Thanks for opening it"]);

      const panel = await openLog(olga);
      await expect(panel.getByTestId("moderation-chat-state")).toHaveText("The chat is open");
      await expect(panel.getByTestId("moderation-log-entry")).toHaveText([
        /^Olga Owner unlocked the chat\s*now$/,
        /^Olga Owner locked the chat\s*now$/,
      ]);
    } finally {
      await close();
    }
  });

  test("the owner mutes a visitor for everyone and lifts it from the menu", async ({ browser }) => {
    const { olga, dan, close } = await together(browser, "Muted room");
    try {
      const list = olga.getByTestId("live-visitors");
      const danInList = list.getByTestId("live-visitor-menu").filter({ hasText: "Dan Visitor" });
      const menu = olga.getByTestId("visitor-menu");
      await dan.getByRole("button", { name: "Chat", exact: true }).click();
      const danChat = dan.getByTestId("chat-panel");

      await danInList.click();
      await menu.getByTestId("menu-mute-all").click();
      await expect(danChat.getByTestId("chat-closed")).toHaveText("The space's owner muted you");
      await expect(danInList.getByTestId("muted-for-all-badge")).toHaveText("muted for all");

      // the menu now offers to lift it (and no second mute)
      await danInList.click();
      await expect(menu.getByTestId("menu-mute-all")).toHaveCount(0);
      await menu.getByTestId("menu-unmute-all").click();
      await expect(danChat.getByTestId("chat-closed")).toHaveCount(0);
      await expect(danInList.getByTestId("muted-for-all-badge")).toHaveCount(0);
      await say(dan, "I can talk again");
      await olga.getByRole("button", { name: "Chat", exact: true }).click();
      await expect(olga.getByTestId("chat-panel").getByTestId("chat-message")).toContainText([
        "I can talk again",
      ]);

      const panel = await openLog(olga);
      await expect(panel.getByTestId("moderation-muted")).toHaveCount(0);
      await expect(panel.getByTestId("moderation-log-entry")).toHaveText([
        /^Olga Owner lifted Dan Visitor's mute/,
        /^Olga Owner muted Dan Visitor for everyone/,
      ]);

      // a mute lifted from the moderation tab, too (the list names who is muted)
      await olga.getByTestId("live-tab-visitors").click();
      await danInList.click();
      await menu.getByTestId("menu-mute-all").click();
      await expect(danChat.getByTestId("chat-closed")).toHaveText("The space's owner muted you");
      await olga.getByTestId("live-tab-moderation").click();
      await expect(panel.getByTestId("moderation-muted")).toHaveText([/^Dan Visitor/]);
      await panel.getByTestId("moderation-unmute").click();
      await expect(panel.getByTestId("moderation-muted")).toHaveCount(0);
      await expect(danChat.getByTestId("chat-closed")).toHaveCount(0);
      await expect(panel.getByTestId("moderation-log-entry")).toHaveCount(4);
    } finally {
      await close();
    }
  });

  test("the owner removes a visitor, who is told and cannot come back to that instance by reloading", async ({
    browser,
  }) => {
    const { olga, dan, close } = await together(browser, "Removal room");
    try {
      const list = olga.getByTestId("live-visitors");
      const danInList = list.getByTestId("live-visitor-menu").filter({ hasText: "Dan Visitor" });
      const menu = olga.getByTestId("visitor-menu");
      const first = await instanceOf(olga);
      expect(await instanceOf(dan)).toBe(first);

      // the first click asks; cancel keeps him
      await danInList.click();
      await menu.getByTestId("menu-remove").click();
      const confirm = menu.getByTestId("menu-remove-confirm");
      await expect(confirm).toContainText(
        "Remove Dan Visitor from this instance? They cannot come back to it for 10 minutes.",
      );
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(menu.getByTestId("menu-remove")).toBeVisible();
      await menu.getByTestId("menu-remove").click();
      await menu.getByTestId("menu-remove-confirm-button").click();
      await expect(list.getByTestId("live-visitor")).toHaveCount(1);

      await dan.getByRole("button", { name: "Live visitors", exact: true }).click();
      await expect(dan.getByTestId("live-removed")).toHaveText(
        "You were removed from this space's instance",
      );

      // reloading: another instance of the space, without Olga
      await dan.reload();
      await new ViewerPage(dan).waitLoaded();
      await expect.poll(() => instanceOf(dan)).not.toBeNull();
      expect(await instanceOf(dan)).not.toBe(first);
      await dan.getByRole("button", { name: "Live visitors", exact: true }).click();
      await expect(dan.getByTestId("live-visitor")).toHaveCount(1);
      await expect(list.getByTestId("live-visitor")).toHaveCount(1);

      const panel = await openLog(olga);
      await expect(panel.getByTestId("moderation-log-entry")).toHaveText([
        /^Olga Owner removed Dan Visitor from an instance/,
      ]);
    } finally {
      await close();
    }
  });
});
