import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { newPerson } from "../fixtures/accounts";
import { ViewerPage } from "../fixtures/viewer";

// The accessibility floor of every 2D page (issue 21 item 10): axe finds no critical and no
// serious violation (contrast included), a skip link leads to the content, focus moves to the
// new page's heading after a client-side navigation, inputs show a focus ring, and the
// viewer's creator menu is a button the keyboard reaches. The seeded demo creator and their
// published space stand for "a creator page" and "the viewer".

const DEMO_CREATOR = "/user/demo-maya-chen";
const DEMO_SPACE = "/viewer/demo-space-maya-chen-1";

/** Critical and serious violations, one line per rule with its first offending elements. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(" ")} ${node.any[0]?.message ?? ""}`)
          .join(" | ")}`,
    );
}

/**
 * Scrolls through the page as a reader would, so sections drawn only near the viewport
 * (content-visibility: auto) are laid out at their real size before axe measures colours.
 */
async function readThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}

async function expectAccessible(page: Page, what: string) {
  await readThrough(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

test.describe("accessibility", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a visitor's pages: home, explore, a creator, sign-in, sign-up, pricing", async ({
    shell,
    page,
  }) => {
    for (const path of [
      "/",
      "/explore",
      "/explore?tab=creators",
      DEMO_CREATOR,
      "/login",
      "/login?mode=signup",
      "/pricing",
    ]) {
      await shell.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expectAccessible(page, path);
    }
  });

  test("a signed-in person's pages: settings, the editor, the viewer", async ({
    shell,
    accounts,
    page,
  }) => {
    await shell.goto("/");
    await accounts.signUp(newPerson("Grace Hopper"));
    await shell.goto("/settings");
    await expect(page.getByRole("switch").first()).toBeVisible();
    await expectAccessible(page, "settings");

    // the notification bell (loaded after the first paint) and its open panel
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await expectAccessible(page, "notification panel");
    await page.keyboard.press("Escape");
    await expect(bell).toBeFocused();

    await page.goto("/curate");
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    await expectAccessible(page, "editor");

    const viewer = new ViewerPage(page);
    await viewer.open(DEMO_SPACE);
    await expectAccessible(page, "viewer");
  });

  test("a page has one title, its own, before its code runs and after", async ({ shell, page }) => {
    // /explore is drawn in the browser: its HTML carries the shell's title until the page's own
    // (axe found a page with none while Explore's code loaded); /pricing is prerendered with its own
    const titles = async (path: string) =>
      [...(await (await page.request.get(path)).text()).matchAll(/<title>([^<]*)<\/title>/g)].map(
        (match) => match[1],
      );
    expect(await titles("/explore")).toEqual(["Atrium"]);
    expect(await titles("/pricing")).toEqual(["Pricing | Atrium"]);
    // once the app runs, and after moving to another page in it
    const oneTitle = async (title: string) => {
      await expect(page).toHaveTitle(title);
      await expect(page.locator("head > title")).toHaveCount(1);
    };
    await shell.goto("/explore");
    await oneTitle("Explore 3D spaces | Atrium");
    await shell.headerLink("Pricing").click();
    await oneTitle("Pricing | Atrium");
    await shell.goto("/pricing");
    await oneTitle("Pricing | Atrium");
    await shell.headerLink("Explore").click();
    await oneTitle("Explore 3D spaces | Atrium");
  });

  test("on a phone: home, explore, pricing, sign-up", async ({ shell, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/explore", "/pricing", "/login?mode=signup"]) {
      await shell.goto(path);
      await expectAccessible(page, `${path} on a phone`);
    }
  });

  test("the skip link is the first stop of the keyboard and leads to the content", async ({
    shell,
    page,
  }) => {
    await shell.goto("/pricing");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // the next stop is inside the page, not the header
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  test("after moving to another page, focus is on its heading", async ({ shell, page }) => {
    await shell.goto("/");
    await shell.headerLink("Pricing").click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("main h1").first()).toBeFocused();
    await shell.headerLink("Explore").click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.locator("main h1").first()).toBeFocused();
    // and it starts at its top, though the link was at the foot of the page before
    await page.getByRole("contentinfo").getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("main h1").first()).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("an input shows a clear focus ring", async ({ shell, page }) => {
    await shell.goto("/login");
    const email = page.getByLabel("E-mail");
    const ringOf = () =>
      email.evaluate((input) => {
        const style = getComputedStyle(input);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
    expect((await ringOf()).style).toBe("none");
    await email.focus();
    const ring = await ringOf();
    expect(ring.style).toBe("solid");
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });

  test("the viewer's creator menu is a button the keyboard opens", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(DEMO_SPACE);
    const menu = page.getByTestId("creator-menu");
    await expect(menu).toHaveRole("button");
    await menu.focus();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("menu")).toBeVisible();
  });
});
