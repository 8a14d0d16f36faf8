import { expect, test } from "../fixtures";

// Issue 18 item 1: a Free user opens the district wizard from their districts page, meets each
// step's messages, subscribes to Pro (yearly, preselected) and buys the credits for one extra
// slot in the sandbox's checkout, and the district is created with its two slots and its free
// premade space as its first draft.

const PASSWORD = "a long enough password";

test("a user subscribes to Pro through the district wizard and creates a district with a paid extra slot", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `district-${stamp}@example.test`;
  const signUp = await page.request.post("/api/auth/signup", {
    data: { email, password: PASSWORD, name: "Dora District" },
  });
  expect(signUp.status()).toBe(201);
  const { userId } = (await signUp.json()) as { userId: string };

  // the account's districts page offers the wizard
  await page.goto(`/user/${userId}/districts/my-districts`);
  await page.getByTestId("create-district").click();
  await expect(page).toHaveURL(/\/district-wizard$/);
  const steps = page.getByTestId("district-wizard-steps");
  await expect(steps).toContainText("General");
  await expect(steps).toContainText("Overview");

  // General: the spec's messages, then a valid title and subdomain
  const title = page.getByRole("textbox", { name: "District title" });
  const subdomain = page.getByRole("textbox", { name: "Subdomain" });
  const next = page.getByRole("button", { name: "Next" });
  await next.click();
  await expect(page.getByText("Required").first()).toBeVisible();
  await title.fill(`Harbour Lights ${stamp}`);
  await subdomain.fill("Harbour Lights");
  await next.click();
  await expect(
    page.getByText(
      "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.",
    ),
  ).toBeVisible();
  await subdomain.fill("www");
  await next.click();
  await expect(page.getByText('Subdomain cannot be "www"')).toBeVisible();
  const chosen = `harbour-${stamp}`;
  await subdomain.fill(chosen);
  await next.click();

  // Space slots: one extra slot
  await expect(page.getByRole("heading", { name: "Space slots" })).toBeVisible();
  await page.getByRole("textbox", { name: "Extra space slots" }).fill("1");
  await next.click();

  // Premade spaces: the free one is required in create mode
  await expect(page.getByRole("heading", { name: "Premade spaces" })).toBeVisible();
  await next.click();
  await expect(
    page.getByText("You need to select your free premade space in order to continue."),
  ).toBeVisible();
  const freeChoice = page.getByTestId("district-free-premade").getByRole("radio").first();
  const freeTemplateId = await freeChoice.getAttribute("data-template-id");
  expect(freeTemplateId).toBeTruthy();
  await freeChoice.check();
  await next.click();

  // Overview: the cart, Pro yearly preselected, a credit package for what is missing
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("district-cart")).toContainText("Space slots × 1");
  await expect(page.getByTestId("district-cart-total")).toHaveText("600 credits");
  await expect(page.getByTestId("district-cart-missing")).toHaveText("600 credits");
  await expect(page.getByRole("radio", { name: /^Pro, yearly/ })).toBeChecked();
  const submit = page.getByTestId("district-wizard-submit");
  await submit.click();
  await expect(page.getByTestId("district-wizard-error")).toHaveText(
    "Please select a credit package to cover the missing credits.",
  );
  await page.getByTestId("credit-bundle-picker").getByRole("radio").first().check();
  await submit.click();

  // the card checkouts come first: the plan, then the credits
  await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_\w+$/);
  await expect(page.getByTestId("checkout-product")).toHaveText("Pro plan");
  await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Subscribe/ }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_\w+$/, { timeout: 20_000 });
  await expect(page.getByTestId("checkout-product")).toContainText("credits");
  await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay/ }).click();

  // then the district is created and the cart settled from the wallet
  const done = page.getByTestId("district-wizard-done");
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done).toContainText(`Harbour Lights ${stamp} is ready`);
  await expect(page.getByTestId("district-wizard-slots")).toHaveText("It has 2 space slots.");
  await expect(page.getByTestId("header-plan-label")).toHaveText("PRO");

  // the district exists with its two slots and its free premade space as a draft
  const mine = await (await page.request.get("/api/userService/district/my")).json();
  const district = (mine as { districtId: string; subdomain: string; title: string }[]).find(
    (entry) => entry.subdomain === chosen,
  );
  expect(district?.title).toBe(`Harbour Lights ${stamp}`);
  const slots = (await (await page.request.get("/api/sceneService/slot/my")).json()) as {
    districtId: string | null;
    districtSlot: boolean;
  }[];
  const ofDistrict = slots.filter((slot) => slot.districtId === district?.districtId);
  expect(ofDistrict).toHaveLength(2);
  expect(ofDistrict.every((slot) => slot.districtSlot)).toBe(true);
  const bought = (await (
    await page.request.get(`/api/marketplaceService/districtitem/district/${district?.districtId}`)
  ).json()) as { type: string; quantity: number; priceCoin: number }[];
  expect(bought).toEqual([expect.objectContaining({ type: "slot", quantity: 1, priceCoin: 600 })]);
  const wallet = await (await page.request.get("/api/marketplaceService/wallet/byuserid")).json();
  expect(wallet.availableBalance).toBe(0);

  // the first draft is the free premade space, in the district
  await page.getByRole("link", { name: "Open its first draft" }).waitFor();
  const drafts = (await (await page.request.get("/api/sceneService/scene/metadata/my")).json()) as {
    districtId: string | null;
    state: string;
    premadeSceneId: string | null;
  }[];
  const draft = (Array.isArray(drafts) ? drafts : []).find(
    (scene) => scene.districtId === district?.districtId,
  );
  expect(draft?.state).toBe("Draft");
  expect(draft?.premadeSceneId).toBe(freeTemplateId);

  // edit mode, from My districts: no General step, the district's two slots, one more to buy
  await page.goto(`/user/${userId}/districts/my-districts`);
  await page.getByRole("link", { name: "Add slots and premade spaces" }).click();
  await expect(page).toHaveURL(/\/district-wizard\?districtId=/);
  await expect(steps).not.toContainText("General");
  await expect(page.getByRole("heading", { name: "Space slots" })).toBeVisible();
  await expect(page.getByText("This district has 2 space slots.")).toBeVisible();
});
