import { expect, test } from "../fixtures";
import { SpacesApi } from "../fixtures/spaces";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 15 item 5: favourites can be added, from a space card and from the viewer's space info;
// both then show in activity/favorites and the viewer's MY FAVOURITES; a favourite can be
// removed; a visitor without an account is sent to sign in.

const unique = () => Math.random().toString(36).slice(2, 7);

async function publishedSpace(title: string) {
  const creator = await AtriumClient.signUp(e2eBaseUrl(), {
    name: "Fay Creator",
    email: `fav-${Date.now()}-${unique()}@example.test`,
    password: "a long enough password for favourites",
  });
  return creator.publishSpace(title, galleryDocument({ width: 8, depth: 6 }));
}

test("a favourite added from a card and one from the viewer show in both lists, and can be removed", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = unique();
  const cardTitle = `Starred hall ${tag}`;
  const viewerTitle = `Starred annex ${tag}`;
  const cardSpace = await publishedSpace(cardTitle);
  const viewerSpace = await publishedSpace(viewerTitle);

  // signed out: the card's toggle leads to sign-in
  await page.goto("/explore");
  await page.getByTestId("explore-search").fill(`Starred hall ${tag}`);
  const card = page.getByTestId("space-card").filter({ hasText: cardTitle });
  const cardToggle = card.getByRole("button", { name: `Favourite ${cardTitle}` });
  await expect(cardToggle).toHaveAttribute("aria-pressed", "false");
  await cardToggle.click();
  await expect(page).toHaveURL(/\/login/);

  const origin = new URL(page.url()).origin;
  const me = await new SpacesApi(page.request, origin).signUp("Fran Favourite");

  // from a card on explore
  await page.goto("/explore");
  await page.getByTestId("explore-search").fill(`Starred hall ${tag}`);
  await expect(cardToggle).toHaveAttribute("aria-pressed", "false");
  await cardToggle.click();
  await expect(cardToggle).toHaveAttribute("aria-pressed", "true");

  // from the viewer's space info
  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${viewerSpace}`);
  await viewer.sidebarButton("Space info").click();
  const infoToggle = page.getByTestId("space-info").getByRole("button", { name: "Favourite" });
  await expect(infoToggle).toHaveAttribute("aria-pressed", "false");
  await infoToggle.click();
  await expect(infoToggle).toHaveAttribute("aria-pressed", "true");

  // the viewer's MY FAVOURITES lists both
  await page.getByRole("button", { name: "Close" }).click();
  await viewer.sidebarButton("Explore").click();
  await page.getByRole("tab", { name: "MY FAVOURITES" }).click();
  await expect(page.getByRole("link", { name: new RegExp(cardTitle) })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(viewerTitle) })).toBeVisible();

  // activity/favorites lists both, the latest first
  await page.goto(`/user/${me.userId}/activity/favorites`);
  const list = page.getByTestId("activity-favorites");
  await expect(list.getByTestId("space-card")).toHaveText([
    new RegExp(viewerTitle),
    new RegExp(cardTitle),
  ]);

  // unfavourite from the card there: gone, also after a reload
  await list
    .getByTestId("space-card")
    .filter({ hasText: cardTitle })
    .getByRole("button", { name: `Favourite ${cardTitle}` })
    .click();
  await expect(list.getByTestId("space-card")).toHaveText([new RegExp(viewerTitle)]);
  await page.reload();
  await expect(list.getByTestId("space-card")).toHaveText([new RegExp(viewerTitle)]);
  void cardSpace;
});
