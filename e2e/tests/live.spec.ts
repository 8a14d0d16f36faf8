import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 16, live together: two people in one space see each other in the live visitors
// sidebar and talk in its public chat; an embed without communications shows none of it.

let creator: AtriumClient;
let sceneId: string;

test.beforeAll(async () => {
  creator = await AtriumClient.signUp(e2eBaseUrl(), {
    name: "Cleo Creator",
    email: `live-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    password: "a long enough password for live visitors",
  });
  // Cleo wears an avatar of her own; the guest, the default one
  await creator.request("PATCH", `/api/userService/user/${creator.userId}`, { avatar: "coral" });
  sceneId = await creator.publishSpace("Meeting room", galleryDocument({ width: 8, depth: 6 }));
});

test.describe("live together", () => {
  test.describe.configure({ timeout: 240_000 });

  test("two visitors see each other and chat in the space's public chat", async ({ browser }) => {
    const signedIn = await browser.newContext({ baseURL: e2eBaseUrl() });
    await signedIn.addCookies([
      { name: "atrium_session", value: creator.sessionValue, url: e2eBaseUrl() },
    ]);
    const guest = await browser.newContext({ baseURL: e2eBaseUrl() });
    const cleo = await signedIn.newPage();
    const visitor = await guest.newPage();
    try {
      await new ViewerPage(cleo).open(`/viewer/${sceneId}`);
      await cleo.getByRole("button", { name: "Live visitors" }).click();
      const cleoList = cleo.getByTestId("live-visitors");
      await expect(cleoList.getByTestId("live-connection-state")).toHaveText("Connected");
      await expect(cleoList.getByTestId("live-visitor")).toHaveCount(1);
      await expect(cleoList.getByTestId("live-visitor")).toContainText("Cleo Creator");

      const visitorView = new ViewerPage(visitor);
      await visitorView.open(`/viewer/${sceneId}`);
      await expect(cleoList.getByTestId("live-visitor")).toHaveCount(2);
      await expect(cleoList.getByTestId("live-visitor").nth(1)).toContainText("Guest");
      await expect(cleoList.getByTestId("live-visitor").nth(1)).toContainText("guest");
      await expect(cleoList).toContainText("2 visitors in this instance");

      // Cleo sees the guest's avatar where the guest stands, moving when the guest walks
      const remotesOf = (page: typeof cleo) =>
        page.evaluate(() =>
          (
            window as unknown as {
              __atriumViewer: {
                remoteAvatars(): {
                  position: number[];
                  emote: string | null;
                  modelUrl: string | null;
                }[];
              };
            }
          ).__atriumViewer.remoteAvatars(),
        );
      const remotes = () => remotesOf(cleo);
      await expect.poll(async () => (await remotes()).length).toBe(1);
      // each avatar is its owner's: the guest sees Cleo's coral one, Cleo sees the default
      await expect
        .poll(async () => (await remotesOf(visitor))[0]?.modelUrl)
        .toBe("/api/avatarService/model/coral.glb");
      const defaultModel = await visitor.evaluate(async () => {
        const list = (await (await fetch("/api/avatarService/avatar")).json()) as {
          modelUrl: string;
        }[];
        return list[0]?.modelUrl;
      });
      expect(defaultModel).not.toBe("/api/avatarService/model/coral.glb");
      expect((await remotes())[0]?.modelUrl).toBe(defaultModel);
      const start = (await visitorView.pose())?.position ?? [0, 0, 0];
      await expect
        .poll(async () => {
          const seen = (await remotes())[0]?.position ?? [99, 99, 99];
          return Math.hypot((seen[0] ?? 0) - (start[0] ?? 0), (seen[2] ?? 0) - (start[2] ?? 0));
        })
        .toBeLessThan(0.05);
      await visitorView.holdKey(
        "KeyW",
        (z, x) => Math.hypot(x - (start[0] ?? 0), z - (start[2] ?? 0)) > 1,
        10_000,
      );
      await expect
        .poll(async () => {
          const walked = (await visitorView.pose())?.position ?? start;
          const seen = (await remotes())[0]?.position ?? [99, 99, 99];
          const fromStart = Math.hypot(
            (seen[0] ?? 0) - (start[0] ?? 0),
            (seen[2] ?? 0) - (start[2] ?? 0),
          );
          const fromWalked = Math.hypot(
            (seen[0] ?? 0) - (walked[0] ?? 0),
            (seen[2] ?? 0) - (walked[2] ?? 0),
          );
          return fromStart > 1 && fromWalked < 0.1;
        })
        .toBe(true);
      // the guest waves; Cleo's view of the guest waves
      await visitor.getByRole("button", { name: "Emotes", exact: true }).click();
      await visitor.getByRole("button", { name: "Wave" }).click();
      await expect.poll(async () => (await remotes())[0]?.emote).toBe("Wave");
      await visitor.getByRole("button", { name: "Emotes", exact: true }).click();

      // Cleo writes four times: one header for all (same person within 10 minutes)
      await cleo.getByRole("button", { name: "Chat" }).click();
      const cleoChat = cleo.getByTestId("chat-panel");
      await expect(cleoChat.getByTestId("live-connection-state")).toHaveText("Connected");
      await cleoChat.getByTestId("chat-input").fill("Hello from Cleo");
      await cleoChat.getByTestId("chat-input").press("Enter");
      await cleoChat.getByTestId("chat-input").fill("Welcome to my room");
      await cleoChat.getByRole("button", { name: "Send" }).click();
      // typed fast, one after the other: none is lost
      await cleoChat.getByTestId("chat-input").fill("Have a look around");
      await cleoChat.getByTestId("chat-input").press("Enter");
      await cleoChat.getByTestId("chat-input").fill("The pictures are new");
      await cleoChat.getByTestId("chat-input").press("Enter");
      await expect(cleoChat.getByTestId("chat-message")).toHaveCount(4);
      await expect(cleoChat.getByTestId("chat-input")).toHaveValue("");

      await visitor.getByRole("button", { name: "Chat" }).click();
      const visitorChat = visitor.getByTestId("chat-panel");
      // messages sent before the visitor opened the chat arrived all the same
      await expect(visitorChat.getByTestId("chat-message")).toHaveCount(4);
      await expect(visitorChat.getByTestId("chat-message").first()).toContainText("Cleo Creator");
      await expect(visitorChat.getByTestId("chat-message").nth(1)).toHaveAttribute(
        "data-grouped",
        "true",
      );
      await expect(visitorChat.getByTestId("chat-author")).toHaveCount(1);
      await visitorChat.getByTestId("chat-input").fill("Hi Cleo!");
      await visitorChat.getByTestId("chat-input").press("Enter");
      await expect(cleoChat.getByTestId("chat-message").nth(4)).toContainText("Hi Cleo!");
      await expect(cleoChat.getByTestId("chat-message").nth(4)).toContainText("Guest");

      // the guest leaves: Cleo's list shows her alone again
      await visitor.close();
      await cleo.getByRole("button", { name: "Live visitors" }).click();
      await expect(cleo.getByTestId("live-visitor")).toHaveCount(1);
    } finally {
      await signedIn.close();
      await guest.close();
    }
  });

  test("a space's card shows how many visitors are in it now", async ({ browser }) => {
    const inSpace = await browser.newContext({ baseURL: e2eBaseUrl() });
    const browsing = await browser.newContext({ baseURL: e2eBaseUrl() });
    try {
      const visitor = await inSpace.newPage();
      const visitorView = new ViewerPage(visitor);
      await visitorView.open(`/viewer/${sceneId}`);
      await visitor.getByRole("button", { name: "Live visitors" }).click();
      await expect(
        visitor.getByTestId("live-visitors").getByTestId("live-connection-state"),
      ).toHaveText("Connected");

      // someone else looks at Cleo's profile: the card of the space says one visitor is there
      const page = await browsing.newPage();
      await page.goto(`/user/${creator.userId}`);
      const card = page.locator(`[data-testid="space-card"][data-scene-id="${sceneId}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId("space-card-live")).toHaveText("1 visitor here now");
      // the visitor leaves: the card stops showing a count at its next poll (20 s)
      await inSpace.close();
      await expect(card.getByTestId("space-card-live")).toHaveCount(0, { timeout: 30_000 });
    } finally {
      await inSpace.close().catch(() => {});
      await browsing.close();
    }
  });

  test("an embed with showCommunications=0 shows no chat and no live visitors", async ({
    page,
  }) => {
    await new ViewerPage(page).open(`/viewer/embed/${sceneId}?showCommunications=0`);
    await expect(page.getByTestId("viewer-toolbar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Chat" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Live visitors" })).toHaveCount(0);
    await new ViewerPage(page).open(`/viewer/embed/${sceneId}?showCommunications=1`);
    await expect(page.getByRole("button", { name: "Chat" })).toBeVisible();
  });
});
