import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createViewerSpaces, e2eBaseUrl, ViewerPage, type ViewerSpaces } from "../fixtures/viewer";

// The 3D viewer in Chromium with WebGL (SwiftShader): a published gallery made through the API.

let spaces: ViewerSpaces;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  spaces = await createViewerSpaces();
});

test.describe("viewer", () => {
  test.describe.configure({ timeout: 120_000 });

  test("walking forward into a wall stops at the wall, inside the room", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    await expect(page.getByTestId("creator-menu")).toContainText("Gallery walk");
    const start = await viewer.pose();
    expect(start?.position[2]).toBeCloseTo(0, 1);
    // the north wall's inner face is at z = -5.9: the visitor (0.3 m wide) stops before it
    const end = await viewer.holdKey("KeyW", (z) => z < -5);
    expect(end?.position[2]).toBeLessThan(-5);
    expect(end?.position[2]).toBeGreaterThan(-5.9);
    expect(Math.abs(end?.position[0] ?? 99)).toBeLessThan(0.5);
  });

  test("walking up the staircase takes the visitor to the level above", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.stairsId}`);
    const start = await viewer.pose();
    expect(start?.position[1]).toBe(0);
    // up the twelve steps (z from 1.8 to -1.8) and on along the upper floor
    const end = await viewer.holdKey("KeyW", (z) => z < -3);
    expect(end?.position[2]).toBeLessThan(-3);
    expect(end?.position[1]).toBeCloseTo(3, 5);
  });

  test("everything the space places is shown: another creator's private picture, a model, a 3D text", async ({
    page,
  }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    const statuses = await page.evaluate(() =>
      (
        window as unknown as { __atriumViewer: { statuses(): Record<string, string | undefined> } }
      ).__atriumViewer.statuses(),
    );
    expect(statuses).toMatchObject({
      "pictures:picture-1": "shown",
      "pictures:picture-2": "shown",
      "models3d:model-1": "shown",
      "texts3d:text-1": "shown",
    });
    expect(Object.values(statuses).every((status) => status === "shown")).toBe(true);
  });

  test("a model with KTX2 textures and one uploaded Draco-compressed are shown; the Basis transcoder comes from our own origin", async ({
    page,
  }) => {
    const transcoder: string[] = [];
    page.on("request", (request) => {
      if (/basis_transcoder/.test(request.url())) transcoder.push(request.url());
    });
    // a texture three.js could not decode leaves the model shown without it, and says so here
    const textureErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /texture|KTX2|transcod/i.test(message.text()))
        textureErrors.push(message.text());
    });
    page.on("pageerror", (error) => textureErrors.push(error.message));
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.texturesId}`);
    const statuses = await page.evaluate(() =>
      (
        window as unknown as { __atriumViewer: { statuses(): Record<string, string | undefined> } }
      ).__atriumViewer.statuses(),
    );
    expect(statuses).toMatchObject({ "models3d:model-1": "shown", "models3d:model-2": "shown" });
    // the transcoder's script and WebAssembly, hashed build assets of this server
    const origin = new URL(page.url()).origin;
    expect(transcoder.some((url) => /\/assets\/basis_transcoder-[\w-]+\.js$/.test(url))).toBe(true);
    expect(transcoder.some((url) => /\/assets\/basis_transcoder-[\w-]+\.wasm$/.test(url))).toBe(
      true,
    );
    expect(transcoder.every((url) => url.startsWith(`${origin}/`))).toBe(true);
    expect(textureErrors).toEqual([]);
  });

  test("clicking a picture opens its focus view with its title and description", async ({
    page,
  }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    await viewer.clickItem("pictures", "picture-1");
    const focus = page.getByTestId("picture-focus");
    await expect(focus).toBeVisible();
    await expect(focus).toContainText("Sunrise over the bay");
    await expect(focus).toContainText("Painted in the morning light");
    await expect(focus.getByRole("img")).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await expect(focus).toBeHidden();
  });

  test("a path plays point after point to its end", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    await viewer.sidebarButton("Paths").click();
    const list = page.getByTestId("paths-list");
    await expect(list).toContainText("Highlights");
    await list.getByRole("button", { name: "Play" }).click();
    const bar = page.getByTestId("tour-bar");
    await expect(bar.getByTestId("tour-point-title")).toHaveText("The picture");
    await expect(bar).toContainText("Look closer");
    await expect(bar.getByTestId("tour-point-title")).toHaveText("The portal", { timeout: 30_000 });
    await expect(bar).toContainText("End of the path", { timeout: 30_000 });
    await bar.getByRole("button", { name: "Stop" }).click();
    await expect(bar).toBeHidden();
  });

  test("a portal takes the visitor to the other space", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    // turn right (towards +x, where the portal stands) by dragging, then click it
    const canvas = page.getByTestId("viewer-canvas");
    const box = await canvas.boundingBox();
    if (!box) throw new Error("no canvas");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 393, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await viewer.clickItem("portals", "to-annex");
    await expect(page).toHaveURL(new RegExp(`/viewer/${spaces.annexId}$`));
    await viewer.waitLoaded();
    await expect(page.getByTestId("creator-menu")).toContainText("Annex");
  });

  test("an info point opens its card; space info shows the space", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    await viewer.clickItem("infoPoints", "info-1");
    await expect(page.getByTestId("info-panel")).toContainText("An info point's card");
    await page.getByRole("button", { name: "Close" }).click();
    await viewer.sidebarButton("Space info").click();
    const info = page.getByTestId("space-info");
    await expect(info).toContainText("Gallery walk");
    await expect(info).toContainText("A test gallery");
    await expect(info).toContainText("Gina Gallerist");
  });

  test("settings are kept in this browser; volume defaults to 100", async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.open(`/viewer/${spaces.galleryId}`);
    await viewer.sidebarButton("Settings").click();
    const settings = page.getByTestId("viewer-settings");
    await expect(settings).toContainText("Audio volume: 100");
    await settings.getByText("Inches", { exact: true }).click();
    await settings.getByLabel("Graphics quality").click();
    await page.getByRole("option", { name: "Low", exact: true }).click();
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("atrium.viewer.settings") ?? "{}"),
    );
    expect(stored).toMatchObject({ quality: "Low", units: "Inches", volume: 100 });
    const antialiased = () =>
      page.evaluate(
        () =>
          document
            .querySelector<HTMLCanvasElement>("[data-testid=viewer-canvas]")
            ?.getContext("webgl2")
            ?.getContextAttributes()?.antialias,
      );
    expect(await antialiased()).toBe(true);
    await page.reload();
    await viewer.waitLoaded();
    await viewer.sidebarButton("Settings").click();
    await expect(page.getByTestId("viewer-settings").getByLabel("Graphics quality")).toHaveValue(
      "Low",
    );
    // the renderer is made as Low asks: without antialiasing
    expect(await antialiased()).toBe(false);
  });

  test("an unknown space is 'Page not found'; a draft of someone else's is access denied", async ({
    page,
  }) => {
    await page.goto("/viewer/no-such-space");
    await expect(page.getByText("Page not found")).toBeVisible();
    await page.goto(`/viewer/${spaces.draftId}?draft=true`);
    await expect(page).toHaveURL(/spaceaccessdenied|space-access-denied/i);
    await expect(page.getByText("You don't have permission to access this 3D space")).toBeVisible();
  });

  test("a visitor's page holds no handle to the renderer (the test hook is opt-in)", async ({
    page,
  }) => {
    await page.goto(`/viewer/${spaces.galleryId}`);
    await expect(page.getByTestId("viewer-toolbar")).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => "__atriumViewer" in window)).toBe(false);
  });

  test("without WebGL the viewer says so instead of a blank page", async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        type: string,
        ...rest: unknown[]
      ) {
        if (type === "webgl2" || type === "webgl") return null;
        return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto(`/viewer/${spaces.galleryId}`);
    await expect(page.getByTestId("webgl-missing")).toContainText("WebGL");
  });

  test("embedded in a page of another origin, showSignIn and showCommunications decide", async ({
    page,
  }) => {
    const base = e2eBaseUrl();
    const withFlags = `${base}/viewer/embed/${spaces.galleryId}?showSignIn=1&showCommunications=1`;
    const without = `${base}/viewer/embed/${spaces.galleryId}`;
    const notEmbed = `${base}/viewer/${spaces.galleryId}`;
    // another site: its own server on another port (another origin)
    const host = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(`<!doctype html><html><body>
        <iframe id="on" src="${withFlags}" width="700" height="500" allow="fullscreen"></iframe>
        <iframe id="off" src="${without}" width="700" height="500"></iframe>
        <iframe id="plain" src="${notEmbed}" width="700" height="500"></iframe>
      </body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    const { port } = host.address() as AddressInfo;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const on = page.frameLocator("#on");
      const off = page.frameLocator("#off");
      await expect(on.getByTestId("viewer-toolbar")).toBeVisible({ timeout: 60_000 });
      await expect(off.getByTestId("viewer-toolbar")).toBeVisible({ timeout: 60_000 });
      await expect(on.getByTestId("viewer-sign-in")).toBeVisible();
      // a 700 px wide frame shows the toolbar folded behind its Menu button, as a phone does
      await on.getByRole("button", { name: "Menu" }).click();
      await expect(on.getByRole("button", { name: /^Chat/ })).toBeVisible();
      await expect(off.getByTestId("viewer-sign-in")).toHaveCount(0);
      await off.getByRole("button", { name: "Menu" }).click();
      await expect(off.getByRole("button", { name: "Paths", exact: true })).toBeVisible();
      await expect(off.getByRole("button", { name: /^Chat/ })).toHaveCount(0);
      // only the embed route may be framed by other sites
      await expect(page.frameLocator("#plain").getByTestId("viewer")).toHaveCount(0);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });

  test("on a phone the viewer shows the joystick and walks with it", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const viewer = new ViewerPage(page);
    await viewer.open(`${e2eBaseUrl()}/viewer/${spaces.galleryId}`);
    const joystick = page.getByTestId("viewer-joystick");
    await expect(joystick).toBeVisible();
    const box = await joystick.boundingBox();
    if (!box) throw new Error("no joystick");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 4, { steps: 4 });
    await expect
      .poll(async () => (await viewer.pose())?.position[2] ?? 0, { timeout: 30_000 })
      .toBeLessThan(-1);
    await page.mouse.up();
    await context.close();
  });
});
