import type { Browser } from "@playwright/test";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 21 item 8, the viewer's parts: a first visit's controls hint (dismissed once, gone for
// good), greyed toolbar buttons that say why on hover and on keyboard focus, and on a phone the
// toolbar folded behind one button.

let sceneId: string;

test.beforeAll(async () => {
  const creator = await AtriumClient.signUp(e2eBaseUrl(), {
    name: "Vic Viewer",
    email: `chrome-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    password: "a long enough password for the viewer",
  });
  sceneId = await creator.publishSpace("Plain room", galleryDocument({ width: 8, depth: 6 }));
});

const phone = (browser: Browser) =>
  browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });

test.describe("the viewer's controls and toolbar", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a first visit shows how to move; dismissed, it stays dismissed", async ({ page }) => {
    const viewer = new ViewerPage(page, { firstVisit: true });
    await viewer.open(`/viewer/${sceneId}`);
    const hint = page.getByRole("region", { name: "How to move" });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText("W A S D or the arrow keys");
    await expect(hint).toContainText("Drag to look around");
    await expect(hint).toContainText("Click the floor to walk there");
    await hint.getByRole("button", { name: "Got it" }).click();
    await expect(hint).toBeHidden();
    await page.reload();
    await viewer.waitLoaded();
    await expect(page.getByTestId("viewer-toolbar")).toBeVisible();
    await expect(hint).toHaveCount(0);
  });

  test("on a phone the hint names the joystick", async ({ browser }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    const viewer = new ViewerPage(page, { firstVisit: true });
    await viewer.open(`/viewer/${sceneId}`);
    const hint = page.getByRole("region", { name: "How to move" });
    await expect(hint).toContainText("joystick");
    // it leaves the joystick free
    const [hintBox, joystickBox] = await Promise.all([
      hint.boundingBox(),
      page.getByTestId("viewer-joystick").boundingBox(),
    ]);
    expect((hintBox?.y ?? 0) + (hintBox?.height ?? 0)).toBeLessThanOrEqual(joystickBox?.y ?? 0);
    await hint.getByRole("button", { name: "Close the controls hint" }).click();
    await expect(hint).toBeHidden();
    await context.close();
  });

  test("a greyed toolbar button says why on hover and on keyboard focus, and does nothing", async ({
    page,
  }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${sceneId}`);
    // a party needs an account: a signed-out visitor's Party button is greyed and says so
    const chat = viewer.sidebarButton("Party");
    await expect(chat).toHaveAttribute("aria-disabled", "true");
    await expect(chat).toHaveAccessibleDescription(/sign in to make a party/);
    const why = page.getByRole("tooltip", { name: /Party: sign in to make a party/ });

    await chat.hover();
    await expect(why).toBeVisible();
    // a click as a person makes it (Playwright's own click waits for the button to be enabled)
    const box = await chat.boundingBox();
    await page.mouse.click(
      (box?.x ?? 0) + (box?.width ?? 0) / 2,
      (box?.y ?? 0) + (box?.height ?? 0) / 2,
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.mouse.move(10, 400);
    await expect(why).toBeHidden();

    // by keyboard: Tab from the button before it
    const buttons = page.getByTestId("viewer-toolbar").getByRole("button");
    const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute("aria-label")));
    await buttons.nth(names.indexOf("Party") - 1).focus();
    await page.keyboard.press("Tab");
    await expect(chat).toBeFocused();
    await expect(why).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("with a sidebar open, the toolbar stands beside it: another sidebar is one click away", async ({
    page,
  }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${sceneId}`);
    await viewer.sidebarButton("Space info").click();
    await expect(page.getByTestId("space-info")).toBeVisible();
    await viewer.sidebarButton("Map").click();
    await expect(page.getByTestId("viewer-map")).toBeVisible();
    await expect(page.getByTestId("space-info")).toHaveCount(0);
    await expect(viewer.sidebarButton("Map")).toHaveAttribute("aria-pressed", "true");
  });

  test("on a phone the toolbar folds behind one button", async ({ browser }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${sceneId}`);
    const toolbar = page.getByTestId("viewer-toolbar");
    const menu = toolbar.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    // one button high, not a column of twelve
    const folded = await toolbar.boundingBox();
    expect(folded?.height ?? 999).toBeLessThan(60);
    await expect(toolbar.getByRole("button", { name: "Settings" })).toHaveCount(0);

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(toolbar.getByRole("button", { name: /Party/ })).toContainText(
      "sign in to make a party",
    );
    await toolbar.getByRole("button", { name: "Settings", exact: true }).click();
    await expect(page.getByTestId("viewer-settings")).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await context.close();
  });
});
