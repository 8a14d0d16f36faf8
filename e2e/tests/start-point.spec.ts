import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";

// Issue 21 item 1: a visitor of a premade space published untouched starts inside it, on the
// floor, facing the room: the viewer's first frame shows floor and walls, not sky.

/** The share of the viewer's canvas that is sky: blue pixels clearly bluer than grey or wood. */
async function skyShare(page: Page) {
  const shot = await page.locator("canvas").first().screenshot();
  const { data, info } = await sharp(shot)
    .resize(160, 100, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sky = 0;
  const pixels = info.width * info.height;
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    // the clear sky is light blue (about 180, 210, 240); a blue carpet is dark (55, 80, 120)
    if (b > 170 && b > r + 30 && g > r + 10) sky++;
  }
  return sky / pixels;
}

/** The visitor's pose as the viewer reports it. */
function pose(page: Page) {
  return new ViewerPage(page).pose();
}

const SKY_AT_MOST = 0.2;

test("a premade space made in the editor and published untouched starts inside", async ({
  page,
  editor,
}) => {
  test.setTimeout(180_000);
  await editor.signUpWithLibrary("Gwen Gallery");
  await editor.openNew();
  await page.locator("label", { hasText: /^Premade space$/ }).click();
  await page.getByRole("button", { name: "White Gallery M", exact: true }).click();
  // a brand-new space has no work to lose: nothing to confirm (issue 21 item 8)
  await expect(page.getByTestId("confirm-dialog-confirm")).toHaveCount(0);
  await expect(page.getByTestId("viewport")).toHaveAttribute("data-status", "ready", {
    timeout: 30_000,
  });
  await page.getByTestId("editor-title").fill("White gallery");
  await editor.saveNew();
  const sceneId = editor.sceneIdFromUrl();
  const next = page.getByTestId("publish-next");
  await editor.step("publishAndShare").click();
  await next.click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  for (let step = 0; step < 4; step++) await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });

  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${sceneId}`);
  const share = await skyShare(page);
  expect(share, `sky covers ${(share * 100).toFixed(0)}% of the first view`).toBeLessThan(
    SKY_AT_MOST,
  );
  const at = await pose(page);
  // eye height above the floor, away from the template's corner at the origin
  expect(at?.position[1]).toBeCloseTo(0, 1);
  expect(Math.hypot(at?.position[0] ?? 0, at?.position[2] ?? 0)).toBeGreaterThan(1);

  // the embed starts there too
  await viewer.open(`/viewer/embed/${sceneId}`);
  expect(await skyShare(page)).toBeLessThan(SKY_AT_MOST);
});

test("every premade space published untouched starts its visitor inside", async ({ page }) => {
  test.setTimeout(600_000);
  const base = e2eBaseUrl();
  const families = (await (await fetch(`${base}/api/sceneService/premadescene`)).json()) as {
    templates: { spaceTemplateId: string; title: string }[];
  }[];
  const templates = families.flatMap((family) => family.templates);
  expect(templates.length).toBeGreaterThan(3);
  const viewer = new ViewerPage(page);
  for (const template of templates) {
    // one creator per space: the free plan has one slot to publish into
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const creator = await AtriumClient.signUp(base, {
      name: "Pam Premade",
      email: `premade-${stamp}@example.test`,
      password: "a long enough password",
    });
    // the document the editor saves for a premade space chosen and left untouched
    const sceneId = await creator.publishSpace(template.title, {
      version: 1,
      customSpace: null,
      spaceTemplate: { templateId: template.spaceTemplateId, materialOverrides: [] },
    });
    await viewer.open(`/viewer/${sceneId}`);
    const share = await skyShare(page);
    expect(share, `${template.title}: sky covers ${(share * 100).toFixed(0)}%`).toBeLessThan(
      SKY_AT_MOST,
    );
  }
});
