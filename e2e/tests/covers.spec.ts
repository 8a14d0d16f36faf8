import sharp from "sharp";
import { expect, test } from "../fixtures";

// First impressions (issue 15.8): a space's default cover and thumbnail are a rendered view of
// the space itself, taken by the editor when it is saved.

test("saving a space in the editor gives it a rendered view of itself as its cover", async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.signUpWithLibrary("Cora Cover");
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Rendered room");
  await editor.addFromLibrary("Pictures", "Sunset study");
  await expect(editor.outlineItems).toHaveCount(1);
  await editor.save.click();
  await expect(page).toHaveURL(/\/curate\/[^/?#]+/);
  const sceneId = editor.sceneIdFromUrl();

  const metadata = async () =>
    (await (await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`)).json()) as {
      coverPhotoUri: string | null;
      thumbnailUri: string | null;
    };
  await expect
    .poll(async () => (await metadata()).coverPhotoUri, { timeout: 20_000 })
    .toMatch(/^\/api\/fileService\/file\//);
  const { coverPhotoUri, thumbnailUri } = await metadata();
  expect(thumbnailUri).toBe(coverPhotoUri);
  const image = await (await page.request.get(coverPhotoUri as string)).body();
  const { width, height } = await sharp(image).metadata();
  expect([width, height]).toEqual([640, 360]);
  // a view of a room, not a flat colour: walls, floor and sky differ
  const stats = await sharp(image).stats();
  expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(8);
});
