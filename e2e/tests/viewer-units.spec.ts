import { pngImage } from "../../apps/server/test/support/images";
import { expect, test } from "../fixtures";
import { SpacesApi } from "../fixtures/spaces";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 15 item 7: the viewer's Units setting (Inches or Meters) is used wherever the viewer
// shows a length: the map's scale bar and the level's size, a picture's size in its focus view.
// And /dev-unity-uploader opens the asset library instead of saying it is not available.

test("lengths follow the Units setting: the map's scale and size, a picture's size", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const creator = await AtriumClient.signUp(e2eBaseUrl(), {
    name: "Uma Units",
    email: `units-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    password: "a long enough password for units",
  });
  const picture = await creator.uploadPicture("Wide view", await pngImage(800, 400));
  // a 10 x 6 m room; the picture (2:1, 1 m on its longest side) shown twice its size: 2 x 1 m
  const document = galleryDocument({ width: 10, depth: 6, pictures: [picture.assetId] });
  Object.assign(document.pictures?.[0] ?? {}, {
    position: [0, 1.6, -2.85],
    rotation: [0, 0, 0],
    scale: [2, 2, 1],
  });
  const sceneId = await creator.publishSpace("Measured room", document);

  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${sceneId}`);

  // metres by default
  await viewer.sidebarButton("Map").click();
  await expect(page.getByTestId("map-size")).toHaveText("This level: 10 × 6 m");
  await expect(page.getByTestId("map-scale")).toHaveAttribute("aria-label", "2 m");
  // each panel is closed by its own Close button and gone before the next opens: a drawer still
  // closing keeps its Close button on the page for a moment (CI saw two, twice)
  const close = async (content: string) => {
    const panel = page.getByRole("dialog").filter({ has: page.getByTestId(content) });
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId(content)).toBeHidden();
  };
  await close("map-size");
  await viewer.clickItem("pictures", "picture-1");
  await expect(page.getByTestId("picture-size")).toHaveText("Size: 2.0 × 1.0 m");
  await close("picture-size");

  // inches
  await viewer.sidebarButton("Settings").click();
  await page.getByTestId("viewer-settings").getByText("Inches", { exact: true }).click();
  await close("viewer-settings");
  await viewer.sidebarButton("Map").click();
  await expect(page.getByTestId("map-size")).toHaveText("This level: 394 × 236 in");
  await expect(page.getByTestId("map-scale")).toHaveAttribute("aria-label", "100 in");
  await close("map-size");
  await viewer.clickItem("pictures", "picture-1");
  await expect(page.getByTestId("picture-size")).toHaveText("Size: 79 × 39 in");
});

test("/dev-unity-uploader opens the library's 3D models to upload to; signed out, sign-in first", async ({
  page,
}) => {
  await page.goto("/dev-unity-uploader");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdev-unity-uploader/);
  await expect(page.getByText(/not available/)).toHaveCount(0);

  const me = await new SpacesApi(page.request, new URL(page.url()).origin).signUp("Dev Uploader");
  await page.goto("/dev-unity-uploader");
  await expect(page).toHaveURL(new RegExp(`/user/${me.userId}/library/3d-models$`));
  await expect(page.getByRole("button", { name: /Upload/ }).first()).toBeVisible();
  await expect(page.getByText(/not available/)).toHaveCount(0);
});
