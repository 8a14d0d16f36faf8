import { expect, test } from "../fixtures";

test.describe("the shell", () => {
  test("home renders the header and the footer", async ({ shell, page }) => {
    await shell.goto("/");
    await expect(page).toHaveTitle("Atrium – build and share 3D spaces in your browser | Atrium");
    for (const name of ["Explore", "Pricing", "Contact us", "Sign in", "Create"]) {
      await expect(shell.headerLink(name)).toBeVisible();
    }
    await shell.openDesktopMenu("Solutions");
    for (const name of [
      /edtech/i,
      /museums/i,
      /retail/i,
      /events/i,
      /corporate/i,
      /^art/i,
      /marketing/i,
    ]) {
      await expect(shell.headerLink(name)).toBeVisible();
    }
    await shell.openDesktopMenu("Resources");
    for (const name of ["FAQ", "Guides", "Glossary"]) {
      await expect(shell.headerLink(name)).toBeVisible();
    }
    await expect(shell.footer).toContainText("National Recovery and Resilience Plan");
    for (const name of [
      "Terms of service",
      "Privacy notice",
      "Refund policy",
      "Profile",
      "Wallet",
      "Settings",
    ]) {
      await expect(shell.footer.getByRole("link", { name })).toBeVisible();
    }
  });

  test("home paints from its HTML first: hero image asked for first, app code after the paint", async ({
    shell,
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const firstFetch =
      /<link rel="(?:preload|modulepreload|stylesheet)"[^>]*>|<script[^>]*src=[^>]*>/.exec(
        head,
      )?.[0];
    expect(firstFetch).toContain('href="/illustrations/hero/gallery.svg"');
    expect(firstFetch).toMatch(/fetchpriority="high"/i);
    await shell.goto("/");
    // the paint entry's time is when the frame was presented, which may come after the task that
    // follows it: the order is checked against the boot's mark in the frame's own callback
    const [paint, firstFrame, appStart] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      performance.getEntriesByName("atrium:first-frame")[0]?.startTime,
      performance.getEntriesByName("atrium:app-start")[0]?.startTime,
    ]);
    expect(paint).toBeGreaterThan(0);
    expect(firstFrame).toBeGreaterThan(0);
    expect(appStart).toBeGreaterThan(firstFrame ?? Number.POSITIVE_INFINITY);
  });

  test("a header menu link navigates and closes the menu", async ({ shell, page }) => {
    await shell.goto("/");
    await shell.openDesktopMenu("Solutions");
    await shell.headerLink(/museums/i).click();
    await expect(page).toHaveURL(/\/solutions\/museums-and-galleries$/);
    await expect(shell.headerLink(/museums/i)).toBeHidden();
  });

  test("an unknown path shows 'Page not found' with a way home", async ({ shell, page }) => {
    await shell.goto("/this/does/not/exist");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
    await page.getByRole("link", { name: "Return to homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the other spelling of a route reaches the same page", async ({ shell, page }) => {
    await shell.goto("/solutions/art");
    await expect(page).toHaveURL(/\/solutions\/art-and-creative-work$/);
    // signed out, the editor's own path asks to sign up first and returns to it afterwards
    // (only the final address is certain: /curate shows for as long as the account check takes)
    await shell.goto("/editor");
    await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fcurate$/);
  });

  test("the editor and viewer hide the header and footer", async ({ shell }) => {
    await shell.goto("/viewer/some-space");
    await expect(shell.header).toHaveCount(0);
    await expect(shell.footer).toHaveCount(0);
  });

  test("a page that fails to render shows 'Something went wrong' inside the shell", async ({
    shell,
    page,
  }) => {
    // the page's code arrives broken: rendering it throws
    await page.route(/\/assets\/WalletPage-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'export function Component() { throw new Error("render failed"); }',
      }),
    );
    await shell.goto("/wallet");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to homepage" })).toBeVisible();
    await expect(shell.header).toBeVisible();
  });
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the burger opens the menu, and navigation closes it", async ({ shell, page }) => {
    await shell.goto("/");
    await expect(shell.header.getByRole("link", { name: "Pricing" })).toBeHidden();
    await shell.openMobileMenu();
    await expect(shell.burger).toHaveAttribute("aria-expanded", "true");
    await shell.mobileMenu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await shell.expectMobileMenuClosed();
    await expect(shell.burger).toHaveAttribute("aria-expanded", "false");
  });

  test("a tap on the burger before the app runs opens the menu once it does", async ({
    shell,
    page,
  }) => {
    // the app's code comes late (a slow phone): the prerendered page shows, the burger is tapped
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/index-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await shell.burger.click();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(shell.mobileMenu.getByRole("navigation")).toBeVisible();
    await expect(shell.burger).toHaveAttribute("aria-expanded", "true");
  });

  test("the burger closes the menu it opened", async ({ shell }) => {
    await shell.goto("/");
    await shell.openMobileMenu();
    await shell.mobileMenu.getByRole("button", { name: "Close menu" }).click();
    await shell.expectMobileMenuClosed();
  });
});
