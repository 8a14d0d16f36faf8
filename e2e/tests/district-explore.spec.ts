import { expect, test } from "../fixtures";
import { subscribe } from "../fixtures/accounts";
import { personIn, platform, port, proWithDistrict } from "../fixtures/districts";
import { EditorPage, enableDebugHooks } from "../fixtures/editor";

// Issue 18: a visitor finds a public district in explore's Districts tab, follows it and sees
// it among the districts they follow; a creator restricts a space to a group through the
// publish flow's picker, and a member of the group may open it while someone else is refused.

test.use({ actionTimeout: 30_000 });

test("a visitor finds a public district in explore, follows it and sees it among the districts they follow", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Lantern Quay ${stamp}`;
  const owner = await personIn(browser, "Orla Owner");
  await proWithDistrict(owner.page, { title, subdomain: `quay-${stamp}`, public: true });

  const visitor = await personIn(browser, "Vic Visitor");
  const page = visitor.page;
  await page.goto("/explore");
  await page.getByRole("tab", { name: "Districts" }).click();
  // typed at once, as a person may: the search must not undo the tab (it did under load)
  await page.getByTestId("explore-search").fill(title);
  await expect(page.getByRole("tab", { name: "Districts" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const card = page.getByTestId("district-card").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: title }).first()).toHaveAttribute(
    "href",
    `http://quay-${stamp}.localhost:${port}/`,
  );
  await expect(card.getByTestId("district-followers")).toHaveText("0 followers");
  await card.getByRole("button", { name: "Follow" }).click();
  await expect(card.getByRole("button", { name: "Unfollow" })).toBeVisible();
  await expect(card.getByTestId("district-followers")).toHaveText("1 follower");

  // the short path opens the visitor's own following-districts page
  await page.goto("/districts/following-districts");
  await expect(page).toHaveURL(
    new RegExp(`/user/${visitor.userId}/districts/following-districts$`),
  );
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.context().close();
  await owner.page.context().close();
});

test("a space restricted to a group opens for the group's member and refuses someone else", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const creator = await personIn(browser, "Cara Creator");
  await subscribe(creator.page, "plan-standard-month", platform);
  const member = await personIn(browser, "Mo Member");
  const other = await personIn(browser, "Ola Other");
  const groupTitle = `Lantern crew ${Date.now().toString(36)}`;
  const group = await creator.page.request.post("/api/userService/group", {
    data: { title: groupTitle, members: [member.userId] },
    headers: { origin: platform },
  });
  expect(group.status(), await group.text()).toBe(201);

  const page = creator.page;
  await enableDebugHooks(page);
  const editor = new EditorPage(page);
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Crew room");
  await editor.saveNew();
  const sceneId = editor.sceneIdFromUrl();

  const next = page.getByTestId("publish-next");
  const groups = page.getByRole("combobox", { name: "Groups" });
  const pill = page.locator(".mantine-MultiSelect-pill", { hasText: groupTitle });
  await editor.step("publishAndShare").click();
  await next.click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  await next.click();
  await page.getByRole("radio", { name: "Restricted to the people I choose" }).check();
  await groups.click();
  await page.getByRole("option", { name: groupTitle }).click();
  await expect(pill).toHaveCount(1);
  await groups.press("Escape");
  await next.click();
  await next.click();
  await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
  const stored = await (
    await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`)
  ).json();
  expect(stored.groupPrivacyACL).toEqual([(await group.json()).groupId]);

  // reopened, the flow shows the group as stored
  await page.reload();
  await editor.step("publishAndShare").click();
  await next.click();
  await next.click();
  await expect(pill).toHaveCount(1);

  await other.page.goto(`/viewer/${sceneId}`);
  await expect(other.page).toHaveURL(/space-access-denied/i);
  await expect(
    other.page.getByText("You don't have permission to access this 3D space"),
  ).toBeVisible();
  await member.page.goto(`/viewer/${sceneId}`);
  await expect(member.page.getByTestId("viewer-toolbar")).toBeVisible({ timeout: 60_000 });
  await expect(member.page).toHaveURL(new RegExp(`/viewer/${sceneId}`));
});
