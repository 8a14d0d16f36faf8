import { expect, test } from "../fixtures";
import { libraryFiles } from "../fixtures/library-files";

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

    await library.open(userId, "images");
    await expect(page.getByTestId("library-empty")).toBeVisible();
    await library.upload([files.picture], "Sunset study");
    await library.expectThumbnail("Sunset study");
    await expect(library.card("Sunset study")).toContainText("1200 × 800 px");

    await library.open(userId, "3d-models");
    await library.upload([files.glb], "Rolling hills");
    await library.expectThumbnail("Rolling hills");
    await expect(library.card("Rolling hills")).toContainText("1,800 triangles");
    await expect(library.card("Rolling hills")).toContainText("1 texture");

    // an obj is drawn from the glb the server made (meshopt-compressed): the browser's drawing
    // replaces the server's
    const browserThumbnail = page.waitForResponse(
      (response) => response.request().method() === "PUT" && response.url().endsWith("/thumbnail"),
    );
    await library.upload([files.objZip], "Painted cube");
    expect((await browserThumbnail).status()).toBe(200);
    await library.expectThumbnail("Painted cube");
    await expect(library.card("Painted cube")).toContainText("12 triangles");

    // the thumbnail the browser drew replaced the server's
    const glbAsset = (await (
      await page.request.get("/api/assetService/model3d/myLibrary")
    ).json()) as { title: string; thumbnailUrl: string }[];
    expect(glbAsset.map((asset) => asset.title).sort()).toEqual(["Painted cube", "Rolling hills"]);

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
