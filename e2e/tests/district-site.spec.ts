import { expect, test } from "../fixtures";
import { newPerson } from "../fixtures/accounts";
import { personIn, platform, port, proWithDistrict } from "../fixtures/districts";

// Issue 18, the district site on {subdomain}.localhost: the owner (Pro through the sandbox,
// the district made through the API as the wizard would) invites a second person by link,
// who signs up from the link, joins as a Creator and creates a space in the district; an
// outsider finds the private district closed.

test.describe("the district site", () => {
  test("the owner invites by link; the invitee signs up, joins and creates a space in the district; an outsider is kept out", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const subdomain = `row-${Date.now().toString(36)}`;
    const site = `http://${subdomain}.localhost:${port}`;
    const owner = await personIn(browser, "Orla Owner");
    await proWithDistrict(owner.page, {
      title: `Lantern Row ${subdomain}`,
      subdomain,
      public: false,
    });

    // the district header replaces the platform's: no explore, pricing or contact
    await owner.page.goto(`${site}/members/invitations`);
    const header = owner.page.getByTestId("district-header");
    await expect(header.getByTestId("district-header-title")).toHaveText(
      `Lantern Row ${subdomain}`,
    );
    await expect(header.getByRole("link", { name: "Explore" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Pricing" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Contact us" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Upgrade" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Create Space" })).toBeVisible();

    const invitee = newPerson("Ivo Invitee");
    await owner.page.getByLabel("E-mail").fill(invitee.email);
    await owner.page.getByRole("combobox", { name: "Role" }).click();
    await owner.page.getByRole("option", { name: "Creator" }).click();
    await owner.page.getByRole("button", { name: "Invite" }).click();
    const link = (await owner.page.getByTestId("invitation-link").textContent()) ?? "";
    expect(link).toMatch(new RegExp(`^${site}/\\?invitation_code=[\\w-]+$`));
    await expect(owner.page.getByTestId("district-invitation").first()).toContainText(
      /Creator.*Pending/,
    );

    // the invitee opens the link signed out: the private district asks them to sign in first
    const context = await browser.newContext({ baseURL: platform });
    const page = await context.newPage();
    await page.goto(link);
    await expect(
      page.getByText("Sign in to accept your invitation to this District"),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "You don't have access to this District" }),
    ).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await page.getByText("Create account", { exact: true }).first().click();
    await page.getByLabel("Name").fill(invitee.name);
    await page.getByLabel("E-mail").fill(invitee.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(invitee.password);
    await page.getByRole("button", { name: "Create account" }).click();

    // back on the link, signed in: joined as a Creator, the district opens
    await expect(page.getByText("Welcome! You joined this District as Creator.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${site}/`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Lantern Row ${subdomain}` }),
    ).toBeVisible();
    const inviteeHeader = page.getByTestId("district-header");
    await expect(inviteeHeader.getByRole("link", { name: "Upgrade" })).toHaveCount(0);

    // Create Space in the district: the editor's first save makes a draft of the district
    await inviteeHeader.getByRole("button", { name: "Create Space" }).click();
    await expect(page).toHaveURL(/\/curate\?districtId=/);
    await expect(page.getByTestId("floor-plan")).toBeVisible();
    await page.getByTestId("editor-title").fill("Ivo's lantern hall");
    await page.getByTestId("editor-save").click();
    await expect(page.getByText("Successfully saved scene!")).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/curate\/[^/?]+$/);

    await page.goto(`${site}/spaces/drafts`);
    await expect(page.getByText("Ivo's lantern hall")).toBeVisible();
    // the owner sees it among the district's drafts, and the new member among its members
    await owner.page.goto(`${site}/spaces/drafts`);
    await expect(owner.page.getByText("Ivo's lantern hall")).toBeVisible();
    await owner.page.goto(`${site}/members/all`);
    await expect(
      owner.page.getByTestId("district-member").filter({ hasText: "Ivo Invitee" }),
    ).toContainText("Ivo Invitee");

    // an outsider, signed in, finds the private district closed
    const outsider = await personIn(browser, "Ona Outsider");
    await outsider.page.goto(`${site}/`);
    await expect(
      outsider.page.getByRole("heading", { name: "You don't have access to this District" }),
    ).toBeVisible();
    await expect(
      outsider.page.getByTestId("district-header").getByRole("button", { name: "Create Space" }),
    ).toHaveCount(0);
    await outsider.page.goto(`${site}/spaces/drafts`);
    await expect(
      outsider.page.getByRole("heading", { name: "You don't have access to this District" }),
    ).toBeVisible();
    // and an unknown subdomain says so
    await outsider.page.goto(`http://nowhere-${subdomain}.localhost:${port}/`);
    await expect(
      outsider.page.getByRole("heading", { name: "This District does not exist" }),
    ).toBeVisible();
  });
});
