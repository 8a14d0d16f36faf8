import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 19, parties: Lea invites Mo from the live visitors' menu, Mo accepts in the party
// sidebar, a party chat message reaches Lea, Lea goes through a portal and Mo follows her into
// the same instance of the other space after the countdown; the next time Mo stays behind.
// With PARTY_SHOTS=dir, the sidebar and the countdown are photographed (desktop and phone).

let lea: AtriumClient;
let mo: AtriumClient;
let squareId: string;
let gardenId: string;
let terraceId: string;
const shots = process.env.PARTY_SHOTS;

const person = (name: string) => ({
  name,
  email: `party-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
  password: "a long enough password for the party",
});

test.beforeAll(async () => {
  lea = await AtriumClient.signUp(e2eBaseUrl(), person("Lea Leader"));
  mo = await AtriumClient.signUp(e2eBaseUrl(), person("Mo Member"));
  // a free account publishes one space: one owner each
  const gardener = await AtriumClient.signUp(e2eBaseUrl(), person("Gus Gardener"));
  const builder = await AtriumClient.signUp(e2eBaseUrl(), person("Tess Terrace"));
  // each room has a portal to the east (+x) leading on: square -> garden -> terrace
  terraceId = await builder.publishSpace("Party terrace", galleryDocument({ width: 8, depth: 6 }));
  gardenId = await gardener.publishSpace(
    "Party garden",
    galleryDocument({
      width: 12,
      depth: 8,
      portals: [{ id: "to-terrace", position: [5, 0, 0], targetSceneId: terraceId }],
    }),
  );
  squareId = await lea.publishSpace(
    "Party square",
    galleryDocument({
      width: 12,
      depth: 8,
      portals: [{ id: "to-garden", position: [5, 0, 0], targetSceneId: gardenId }],
    }),
  );
});

async function signedInPage(browser: Browser, client: AtriumClient) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  await context.addCookies([
    { name: "atrium_session", value: client.sessionValue, url: e2eBaseUrl() },
  ]);
  return { context, page: await context.newPage() };
}

/** Turns towards +x (the portal) by dragging, as a visitor would, then clicks the portal. */
async function goThroughPortal(viewer: ViewerPage, portalId: string) {
  const canvas = viewer.page.getByTestId("viewer-canvas");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no canvas");
  await viewer.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await viewer.page.mouse.down();
  await viewer.page.mouse.move(box.x + box.width / 2 + 393, box.y + box.height / 2, {
    steps: 8,
  });
  await viewer.page.mouse.up();
  await viewer.clickItem("portals", portalId);
}

async function photograph(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-desktop.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300); // the layout settles on the phone's width
  await page.screenshot({ path: `${shots}/${name}-phone.png` });
  if (size) await page.setViewportSize(size);
}

test.describe("parties", () => {
  test.describe.configure({ timeout: 300_000 });

  test("invite, accept, party chat, follow the leader through a portal, and stay behind", async ({
    browser,
  }) => {
    const l = await signedInPage(browser, lea);
    const m = await signedInPage(browser, mo);
    const leaPage = l.page;
    const moPage = m.page;
    const leaView = new ViewerPage(leaPage);
    const moView = new ViewerPage(moPage);
    try {
      await leaView.open(`/viewer/${squareId}`);
      await moView.open(`/viewer/${squareId}`);

      // Lea invites Mo from his menu in the live visitors sidebar
      await leaView.sidebarButton("Live visitors").click();
      const list = leaPage.getByTestId("live-visitors");
      await list.getByTestId("live-visitor-menu").filter({ hasText: "Mo Member" }).click();
      await leaPage.getByTestId("visitor-menu").getByTestId("menu-invite").click();
      await expect(leaPage.getByText("Invitation sent to Mo Member")).toBeVisible();

      // Mo is told at once, and accepts in the party sidebar
      await expect(moPage.getByText("Lea Leader invites you to their party").first()).toBeVisible();
      await moView.sidebarButton("Party").click();
      const moPanel = moPage.getByTestId("party-panel");
      await moPanel.getByTestId("party-invitation").getByTestId("party-accept").click();
      const moMembers = moPanel.getByTestId("party-member");
      await expect(moMembers).toHaveCount(2);
      await expect(moMembers.first()).toContainText("Lea Leader");
      await expect(moMembers.first().getByTestId("party-leader")).toBeVisible();
      await expect(moMembers.nth(1)).toContainText("Mo Member");
      await expect(moMembers.nth(1).getByTestId("party-leader")).toHaveCount(0);
      await expect(moMembers.first()).toHaveAttribute("data-online", "true");
      await expect(moMembers.nth(1)).toHaveAttribute("data-online", "true");

      // the party chat: Mo writes while Lea's party sidebar is closed (a count on her Party
      // button, like the chat tabs'), then Lea reads it in her party sidebar
      await moPanel.getByTestId("party-input").fill("Shall we go to the garden?");
      await moPanel.getByTestId("party-send").click();
      await expect(moPanel.getByTestId("party-message").last()).toContainText("garden");
      await expect(leaPage.getByTestId("toolbar-unread-party")).toContainText("1");
      await expect(leaView.sidebarButton("Party")).toHaveAccessibleDescription("1 unread message");
      await expect(moPage.getByTestId("toolbar-unread-party")).toHaveCount(0);
      await leaView.sidebarButton("Party").click();
      const leaPanel = leaPage.getByTestId("party-panel");
      await expect(leaPanel.getByTestId("party-member")).toHaveCount(2);
      await expect(leaPanel.getByTestId("party-message").last()).toContainText(
        "Shall we go to the garden?",
      );
      await expect(leaPage.getByTestId("toolbar-unread-party")).toHaveCount(0);
      await photograph(moPage, "party-sidebar");

      // Lea goes through the portal; Mo sees the countdown, then follows into her instance
      await leaView.sidebarButton("Party").click(); // closes the sidebar: the portal is in view
      await goThroughPortal(leaView, "to-garden");
      await expect(leaPage).toHaveURL(new RegExp(`/viewer/${gardenId}$`));
      const countdown = moPage.getByTestId("party-countdown");
      await expect(countdown).toBeVisible();
      await expect(countdown).toContainText("Following Lea Leader");
      await expect(countdown).toContainText("to Party garden");
      await photograph(moPage, "party-countdown");
      await expect(moPage).toHaveURL(new RegExp(`/viewer/${gardenId}$`), { timeout: 30_000 });
      await moView.waitLoaded();
      await leaView.waitLoaded();
      // the same instance: each sees the other among the visitors here
      await moView.sidebarButton("Live visitors").click();
      const moList = moPage.getByTestId("live-visitors");
      await expect(moList.getByTestId("live-visitor")).toHaveCount(2);
      await expect(moList).toContainText("Lea Leader");
      const instanceOf = (page: Page) =>
        page.evaluate(() =>
          (
            window as unknown as { __atriumViewer: { instanceId(): string | null } }
          ).__atriumViewer.instanceId(),
        );
      const leaInstance = await instanceOf(leaPage);
      expect(leaInstance).toMatch(new RegExp(`^${gardenId}\\.`));
      expect(await instanceOf(moPage)).toBe(leaInstance);
      await moView.sidebarButton("Live visitors").click();

      // next portal: Mo stays behind
      await goThroughPortal(leaView, "to-terrace");
      await expect(leaPage).toHaveURL(new RegExp(`/viewer/${terraceId}$`));
      await expect(countdown).toBeVisible();
      await moPage.getByTestId("party-countdown-cancel").click();
      await expect(countdown).toBeHidden();
      await expect(
        moPage.getByText("You stayed here. Your party is in Party terrace."),
      ).toBeVisible();
      // well past the countdown, Mo is still in the garden
      await moPage.waitForTimeout(7_000);
      await expect(moPage).toHaveURL(new RegExp(`/viewer/${gardenId}$`));
      await expect(countdown).toBeHidden();
    } finally {
      await l.context.close();
      await m.context.close();
    }
  });
});
