import { expect, test } from "../fixtures";

// Issue 21 item 1: the creator walks the space in the editor as a visitor would and sets the
// start point from there; leaving walk mode gives the overview back.

test("walk mode: a visitor's view in the editor, and the start point set from it", async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.signUpWithLibrary("Wally Walker");
  await editor.openNew();
  await editor.drawRoom([2, 2], [10, 8]);
  await page.getByTestId("editor-title").fill("Walked room");
  await editor.saveNew();
  const sceneId = editor.sceneIdFromUrl();
  await editor.step("addContent").click();
  await expect(page.getByTestId("viewport")).toHaveAttribute("data-status", "ready", {
    timeout: 30_000,
  });
  const camera = () =>
    page.evaluate(() => {
      const engine = (
        window as unknown as {
          __atriumEditorEngine: {
            three: { camera: { position: { x: number; y: number; z: number } } };
          };
        }
      ).__atriumEditorEngine;
      const { x, y, z } = engine.three.camera.position;
      return [x, y, z];
    });
  const overview = await camera();
  expect(overview[1]).toBeGreaterThan(5);

  await page.getByTestId("walk-toggle").click();
  await expect(page.getByTestId("walk-bar")).toBeVisible();
  // the walker stands in the room (its centre, 6 x 5 from the origin), eyes at 1.6 m
  await expect.poll(async () => (await camera())[1]).toBeCloseTo(1.6, 2);
  const standing = await camera();
  expect(standing[0]).toBeCloseTo(6, 0);
  expect(standing[2]).toBeCloseTo(5, 0);
  await page.screenshot({ path: "../test-results/editor-walk-desktop.png" });

  // a few steps forward, then the start point is set here
  await page.getByTestId("viewport").locator("canvas").focus();
  await page.keyboard.down("KeyW");
  await expect
    .poll(async () => {
      const [x = 0, , z = 0] = await camera();
      return Math.hypot(x - (standing[0] ?? 0), z - (standing[2] ?? 0));
    })
    .toBeGreaterThan(0.8);
  await page.keyboard.up("KeyW");
  const walked = await camera();
  await page.getByTestId("walk-set-start").click();
  await editor.save.click();
  await expect(page.getByTestId("editor-unsaved")).toHaveCount(0);
  const stored = (await editor.storedDocument(sceneId)) as unknown as {
    startingPosition: number[];
  };
  expect(stored.startingPosition[0]).toBeCloseTo(walked[0] ?? 99, 0);
  expect(stored.startingPosition[1]).toBe(0);
  expect(stored.startingPosition[2]).toBeCloseTo(walked[2] ?? 99, 0);

  // leaving walk mode gives the overview back
  await page.getByTestId("walk-toggle").click();
  await expect(page.getByTestId("walk-bar")).toHaveCount(0);
  expect((await camera())[1]).toBeCloseTo(overview[1] ?? 0, 3);
});
