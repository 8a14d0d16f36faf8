import { expect, test } from "../fixtures";

// Issue 21 item 9: with auto-save on, an item added to a saved space is still there when the
// tab is closed three seconds later and the space opened again.

test("auto-save keeps an item added three seconds before the tab closed", async ({
  page,
  context,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.signUpWithLibrary("Otto Autosave");
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Kept room");
  await editor.saveNew();
  const url = page.url();
  await expect(page.getByTestId("editor-autosave")).toBeChecked();

  await editor.chooseContentKind("3D texts");
  await page.getByTestId("text-content").fill("Still here");
  await page.getByTestId("add-text").click();
  await expect(editor.outlineItems).toHaveCount(1);
  // the creator closes the tab three seconds later, without saving
  await page.waitForTimeout(3_000);
  await page.close();

  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByTestId("plan-wall")).toHaveCount(4);
  await expect(again.getByTestId("outline-item")).toHaveCount(1);
  await expect(again.getByTestId("outline-item")).toContainText("Still here");
});
