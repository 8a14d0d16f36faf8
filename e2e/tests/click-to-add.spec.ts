import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { screenPointOf } from "../fixtures/editor";

// Issue 21 item 2: clicking a card in Add Content puts the content where the creator looks: a
// picture on the wall nearest the centre of the 3D view, a model on the floor in front of the
// camera; the new item is selected and in view.

async function inView(page: Page, position: [number, number, number]) {
  const point = await screenPointOf(page, position);
  const box = await page.getByTestId("viewport").locator("canvas").boundingBox();
  if (!box) throw new Error("no canvas");
  return (
    point.x > box.x &&
    point.x < box.x + box.width &&
    point.y > box.y &&
    point.y < box.y + box.height
  );
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "laptop", width: 1024, height: 700 },
]) {
  test(`click-to-add in a premade space puts a picture on a wall in view and a model in front (${viewport.name})`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await editor.signUpWithLibrary("Clara Click");
    await editor.openNew();
    await page.locator("label", { hasText: /^Premade space$/ }).click();
    await page.getByRole("button", { name: "White Gallery S", exact: true }).click();
    await editor.chooseContentKind("Pictures");
    await expect(page.getByTestId("viewport")).toHaveAttribute("data-status", "ready", {
      timeout: 30_000,
    });
    // the template is drawn before the click
    await page.waitForFunction(() => {
      const engine = (window as { __atriumEditorEngine?: { levels(): unknown[] } })
        .__atriumEditorEngine;
      return (engine?.levels().length ?? 0) > 0;
    });

    await page.getByRole("button", { name: "Sunset study" }).click();
    await expect(editor.outlineItems).toHaveCount(1);
    // selected: the inspector shows it
    await expect(page.getByRole("textbox", { name: "Position (m) y" })).toHaveValue("1.6");
    await page.getByTestId("editor-title").fill("Clicked gallery");
    await editor.saveNew();
    const stored = await editor.storedDocument(editor.sceneIdFromUrl());
    const [picture] = stored.pictures as {
      wallId?: string;
      position: [number, number, number];
      rotation: [number, number, number];
    }[];
    // on a wall of the template, at hanging height, where the camera sees it
    expect(picture?.wallId).toBeTruthy();
    expect(picture?.position[1]).toBeCloseTo(1.6, 3);
    expect(await inView(page, picture?.position ?? [0, 0, 0])).toBe(true);
    // on the wall's inner side: half a metre in front of it is inside the template's walls
    const bounds = await page.evaluate(() => {
      const engine = (
        window as unknown as {
          __atriumEditorEngine: { levels(): { walls: { start: number[]; end: number[] }[] }[] };
        }
      ).__atriumEditorEngine;
      const points = engine.levels()[0]?.walls.flatMap((wall) => [wall.start, wall.end]) ?? [];
      const xs = points.map((point) => point[0] ?? 0);
      const zs = points.map((point) => point[1] ?? 0);
      return [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    });
    const yaw = picture?.rotation[1] ?? 0;
    const front = [
      (picture?.position[0] ?? 0) + Math.sin(yaw) * 0.5,
      (picture?.position[2] ?? 0) + Math.cos(yaw) * 0.5,
    ];
    expect(front[0]).toBeGreaterThan(bounds[0] ?? 0);
    expect(front[0]).toBeLessThan(bounds[1] ?? 0);
    expect(front[1]).toBeGreaterThan(bounds[2] ?? 0);
    expect(front[1]).toBeLessThan(bounds[3] ?? 0);
    await page.screenshot({ path: `../test-results/click-to-add-${viewport.name}.png` });

    await editor.addFromLibrary("3D models", "Rolling hills");
    await expect(editor.outlineItems).toHaveCount(2);
    await editor.save.click();
    await expect(page.getByTestId("editor-unsaved")).toHaveCount(0);
    const again = await editor.storedDocument(editor.sceneIdFromUrl());
    const [model] = again.models3d as { position: [number, number, number] }[];
    // standing on the floor, not at the template's corner
    expect(model?.position[1]).toBeCloseTo(0, 3);
    expect(Math.hypot(model?.position[0] ?? 0, model?.position[2] ?? 0)).toBeGreaterThan(1);
    expect(await inView(page, model?.position ?? [0, 0, 0])).toBe(true);
  });
}
