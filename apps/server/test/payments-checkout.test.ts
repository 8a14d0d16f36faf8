import { checkoutMessages, SANDBOX_TEST_CARDS } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import {
  postWebhook as postStripeWebhook,
  sandboxWebhookSecret,
  signedWebhook,
} from "./support/stripe-fixtures.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";
import { walletBalance } from "./support/wallet.js";

// Products and the sandbox's card checkout (issue 17): the sandbox's page pays with test cards
// and sends a signed checkout.session.completed event to the same webhook handler a real
// provider's events reach; the wallet is credited once through the ledger.

const base = "/api/marketplaceService";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function openCheckout(user: TestUser, priceId = "credits-600") {
  const response = await clientFor(
    t,
    user,
  )({
    method: "POST",
    url: `${base}/stripe/create-checkout-session`,
    payload: { priceId },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { sessionId: string; url: string };
}

function pay(user: TestUser, sessionId: string, cardNumber: string, confirmed = false) {
  return clientFor(
    t,
    user,
  )({
    method: "POST",
    url: `${base}/sandbox/checkout/${sessionId}/pay`,
    payload: { cardNumber, confirmed },
  });
}

const balanceOf = (user: TestUser) => walletBalance(t, user);

async function status(user: TestUser, sessionId: string) {
  const response = await clientFor(
    t,
    user,
  )({
    method: "GET",
    url: `${base}/stripe/session-status?sessionId=${sessionId}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function paidEvent(sessionId: string, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        metadata: { checkoutSessionId: sessionId },
      },
    },
  });
}

const postWebhook = (payload: string, signature: string) =>
  postStripeWebhook(t, payload, signature);

describe("products", () => {
  it("serves the sandbox's credit bundles and plans", async () => {
    const response = await t.app.inject({ method: "GET", url: `${base}/stripe/products` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.provider).toBe("sandbox");
    expect(body.creditBundles).toEqual([
      { priceId: "credits-600", unit: 600, price: 60, currency: "EUR", iconId: "credits-icon-1" },
      {
        priceId: "credits-1800",
        unit: 1800,
        price: 170,
        currency: "EUR",
        iconId: "credits-icon-2",
      },
      {
        priceId: "credits-3000",
        unit: 3000,
        price: 270,
        currency: "EUR",
        iconId: "credits-icon-3",
      },
      {
        priceId: "credits-6000",
        unit: 6000,
        price: 510,
        currency: "EUR",
        iconId: "credits-icon-4",
      },
    ]);
    const plans = body.subscriptionPlans as {
      subscriptionType: string;
      month: { priceId: string; price: number } | null;
      year: { priceId: string; price: number } | null;
      descriptionPoints: string[];
    }[];
    expect(plans.map((plan) => plan.subscriptionType)).toEqual([
      "free",
      "standard",
      "pro",
      "custom",
    ]);
    expect(plans[0]).toMatchObject({ month: null, year: null });
    expect(plans[1]?.month).toMatchObject({ priceId: "plan-standard-month", price: 15 });
    expect(plans[2]?.year).toMatchObject({ priceId: "plan-pro-year", price: 490 });
    expect(plans[2]?.descriptionPoints.length).toBeGreaterThan(3);
    expect(body.oneTimeProducts[0]).toMatchObject({ id: "credits-600", priceAmount: 6000 });
    expect(body.subscriptionProducts).toContainEqual(
      expect.objectContaining({
        id: "plan-pro-month",
        interval: "monthly",
        subscriptionIdentifier: "pro",
      }),
    );
  });
});

describe("sandbox checkout", () => {
  it("pays with the success card and credits the wallet once", async () => {
    const user = await signUpUser(t);
    const session = await openCheckout(user, "credits-1800");
    expect(session.url).toBe(`/checkout/sandbox/${session.sessionId}`);
    expect(await status(user, session.sessionId)).toMatchObject({
      status: "open",
      credits: 1800,
      amount: 17000,
      currency: "EUR",
      returnPath: "/wallet",
    });
    const paid = await pay(user, session.sessionId, "4242 4242 4242 4242");
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: "complete", returnPath: "/wallet" });
    expect((await status(user, session.sessionId)).status).toBe("complete");
    expect(await balanceOf(user)).toBe(1800);
    const history = await clientFor(t, user)({ method: "GET", url: `${base}/internaltransaction` });
    expect(history.json().items[0]).toMatchObject({
      kind: "creditPurchase",
      amount: 1800,
      reference: session.sessionId,
    });
    const again = await pay(user, session.sessionId, SANDBOX_TEST_CARDS.success);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(user)).toBe(1800);
  });

  it("shows a declined card's error and changes nothing", async () => {
    const user = await signUpUser(t);
    const session = await openCheckout(user);
    const declined = await pay(user, session.sessionId, SANDBOX_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(checkoutMessages.declined);
    expect(await balanceOf(user)).toBe(0);
    expect(await status(user, session.sessionId)).toMatchObject({
      status: "open",
      failure: checkoutMessages.declined,
    });
    // another card may still pay
    expect((await pay(user, session.sessionId, SANDBOX_TEST_CARDS.success)).statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(600);
  });

  it("asks to confirm before paying with the confirmation card", async () => {
    const user = await signUpUser(t);
    const session = await openCheckout(user);
    const first = await pay(user, session.sessionId, SANDBOX_TEST_CARDS.needsConfirmation);
    expect(first.json().status).toBe("requiresConfirmation");
    expect(await balanceOf(user)).toBe(0);
    const confirmed = await pay(
      user,
      session.sessionId,
      SANDBOX_TEST_CARDS.needsConfirmation,
      true,
    );
    expect(confirmed.json().status).toBe("complete");
    expect(await balanceOf(user)).toBe(600);
  });

  it("keeps checkouts to their buyer", async () => {
    const buyer = await signUpUser(t);
    const other = await signUpUser(t);
    const session = await openCheckout(buyer);
    const peek = await clientFor(
      t,
      other,
    )({
      method: "GET",
      url: `${base}/stripe/session-status?sessionId=${session.sessionId}`,
    });
    expect(peek.statusCode).toBe(403);
    expect((await pay(other, session.sessionId, SANDBOX_TEST_CARDS.success)).statusCode).toBe(403);
    expect(await balanceOf(other)).toBe(0);
    expect(await balanceOf(buyer)).toBe(0);
    const signedOut = await clientFor(
      t,
      null,
    )({
      method: "POST",
      url: `${base}/stripe/create-checkout-session`,
      payload: { priceId: "credits-600" },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("answers bad input with 400 naming the field", async () => {
    const user = await signUpUser(t);
    const cases: [object, string][] = [
      [{ priceId: "credits-999" }, "priceId"],
      // free is not bought (plan prices are: tests in subscriptions.test.ts)
      [{ priceId: "plan-free-month" }, "priceId"],
      [{}, "priceId"],
      [{ priceId: "credits-600", returnPath: "//evil.example" }, "returnPath"],
      [{ priceId: "credits-600", returnPath: "https://evil.example/" }, "returnPath"],
    ];
    for (const [payload, field] of cases) {
      const response = await clientFor(
        t,
        user,
      )({
        method: "POST",
        url: `${base}/stripe/create-checkout-session`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const session = await openCheckout(user);
    for (const cardNumber of ["abcd", "4242", "1234 5678 9012 3456"]) {
      const response = await pay(user, session.sessionId, cardNumber);
      expect(response.statusCode, cardNumber).toBe(400);
      expect(response.json().message).toContain("cardNumber");
    }
    expect(await balanceOf(user)).toBe(0);
  });
});

describe("webhook", () => {
  it("handles a replayed event once, and a second event for the same checkout credits nothing more", async () => {
    const user = await signUpUser(t);
    const session = await openCheckout(user);
    const secret = await sandboxWebhookSecret(t);
    const payload = paidEvent(session.sessionId, "evt_replayed_1");
    const signature = signedWebhook(payload, secret).signature;
    const first = await postWebhook(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await postWebhook(payload, signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const other = paidEvent(session.sessionId, "evt_replayed_2");
    const otherResponse = await postWebhook(other, signedWebhook(other, secret).signature);
    expect(otherResponse.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(user)).toBe(600);
    expect((await status(user, session.sessionId)).status).toBe("complete");
  });

  it("refuses a bad or old signature with 400 and changes nothing", async () => {
    const user = await signUpUser(t);
    const session = await openCheckout(user);
    const secret = await sandboxWebhookSecret(t);
    const payload = paidEvent(session.sessionId);
    const wrongSecret = signedWebhook(payload, "whsec_not_the_one").signature;
    const old = signedWebhook(payload, secret, Math.floor(Date.now() / 1000) - 301).signature;
    const good = signedWebhook(payload, secret).signature;
    const tampered = paidEvent(session.sessionId).replace("paid", "paid ");
    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, old],
      [payload, ""],
      [tampered, good],
    ] as const) {
      const response = await postWebhook(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("signature");
    }
    expect(await balanceOf(user)).toBe(0);
    expect((await status(user, session.sessionId)).status).toBe("open");
    // the good signature still works afterwards: the refused tries recorded nothing
    expect((await postWebhook(payload, good)).json().duplicate).toBe(false);
    expect(await balanceOf(user)).toBe(600);
  });
});
