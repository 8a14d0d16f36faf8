import { expect, test } from "../fixtures";

// Issue 6: the editor's core journey. Draw a 4-wall room, add a picture (it snaps to a wall),
// a 3D text and a model, move one, undo and redo, save, reload and see the same document.

test.describe("the editor", () => {
  test("draws a room, adds content, undoes and redoes, saves and reloads the same document", async ({
    page,
    editor,
  }) => {
    test.setTimeout(120_000);
    await editor.signUpWithLibrary();
    await editor.openNew();

    await editor.drawRoom([-4, -3], [4, 3]);
    await expect(page.getByTestId("plan-wall")).toHaveCount(4);

    await editor.addFromLibrary("Pictures", "Sunset study");
    await expect(editor.outlineItems).toHaveCount(1);
    await editor.chooseContentKind("3D texts");
    await page.getByTestId("text-content").fill("Welcome");
    await page.getByTestId("add-text").click();
    await editor.addFromLibrary("3D models", "Rolling hills");
    await expect(editor.outlineItems).toHaveCount(3);

    // move the model with the inspector: one edit, undone and redone
    const x = page.getByRole("textbox", { name: "Position (m) x" });
    await x.fill("2");
    await x.blur();
    await expect(x).toHaveValue("2");
    await editor.undo();
    await expect(page.getByRole("textbox", { name: "Position (m) x" })).toHaveValue("0");
    await editor.redo();
    await expect(page.getByRole("textbox", { name: "Position (m) x" })).toHaveValue("2");

    const sceneService = await page.request.get("/api/sceneService/scene/custom");
    test.skip(sceneService.status() === 404, "saving needs the scene service (issue 4)");

    await page.getByTestId("editor-title").fill("Sunset gallery");
    await editor.save.click();
    await expect(page.getByText("Successfully saved scene!")).toBeVisible();
    await expect(page).toHaveURL(/\/curate\/[^/]+$/);
    const sceneId = editor.sceneIdFromUrl();

    const saved = await editor.storedDocument(sceneId);
    const pictures = saved.pictures as { wallId?: string }[];
    expect(pictures).toHaveLength(1);
    // the picture hangs on one of the room's walls
    expect(pictures[0]?.wallId).toBeTruthy();
    expect(saved.texts3d).toHaveLength(1);
    expect((saved.models3d as { position: number[] }[])[0]?.position[0]).toBe(2);

    await page.reload();
    await expect(page.getByTestId("editor-title")).toHaveValue("Sunset gallery");
    await expect(editor.outlineItems).toHaveCount(3);
    await expect(page.getByTestId("plan-wall")).toHaveCount(4);
    expect(await editor.storedDocument(sceneId)).toEqual(saved);
  });
});
