import type { Page } from "@playwright/test";
import { expect, SpacesApi, test } from "../fixtures";
import { personIn, platform, port, proWithDistrict } from "../fixtures/districts";

// Issue 18, hosting requests and promotion (docs/districts.md) on {subdomain}.localhost: a
// signed-in maker who is no member offers a published space of theirs to a public district
// from its home; the owner accepts it under Manage, Hosting requests; the space is then among
// the district's spaces and its maker a Creator; the owner promotes it and the home shows it
// under Promoted spaces; a second offer is declined and the maker sees the answer.
// The Pro owner, the district and the maker's spaces are made through the API.

test.use({ actionTimeout: 30_000 });

/** From the district's home: Offer a space, pick it, write to the owner, send. */
async function offer(page: Page, site: string, spaceTitle: string, message: string) {
  await page.goto(`${site}/`);
  await page.getByRole("button", { name: "Offer a space" }).click();
  const dialog = page.getByRole("dialog", { name: /Ask .* to host a space/ });
  await dialog.getByRole("combobox", { name: "Your space" }).click();
  await page.getByRole("option", { name: spaceTitle }).click();
  await dialog.getByLabel("Message to the owner").fill(message);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request sent: the owner will answer it")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("a maker offers a space to a public district; the owner accepts and promotes it, and declines a second", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const subdomain = `host-${stamp}`;
  const title = `Harbour Lights ${stamp}`;
  const site = `http://${subdomain}.localhost:${port}`;
  const owner = await personIn(browser, "Olga Owner");
  await proWithDistrict(owner.page, { title, subdomain, public: true });

  // the maker, with no space yet: the dialog offers to create one, and opens the editor
  const maker = await personIn(browser, "Milo Maker");
  await maker.page.goto(`${site}/`);
  await maker.page.getByRole("button", { name: "Offer a space" }).click();
  const empty = maker.page.getByRole("dialog", { name: /Ask .* to host a space/ });
  await expect(empty).toContainText("You have no space outside a District to offer.");
  await empty.getByRole("button", { name: "Create a space" }).click();
  await expect(maker.page).toHaveURL(`${site}/curate`);
  await expect(maker.page.locator("label", { hasText: /^Premade space$/ })).toBeVisible();

  // then a published space and a draft of their own, outside any district
  const spaces = new SpacesApi(maker.page.request, platform);
  const gallery = await spaces.createDraft(`Milo's lantern gallery ${stamp}`);
  await spaces.saveEmptyRoom(gallery.sceneId, gallery.revision);
  await spaces.publishIntoFreeSlot(gallery.sceneId);
  await spaces.createDraft(`Milo's workshop ${stamp}`);

  await offer(maker.page, site, `Milo's lantern gallery ${stamp}`, "It would suit the harbour.");
  // the dialog, opened again, shows the request waiting and no longer offers that space
  await maker.page.getByRole("button", { name: "Offer a space" }).click();
  const mine = maker.page.getByTestId("my-hosting-request");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`Milo's lantern gallery ${stamp}`);
  await expect(mine).toContainText("Waiting");
  await maker.page.keyboard.press("Escape");

  // the owner: Manage, then Hosting requests
  await owner.page.goto(`${site}/`);
  await owner.page
    .getByTestId("district-header")
    .getByRole("link", { name: "Manage", exact: true })
    .click();
  await owner.page.getByRole("tab", { name: "Hosting requests" }).click();
  const request = owner.page
    .getByTestId("hosting-request")
    .filter({ hasText: `Milo's lantern gallery ${stamp}` });
  await expect(request).toContainText("From Milo Maker");
  await expect(request).toContainText("It would suit the harbour.");
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(
    owner.page.getByText(`Milo's lantern gallery ${stamp} joined the District`),
  ).toBeVisible();
  await expect(request).toContainText("Accepted");
  await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // the space is among the district's published spaces, and its maker a Creator
  await owner.page.getByTestId("district-header").getByRole("link", { name: "Spaces" }).click();
  await expect(
    owner.page.getByTestId("space-card").filter({ hasText: `Milo's lantern gallery ${stamp}` }),
  ).toBeVisible();
  await owner.page.getByTestId("district-header").getByRole("link", { name: "Members" }).click();
  await expect(owner.page.getByRole("combobox", { name: "Role: Milo Maker" })).toHaveValue(
    "Creator",
  );

  // the owner promotes it: the home shows it under Promoted spaces
  await owner.page.getByTestId("district-header").getByRole("link", { name: "Manage" }).click();
  await owner.page.getByRole("tab", { name: "Promotion" }).click();
  const row = owner.page
    .getByTestId("promotable-space")
    .filter({ hasText: `Milo's lantern gallery ${stamp}` });
  await row.getByRole("button", { name: "Promote" }).click();
  await expect(row.getByRole("button", { name: "Stop promoting" })).toBeVisible();
  await expect(row).toContainText("Promoted");
  await owner.page.getByTestId("district-header").getByRole("link", { name: "Home" }).click();
  const promoted = owner.page.getByTestId("district-promoted");
  await expect(promoted.getByRole("heading", { name: "Promoted spaces" })).toBeVisible();
  await expect(
    promoted.getByTestId("space-card").filter({ hasText: `Milo's lantern gallery ${stamp}` }),
  ).toBeVisible();
  // a visitor signed out sees it too
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${site}/`);
  await expect(
    visitorPage
      .getByTestId("district-promoted")
      .getByTestId("space-card")
      .filter({ hasText: `Milo's lantern gallery ${stamp}` }),
  ).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: "Offer a space" })).toHaveCount(0);

  // a second offer, the draft, is declined (after the owner confirms)
  await offer(maker.page, site, `Milo's workshop ${stamp}`, "A workshop too?");
  await owner.page.goto(`${site}/manage/hosting`);
  const second = owner.page
    .getByTestId("hosting-request")
    .filter({ hasText: `Milo's workshop ${stamp}` });
  await second.getByRole("button", { name: "Decline" }).click();
  const confirm = owner.page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText(`Decline hosting Milo's workshop ${stamp}?`);
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(second).toContainText("Declined");
  // open requests come first: none is left waiting
  await expect(owner.page.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // the maker sees both answers in the Offer a space dialog
  await maker.page.goto(`${site}/`);
  await maker.page.getByRole("button", { name: "Offer a space" }).click();
  const answers = maker.page.getByTestId("my-hosting-request");
  await expect(answers).toHaveCount(2);
  await expect(answers.filter({ hasText: `Milo's workshop ${stamp}` })).toContainText("Declined");
  await expect(answers.filter({ hasText: `Milo's lantern gallery ${stamp}` })).toContainText(
    "Accepted",
  );
});
