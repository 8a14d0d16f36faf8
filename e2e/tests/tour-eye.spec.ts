import { expect, test } from "@playwright/test";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 21 item 3: a tour stop stored from the editor's aerial overview (as the editor took them
// before) plays standing inside the walls, at eye height, never from above the building.

test("a tour stop taken from above plays from a visitor's eye inside the room", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const base = e2eBaseUrl();
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const owner = await AtriumClient.signUp(base, {
    name: "Tim Tour",
    email: `tour-${stamp}@example.test`,
    password: "a long enough password",
  });
  // the gallery is 12 m by 12 m around the origin
  const sceneId = await owner.publishSpace(
    "Aerial tour",
    galleryDocument({ width: 12, depth: 12 }),
  );
  await owner.createTour({
    sceneId,
    title: "From above",
    points: [
      {
        title: "Overview",
        description: "Taken from the old editor's overview camera",
        position: [0, 15, 14],
        rotation: [-0.9, 0, 0],
        duration: 30,
      },
    ],
  });
  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${sceneId}`);
  await viewer.sidebarButton("Paths").click();
  await page.getByTestId("paths-list").getByRole("button", { name: "Play" }).click();
  const bar = page.getByTestId("tour-bar");
  await expect(bar.getByTestId("tour-point-title")).toHaveText("Overview");
  // arrived: the camera stands inside the walls at eye height
  await expect
    .poll(() =>
      page.evaluate(() => {
        const hook = (
          window as unknown as { __atriumViewer: { tourState(): { phase: string } | null } }
        ).__atriumViewer;
        return hook.tourState()?.phase;
      }),
    )
    .toBe("showing");
  const camera = await page.evaluate(() =>
    (
      window as unknown as { __atriumViewer: { camera(): number[] | null } }
    ).__atriumViewer.camera(),
  );
  expect(camera).not.toBeNull();
  const [x = 99, y = 99, z = 99] = camera ?? [];
  expect(y).toBeCloseTo(1.6, 1);
  expect(Math.abs(x)).toBeLessThan(6);
  expect(Math.abs(z)).toBeLessThan(6);
});
