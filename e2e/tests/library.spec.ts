import { expect, test } from "../fixtures";
import { libraryFiles, pictureDistance, serverThumbnail } from "../fixtures/library-files";

// Issue 5: upload a picture, a glb and a zip with an obj; see them in the library with
// thumbnails and counts; delete one.

test.describe("the asset library", () => {
  test("uploads a picture, a glb and a zipped obj, shows them, deletes one", async ({
    page,
    library,
  }) => {
    test.setTimeout(120_000);
    const files = await libraryFiles();
    const email = `library-${Date.now()}@example.test`;
    const signUp = await page.request.post("/api/auth/signup", {
      data: { email, password: "a long enough password", name: "Lena Library" },
    });
    expect(signUp.status()).toBe(201);
    const { userId } = await signUp.json();

    await library.recordSentThumbnails();
    await library.open(userId, "images");
    await expect(page.getByTestId("library-empty")).toBeVisible();
    await library.upload([files.picture], "Sunset study");
    await library.expectThumbnail("Sunset study");
    await expect(library.card("Sunset study")).toContainText("1200 × 800 px");

    // issue 21 item 7: the browser draws each model with three.js and sends the picture with
    // the upload; the library shows that picture, not the server's own drawing
    await library.open(userId, "3d-models");
    const glbSent = await library.uploadCapturingThumbnail([files.glb], "Rolling hills");
    await library.expectThumbnail("Rolling hills");
    await expect(library.card("Rolling hills")).toContainText("1,800 triangles");
    await expect(library.card("Rolling hills")).toContainText("1 texture");

    const zipSent = await library.uploadCapturingThumbnail([files.objZip], "Painted cube");
    await library.expectThumbnail("Painted cube");
    await expect(library.card("Painted cube")).toContainText("12 triangles");

    const stored = (await (
      await page.request.get("/api/assetService/model3d/myLibrary")
    ).json()) as { title: string; thumbnailUrl: string }[];
    expect(stored.map((asset) => asset.title).sort()).toEqual(["Painted cube", "Rolling hills"]);
    for (const [title, sent, upload] of [
      ["Rolling hills", glbSent, [{ name: files.glb.name, bytes: files.glb.buffer }]],
      ["Painted cube", zipSent, [{ name: files.objZip.name, bytes: files.objZip.buffer }]],
    ] as const) {
      expect(sent, `${title}: a thumbnail sent with the upload`).not.toBeNull();
      const url = stored.find((asset) => asset.title === title)?.thumbnailUrl as string;
      const shown = await (await page.request.get(url)).body();
      const serverDrawing = await serverThumbnail(
        upload.map((part) => ({ ...part, bytes: new Uint8Array(part.bytes) })),
      );
      // the stored picture is the browser's, up to re-encoding; the server's drawing of the same
      // model (textured too, from nearly the same angle) is several times further from it
      const fromBrowser = await pictureDistance(shown, sent as Buffer);
      expect(fromBrowser).toBeLessThan(3);
      expect(await pictureDistance(shown, serverDrawing)).toBeGreaterThan(3 * fromBrowser);
    }

    await library.delete("Painted cube");
    await page.reload();
    await expect(library.cards).toHaveCount(1);
    await expect(library.card("Rolling hills")).toBeVisible();
  });

  test("the dropzone refuses a second model and names a wrong file", async ({ page, library }) => {
    const files = await libraryFiles();
    const signUp = await page.request.post("/api/auth/signup", {
      data: {
        email: `dropzone-${Date.now()}@example.test`,
        password: "a long enough password",
        name: "Dora Drop",
      },
    });
    const { userId } = await signUp.json();
    await library.open(userId, "3d-models");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const input = library.dialog.locator("input[type=file]");
    await input.setInputFiles([files.glb, { ...files.glb, name: "second.glb" }]);
    await expect(library.dialog).toContainText("Can't have more than 1 3D model files");
    await input.setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await expect(library.dialog).toContainText("notes.txt was rejected: expected");
    await expect(library.dialog).toContainText("Maximum attached file size 4 MB");
  });
});
