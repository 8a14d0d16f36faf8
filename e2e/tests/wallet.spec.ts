import { expect, test } from "../fixtures";

// Issue 17: a Free user buys a credit bundle through the built-in sandbox's checkout; a declined
// card shows the error and adds nothing; the wallet shows the balance and the movement.

test.describe("the wallet", () => {
  test("buys credits in the sandbox checkout, after a declined card changed nothing", async ({
    page,
  }) => {
    const email = `wallet-${Date.now()}@example.test`;
    const signUp = await page.request.post("/api/auth/signup", {
      data: { email, password: "a long enough password", name: "Wanda Wallet" },
    });
    expect(signUp.status()).toBe(201);

    await page.goto("/wallet");
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
    await expect(page.getByTestId("wallet-balance")).toHaveText("0 credits");
    await expect(page.getByText("No movements yet.")).toBeVisible();
    // without credits a slot cannot be bought, and nothing changes
    await page.getByRole("button", { name: "Buy a slot for 600 credits" }).click();
    await expect(page.getByTestId("slot-outcome")).toHaveText(
      "Insufficient credits to publish. Select a credit package to proceed.",
    );

    await page.getByRole("radio", { name: /1800 credits/ }).check();
    await page.getByRole("button", { name: "Buy credits" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_\w+$/);
    await expect(page.getByTestId("checkout-product")).toHaveText("1,800 credits");

    const cardNumber = page.getByRole("textbox", { name: "Card number" });
    await cardNumber.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText(
      "Your card was declined. No money was taken.",
    );
    const wallet = await (await page.request.get("/api/marketplaceService/wallet/byuserid")).json();
    expect(wallet.availableBalance).toBe(0);

    // the card that asks for a confirmation first
    await cardNumber.fill("4000 0025 0000 3155");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("heading", { name: "Confirm this payment" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm payment" }).click();

    await expect(page).toHaveURL(/\/wallet\?checkout=cs_\w+$/);
    await expect(page.getByTestId("wallet-paid")).toContainText("1,800 credits were added");
    await expect(page.getByTestId("wallet-balance")).toHaveText("1800 credits");
    const row = page.getByTestId("wallet-history").getByRole("row").nth(1);
    await expect(row).toContainText("Credit purchase");
    await expect(row).toContainText("+1,800");

    // the credits buy a publishing slot, listed among the user's slots
    await page.getByRole("button", { name: "Buy a slot for 600 credits" }).click();
    await expect(page.getByTestId("slot-outcome")).toContainText("You have a new publishing slot.");
    await expect(page.getByTestId("wallet-balance")).toHaveText("1200 credits");
    await expect(page.getByTestId("wallet-history").getByRole("row").nth(1)).toContainText(
      "Publishing slot",
    );
    const slots = (await (await page.request.get("/api/sceneService/slot/available")).json()) as {
      slotId: string;
    }[];
    const bought = slots.filter((slot) => !slot.slotId.startsWith("slot-free-"));
    expect(bought).toHaveLength(1);
  });
});
