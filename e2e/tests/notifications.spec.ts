import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 16 item 7, the notification bell: in two browsers, Ben follows Ada from her profile;
// Ada's bell shows the unread count without a reload, her list shows who followed her and
// leads to his profile, and marking read clears the count.

const person = (name: string) => ({
  name,
  email: `bell-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for the bell",
});

test.describe("notification bell", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a follow in another browser shows on the bell without a reload; reading clears it", async ({
    browser,
  }) => {
    const base = e2eBaseUrl();
    const ada = await AtriumClient.signUp(base, person("Ada Bell"));
    const ben = await AtriumClient.signUp(base, person("Ben Follower"));
    const adaContext = await browser.newContext({ baseURL: base });
    const benContext = await browser.newContext({ baseURL: base });
    await adaContext.addCookies([{ name: "atrium_session", value: ada.sessionValue, url: base }]);
    await benContext.addCookies([{ name: "atrium_session", value: ben.sessionValue, url: base }]);
    const adaPage = await adaContext.newPage();
    const benPage = await benContext.newPage();
    try {
      await adaPage.goto("/explore");
      const bell = adaPage.getByRole("button", { name: /^Notifications/ });
      await expect(bell).toHaveAccessibleName("Notifications");
      await expect(adaPage.getByTestId("notification-count")).toHaveCount(0);

      await benPage.goto(`/user/${ada.userId}`);
      await benPage.getByRole("button", { name: "Follow", exact: true }).click();
      await expect(benPage.getByRole("button", { name: "Unfollow" })).toBeVisible();

      // Ada's bell, live over the notificationhub
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 15_000 });
      await expect(adaPage.getByTestId("notification-count")).toHaveText("1");

      await bell.click();
      const panel = adaPage.getByRole("dialog", { name: "Notifications" });
      await expect(panel).toBeVisible();
      const item = panel.getByRole("listitem").filter({ hasText: "Ben Follower" });
      await expect(item).toContainText("Ben Follower started following you");
      await expect(item.getByRole("link")).toHaveAttribute("href", `/user/${ben.userId}`);
      const axe = await new AxeBuilder({ page: adaPage }).include("header").analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === "critical" || v.impact === "serious")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
      ).toEqual([]);

      await panel.getByRole("button", { name: "Mark all as read" }).click();
      await expect(bell).toHaveAccessibleName("Notifications");
      await expect(adaPage.getByTestId("notification-count")).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

      // a like on her space, then one read by opening it: the item leads to the space
      const sceneId = await ada.publishSpace(
        "Bell gallery",
        galleryDocument({ width: 8, depth: 6 }),
      );
      await ben.request("POST", "/api/socialInteractionService/scenelike", {
        sceneId,
        liked: true,
      });
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 15_000 });
      const like = panel.getByRole("listitem").filter({ hasText: "liked Bell gallery" });
      await expect(like.getByRole("link")).toHaveAttribute("href", `/viewer/${sceneId}`);
      await like.getByRole("button", { name: "Mark as read" }).click();
      await expect(bell).toHaveAccessibleName("Notifications");

      // after a reload the list and the count come from the server
      await adaPage.reload();
      await expect(bell).toHaveAccessibleName("Notifications");
      await bell.click();
      await expect(panel.getByRole("listitem")).toHaveCount(2);
      await expect(panel.getByRole("listitem").first()).toContainText("liked Bell gallery");

      // a direct message leads to the conversation, and opening it reads the notification
      const group = await ben.request<{ groupId: string }>(
        "POST",
        "/api/communicationInteractionService/directmessagegroup",
        { memberIds: [ada.userId] },
      );
      await ben.request(
        "POST",
        `/api/communicationInteractionService/directmessagegroup/${group.groupId}/messages`,
        { text: "Shall we meet in the gallery?" },
      );
      const message = panel.getByRole("listitem").filter({ hasText: "sent you a message" });
      await expect(message).toContainText("Shall we meet in the gallery?", { timeout: 15_000 });
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
      await message.getByRole("link").click();
      await expect(adaPage).toHaveURL(new RegExp(`/messages/${group.groupId}$`));
      await expect(adaPage.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
      await expect(adaPage.getByTestId("dm-title")).toHaveText("Ben Follower");
      await expect(adaPage.getByTestId("dm-conversation")).toContainText(
        "Shall we meet in the gallery?",
      );
      await expect(bell).toHaveAccessibleName("Notifications");
    } finally {
      await adaContext.close();
      await benContext.close();
    }
  });

  test("signed out, no bell and no notification code is loaded", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await expect(page.locator("main h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
    expect(scripts.filter((url) => /NotificationBell/.test(url))).toEqual([]);
  });
});
