import { expect, SpacesApi, test } from "../fixtures";

// Issue 4: a free user fills both drafts, the third 'Create' is refused with the dialog; a
// draft is published into the free slot, found on explore, liked and commented on by someone
// else; the owner copies the embed code from the share modal and opens it.

test.describe("spaces", () => {
  test("drafts limit, publishing into the free slot, explore, likes, comments, embed code", async ({
    page,
    browser,
    baseURL,
    spaceCards,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL as string;
    const ada = new SpacesApi(page.request, origin);
    const { userId } = await ada.signUp("Ada Spaces");
    const title = `Harbour gallery ${Date.now().toString(36)}`;
    const first = await ada.createDraft(title);
    await ada.createDraft("Second draft");

    // the third 'Create' is refused: home, with the dialog and its View drafts button
    await page.goto("/explore");
    await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Draft limit reached" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${origin}/`);
    await dialog.getByRole("button", { name: "View drafts" }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${userId}/spaces/drafts$`));
    await expect(page.getByTestId("space-card")).toHaveCount(2);

    // publish the first draft into the free Starter slot
    const saved = await ada.saveEmptyRoom(first.sceneId, first.revision);
    expect(saved.revision).toBe(1);
    await ada.publishIntoFreeSlot(first.sceneId);
    await page.goto(`/user/${userId}/spaces/published`);
    await expect(spaceCards.card(title)).toBeVisible();
    await expect(spaceCards.card(title).getByTestId("slot-expiry")).toContainText(
      "Free slot until",
    );

    // someone else finds it on explore, likes it and comments on it
    const other = await browser.newContext({ baseURL: origin });
    const bobPage = await other.newPage();
    const bob = new SpacesApi(bobPage.request, origin);
    await bob.signUp("Bob Visitor");
    await bobPage.goto("/explore");
    await bobPage
      .getByTestId("explore-search")
      .fill(title.split(" ").slice(0, 2).join(" ").slice(0, -2));
    const bobCard = bobPage.getByTestId("space-card").filter({ hasText: title });
    await expect(bobCard).toBeVisible();
    await expect(bobCard).toContainText("Ada Spaces");
    await bob.like(first.sceneId);
    await bob.comment(first.sceneId, "What a lovely harbour!");
    await bobPage.reload();
    await expect(bobCard.getByTitle("1 like")).toBeVisible();
    await expect(bobCard.getByTitle("1 comment")).toBeVisible();
    await other.close();

    // the owner copies the embed code from the share modal
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await page.reload();
    await spaceCards.openAction(title, "Share");
    const share = page.getByTestId("share-modal");
    await expect(share.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      new RegExp(`^https://www\\.facebook\\.com/sharer/sharer\\.php\\?u=.*${first.sceneId}`),
    );
    await share.getByRole("button", { name: "Copy embed code" }).click();
    await expect(page.getByText("Copied to clipboard!")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(
      `src="${origin}/viewer/embed/${first.sceneId}?showSignIn=1&amp;showCommunications=1"`,
    );
    expect(copied).toContain('width="700" height="500"');

    // and the embed code opens the space in the embedded viewer
    const src = (/src="([^"]+)"/.exec(copied)?.[1] ?? "").replaceAll("&amp;", "&");
    await page.goto(src);
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page).toHaveURL(/\/viewer\/embed\//);
  });
});
