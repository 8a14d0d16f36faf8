import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

// Issue 17: credits where they are needed. A Free user whose Starter slot is taken publishes a
// second space: the publish flow says credits are missing and offers the credit bundle picker;
// a declined card changes nothing; a bundle bought in the sandbox checkout returns to the
// publish flow (the purchase goes to the analytics data layer), buys a slot and publishes. A
// space with extra levels is refused publishing without their credits, with the picker filtered
// to the bundles covering them.

const SCENES = "/api/sceneService";
const MARKET = "/api/marketplaceService";

async function call<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  // writes come from the platform's own origin (the CSRF check)
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.fetch(path, {
    method,
    headers: { origin },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signUp(page: Page, name: string) {
  const signUp = await page.request.post("/api/auth/signup", {
    data: {
      email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`,
      password: "a long enough password",
      name,
    },
  });
  expect(signUp.status()).toBe(201);
}

/** A saved draft whose custom space has `levels` levels. */
async function draftWithLevels(page: Page, title: string, levels: number) {
  const draft = await call<{ sceneId: string }>(page, "POST", `${SCENES}/scene/metadata`, {
    title,
  });
  const empty = await call<{
    customSpace: { levels: { id: string; name: string; elevation: number }[] };
  }>(page, "GET", `${SCENES}/scene/custom`);
  const first = empty.customSpace.levels[0] as { id: string; name: string; elevation: number };
  empty.customSpace.levels = Array.from({ length: levels }, (_, index) => ({
    ...first,
    id: index === 0 ? first.id : `level-${index + 1}`,
    name: `Level ${index + 1}`,
    elevation: index * 4,
  }));
  await call(page, "PUT", `${SCENES}/scene/content/${draft.sceneId}`, {
    revision: 0,
    document: empty,
  });
  return draft.sceneId;
}

async function balance(page: Page) {
  return (await call<{ availableBalance: number }>(page, "GET", `${MARKET}/wallet/byuserid`))
    .availableBalance;
}

/** Opens the publish flow of a saved space and goes to its placement step. */
async function openPlacement(page: Page, sceneId: string) {
  await page.goto(`/curate/${sceneId}`);
  await page.getByTestId("step-publishAndShare").click();
  await page.getByTestId("publish-next").click();
}

test.describe("credits in the publish flow", () => {
  test("a Free user buys credits in the sandbox, buys a slot and publishes a second space", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, "Cora Credits");
    await page.goto("/");
    // the first space takes the Starter slot
    const first = await draftWithLevels(page, "First space", 1);
    const slots = await call<{ slotId: string; kind: string }[]>(page, "GET", `${SCENES}/slot/my`);
    const starter = slots.find((slot) => slot.kind === "free")?.slotId;
    await call(page, "POST", `${SCENES}/sceneactions/${first}/publish`, {
      publishedPublic: true,
      slotId: starter,
    });
    const second = await draftWithLevels(page, "Second space", 1);

    await openPlacement(page, second);
    await expect(page.getByTestId("publish-no-slot")).toContainText("There is no available slot.");
    const short = page.getByTestId("publish-insufficient-credits");
    await expect(short).toContainText(
      "Insufficient credits to publish. Select a credit package to proceed.",
    );
    // only bundles covering the 600 missing credits, at most 3, by unit, icons by unit
    const bundles = short.getByTestId("credit-bundle");
    await expect(bundles.first()).toBeVisible();
    const count = await bundles.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    const units = (await bundles.allTextContents()).map((text) =>
      Number(/([\d,]+) credits/.exec(text)?.[1]?.replace(/,/g, "")),
    );
    expect(units.every((unit) => unit >= 600)).toBe(true);
    expect([...units].sort((a, b) => a - b)).toEqual(units);
    const icons = await short
      .locator("svg[data-icon-id]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-icon-id")));
    expect(icons[0]).toBe("credits-icon-1");

    await short.getByRole("radio", { name: /^600 credits/ }).check();
    await short.getByRole("button", { name: "Buy credits" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_\w+$/);

    // a declined card: the error, and nothing changes
    const cardNumber = page.getByRole("textbox", { name: "Card number" });
    await cardNumber.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText(
      "Your card was declined. No money was taken.",
    );
    expect(await balance(page)).toBe(0);
    const afterDecline = await call<unknown[]>(page, "GET", `${SCENES}/slot/my`);
    expect(afterDecline).toHaveLength(1);
    expect(
      await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []),
    ).toEqual([]);

    await cardNumber.fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay/ }).click();
    // back in the publish flow, at the placement step
    await expect(page).toHaveURL(
      new RegExp(`/curate/${second}\\?step=publishAndShare&checkout=cs_\\w+$`),
    );
    await expect(page.getByTestId("wallet-paid")).toContainText("600 credits were added");
    const purchases = await page.evaluate(() =>
      ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter(
        (entry) => entry.event === "purchase",
      ),
    );
    expect(purchases).toEqual([
      {
        event: "purchase",
        ecommerce: {
          transaction_id: expect.stringMatching(/^cs_/),
          currency: "EUR",
          value: 60,
          items: [
            { id: "credits-600", name: "600 credits", category: "credits", quantity: 1, price: 60 },
          ],
        },
      },
    ]);

    await page.getByRole("button", { name: "Buy a slot for 600 credits" }).click();
    const slotChoice = page.getByTestId("publish-slots").getByRole("radio");
    await expect(slotChoice).toHaveCount(1);
    await expect(slotChoice).toBeChecked();
    for (let step = 0; step < 4; step++) await page.getByTestId("publish-next").click();
    await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });

    expect(await balance(page)).toBe(0);
    const published = await call<{ state: string }>(
      page,
      "GET",
      `${SCENES}/scene/metadata/${second}`,
    );
    expect(published.state).toBe("Published");
  });

  test("extra levels without their credits: the spec's message and the filtered picker", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, "Lev Levels");
    await page.goto("/");
    const sceneId = await draftWithLevels(page, "Three floors", 3);

    await openPlacement(page, sceneId);
    await page.getByTestId("publish-slots").getByRole("radio").first().check();
    for (let step = 0; step < 3; step++) await page.getByTestId("publish-next").click();
    // the last step says what the extra levels cost
    await expect(page.getByTestId("publish-extra-levels")).toContainText(
      "This space has 2 extra levels",
    );
    await page.getByTestId("publish-next").click();
    await expect(page.getByTestId("publish-error")).toHaveText(
      "Insufficient credits to publish. Select a credit package to proceed.",
    );
    const picker = page.getByTestId("publish-credits-picker");
    await expect(picker).toContainText("Publishing needs 100 more credits");
    const bundles = picker.getByTestId("credit-bundle");
    await expect(bundles.first()).toBeVisible();
    expect(await bundles.count()).toBeLessThanOrEqual(3);
    // nothing changed
    expect(await balance(page)).toBe(0);
    const scene = await call<{ state: string }>(page, "GET", `${SCENES}/scene/metadata/${sceneId}`);
    expect(scene.state).toBe("Draft");
  });
});
