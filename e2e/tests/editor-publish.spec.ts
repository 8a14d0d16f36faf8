import { expect, test } from "../fixtures";
import { libraryFiles } from "../fixtures/library-files";

// Issue 15 item 1: publishing again starts from what the space stores (description, slot,
// cover, gallery and access lists), so publishing a second time changes only what the creator
// changed. The access lists, which need the Standard plan, are in publish-restricted.spec.ts.

test("publishing twice keeps the stored cover, gallery and slot", async ({ page, editor }) => {
  test.setTimeout(150_000);
  const { picture } = await libraryFiles();
  await editor.signUpWithLibrary("Paula Publisher");
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Photo room");
  await editor.saveNew();
  const sceneId = editor.sceneIdFromUrl();
  const stored = async () => {
    const response = await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as {
      description: string;
      coverPhotoUri: string | null;
      photoGallery: string[];
      slotId: string | null;
    };
  };

  const next = page.getByTestId("publish-next");
  // Mantine's file fields are buttons that open the browser's file chooser
  const pick = async (label: string, file: typeof picture) => {
    const chooser = page.waitForEvent("filechooser");
    await page.getByLabel(label).click();
    await (await chooser).setFiles(file);
  };
  await editor.step("publishAndShare").click();
  await page.getByLabel("Description").fill("Photographs of the sea");
  await pick("Cover photo", picture);
  await pick("Photo gallery", { ...picture, name: "first.jpg" });
  await next.click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  for (let step = 0; step < 4; step++) await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
  const first = await stored();
  expect(first.coverPhotoUri).toBeTruthy();
  expect(first.photoGallery).toHaveLength(1);

  // a new visit: the flow shows what is stored; one more gallery photo is added to it
  await page.reload();
  await editor.step("publishAndShare").click();
  await expect(page.getByLabel("Description")).toHaveValue("Photographs of the sea");
  await expect(page.getByTestId("publish-stored-cover").locator("img")).toHaveCount(1);
  await expect(page.getByTestId("publish-stored-gallery").locator("img")).toHaveCount(1);
  await pick("Photo gallery", { ...picture, name: "second.jpg" });
  await next.click();
  await expect(page.getByTestId("publish-slots").getByRole("radio").first()).toBeChecked();
  for (let step = 0; step < 4; step++) await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
  const second = await stored();
  expect(second.description).toBe("Photographs of the sea");
  expect(second.coverPhotoUri).toBe(first.coverPhotoUri);
  expect(second.slotId).toBe(first.slotId);
  expect(second.photoGallery).toHaveLength(2);
  expect(second.photoGallery[0]).toBe(first.photoGallery[0]);
});

// Issue 21 item 8: what a Free account cannot choose is said when it is chosen, with the way to
// get it; a full slot list says how to free a slot or get one.
test("a Free account hears about the plan when it restricts a space, and how to get a slot", async ({
  page,
  editor,
}) => {
  test.setTimeout(150_000);
  const { userId } = await editor.signUpWithLibrary("Fran Free");
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("First room");
  await editor.saveNew();
  const next = page.getByTestId("publish-next");
  await editor.step("publishAndShare").click();
  await next.click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  await next.click();

  // privacy: choosing people says at once that it needs Standard, with the pricing link
  await page.getByRole("radio", { name: /people I choose/ }).check();
  const needed = page.getByTestId("publish-plan-needed");
  await expect(needed).toContainText("Choosing who can visit needs the Standard plan.");
  await expect(needed.getByRole("link", { name: "See plans and prices" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  // and it does not go on to fail at Publish
  await next.click();
  await expect(page.getByTestId("publish-error")).toContainText("needs the Standard plan");
  await page.getByRole("radio", { name: /anyone may visit/ }).check();
  await expect(needed).toHaveCount(0);
  await next.click();
  await page.getByRole("radio", { name: /people I choose may chat/ }).check();
  await expect(page.getByTestId("publish-plan-needed")).toContainText(
    "Choosing who can chat and talk needs the Standard plan.",
  );
  await page.getByRole("radio", { name: /Every visitor may chat/ }).check();
  await next.click();
  await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });

  // a second space: the one free slot is taken, and the flow says how to free or get one
  await editor.openNew();
  await editor.drawRoom([-3, -3], [3, 3]);
  await page.getByTestId("editor-title").fill("Second room");
  await editor.saveNew();
  await editor.step("publishAndShare").click();
  await next.click();
  const noSlot = page.getByTestId("publish-no-slot");
  await expect(noSlot).toContainText("There is no available slot.");
  await expect(noSlot).toContainText("Unpublish one of your published spaces");
  await expect(noSlot.getByRole("link", { name: "Your published spaces" })).toHaveAttribute(
    "href",
    `/user/${userId}/spaces/published`,
  );
  await expect(noSlot.getByRole("link", { name: "See plans and prices" })).toHaveAttribute(
    "href",
    "/pricing",
  );
});
