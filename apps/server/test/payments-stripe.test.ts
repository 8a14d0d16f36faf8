import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import {
  createStripeTestApp,
  expectStandInMet,
  planPrices,
  postWebhook as postStripeWebhook,
  signedWebhook,
  stripeEvent,
} from "./support/stripe-fixtures.js";
import { type Expectation, type StripeStandIn, stripePrice } from "./support/stripe-stand-in.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";
import { walletBalance } from "./support/wallet.js";

// Stripe as the payment provider (issue 17): the app with STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET set talks to a local stand-in of Stripe's API that checks every request;
// Stripe's webhook events are signed with the package's own test-header helper.

const base = "/api/marketplaceService";
const secretKey = "sk_test_standin_0123456789";
const webhookSecret = "whsec_standin_0123456789";
let t: TestApp;
let stripe: StripeStandIn;

const catalogue = [
  stripePrice({
    id: "price_c1800",
    amount: 17000,
    name: "1,800 credits",
    metadata: { credits: "1800" },
  }),
  stripePrice({
    id: "price_c600",
    amount: 6000,
    name: "600 credits",
    productMetadata: { credits: "600" },
  }),
  ...planPrices,
  // not Atrium's: no credits or plan, a weekly plan, an archived product, a bad credits value
  stripePrice({ id: "price_tshirt", amount: 2500, name: "T-shirt" }),
  stripePrice({
    id: "price_weekly",
    amount: 500,
    name: "Weekly",
    interval: "week",
    metadata: { plan: "pro" },
  }),
  stripePrice({
    id: "price_old",
    amount: 100,
    name: "Old credits",
    metadata: { credits: "100" },
    productActive: false,
  }),
  stripePrice({ id: "price_bad", amount: 100, name: "Bad", metadata: { credits: "-5" } }),
];

beforeAll(async () => {
  ({ t, stripe } = await createStripeTestApp({ secretKey, webhookSecret }, catalogue));
});
afterEach(() => expectStandInMet(stripe));
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const balanceOf = (user: TestUser) => walletBalance(t, user);

function createCheckout(user: TestUser, priceId: string) {
  return clientFor(
    t,
    user,
  )({ method: "POST", url: `${base}/stripe/create-checkout-session`, payload: { priceId } });
}

/**
 * Expects the adapter's request for a Stripe Checkout of one of Atrium's sessions (whose id the
 * request itself tells: the parameters are then checked exactly), and answers it.
 */
function expectCheckout(priceId: string, answer: Partial<Expectation> = {}) {
  const opened: { sessionId: string | null } = { sessionId: null };
  stripe.expect({
    method: "POST",
    path: "/v1/checkout/sessions",
    params: (sent) => {
      const id = sent.client_reference_id ?? "(none)";
      return {
        mode: "payment",
        "line_items[0][price]": priceId,
        "line_items[0][quantity]": "1",
        client_reference_id: id,
        "metadata[checkoutSessionId]": id,
        "payment_intent_data[metadata][checkoutSessionId]": id,
        success_url: `http://localhost:3000/wallet?checkout=${id}`,
        cancel_url: "http://localhost:3000/wallet",
      };
    },
    idempotencyKey: (sent) => `atrium-checkout-${sent.client_reference_id}`,
    answer: (request: { params: Record<string, string> }) => {
      opened.sessionId = request.params.client_reference_id ?? null;
      return {
        id: "cs_test_a1",
        object: "checkout.session",
        mode: "payment",
        status: "open",
        url: "https://checkout.stripe.com/c/pay/cs_test_a1",
      };
    },
    ...answer,
  });
  return opened;
}

const paidEvent = (checkoutSessionId: string, id: string) =>
  stripeEvent(id, "checkout.session.completed", {
    id: "cs_test_a1",
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    client_reference_id: checkoutSessionId,
    metadata: { checkoutSessionId },
  });
const sign = (payload: string) => signedWebhook(payload, webhookSecret).signature;
const postWebhook = (payload: string, signature: string) =>
  postStripeWebhook(t, payload, signature);

describe("Stripe products", () => {
  it("serves credit bundles (one-time prices with credits) and plans (recurring prices with plan) from Stripe", async () => {
    const response = await t.app.inject({ method: "GET", url: `${base}/stripe/products` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.provider).toBe("stripe");
    expect(body.creditBundles).toEqual([
      { priceId: "price_c600", unit: 600, price: 60, currency: "EUR", iconId: "credits-icon-1" },
      {
        priceId: "price_c1800",
        unit: 1800,
        price: 170,
        currency: "EUR",
        iconId: "credits-icon-2",
      },
    ]);
    expect(body.subscriptionProducts).toEqual([
      {
        id: "price_pro_m",
        productName: "Pro",
        priceAmount: 4900,
        currency: "EUR",
        interval: "monthly",
        subscriptionIdentifier: "pro",
      },
      {
        id: "price_pro_y",
        productName: "Pro",
        priceAmount: 49000,
        currency: "EUR",
        interval: "yearly",
        subscriptionIdentifier: "pro",
      },
      {
        id: "price_std_m",
        productName: "Standard",
        priceAmount: 1500,
        currency: "EUR",
        interval: "monthly",
        subscriptionIdentifier: "standard",
      },
    ]);
    const plans = body.subscriptionPlans as {
      subscriptionType: string;
      month: unknown;
      year: unknown;
    }[];
    expect(plans.find((plan) => plan.subscriptionType === "standard")).toMatchObject({
      month: { priceId: "price_std_m", price: 15, currency: "EUR" },
      year: null,
    });
    expect(plans.find((plan) => plan.subscriptionType === "pro")).toMatchObject({
      month: { priceId: "price_pro_m", price: 49 },
      year: { priceId: "price_pro_y", price: 490 },
    });
    // answered from the catalogue read at start: the stand-in got no request
    expect(stripe.received).toEqual([]);
  });
});

describe("Stripe checkout", () => {
  it("opens a Stripe Checkout page for a credit bundle, with Atrium's session in its metadata", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    const response = await createCheckout(user, "price_c600");
    expect(response.statusCode).toBe(201);
    expect(opened.sessionId).toMatch(/^cs_[0-9a-f]{32}$/);
    expect(response.json()).toEqual({
      sessionId: opened.sessionId,
      url: "https://checkout.stripe.com/c/pay/cs_test_a1",
    });
    // while open, the status asks Stripe whether the session expired
    stripe.expect({
      method: "GET",
      path: "/v1/checkout/sessions/cs_test_a1",
      params: {},
      answer: { id: "cs_test_a1", object: "checkout.session", status: "open" },
    });
    const status = await clientFor(
      t,
      user,
    )({ method: "GET", url: `${base}/stripe/session-status?sessionId=${opened.sessionId}` });
    expect(status.json()).toMatchObject({ status: "open", credits: 600, amount: 6000 });
  });

  it("a checkout Stripe expired shows as expired, and Stripe is not asked again", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    expect((await createCheckout(user, "price_c600")).statusCode).toBe(201);
    stripe.expect({
      method: "GET",
      path: "/v1/checkout/sessions/cs_test_a1",
      params: {},
      answer: { id: "cs_test_a1", object: "checkout.session", status: "expired" },
    });
    const ask = () =>
      clientFor(
        t,
        user,
      )({ method: "GET", url: `${base}/stripe/session-status?sessionId=${opened.sessionId}` });
    expect((await ask()).json()).toMatchObject({ status: "expired" });
    expect((await ask()).json()).toMatchObject({ status: "expired" });
  });

  it("refuses a price Stripe does not sell as a bundle or plan, without asking Stripe", async () => {
    const user = await signUpUser(t);
    for (const priceId of [
      "price_tshirt",
      "price_weekly",
      "price_old",
      "price_bad",
      "credits-600",
    ]) {
      const response = await createCheckout(user, priceId);
      expect(response.statusCode, priceId).toBe(400);
      expect(response.json().message).toContain("priceId");
    }
  });

  it("shows Stripe's own message when Stripe refuses (400) or fails (502), never a 500", async () => {
    const user = await signUpUser(t);
    expectCheckout("price_c1800", {
      status: 400,
      answer: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such price: 'price_c1800'",
          param: "line_items[0][price]",
        },
      },
    });
    const refused = await createCheckout(user, "price_c1800");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("No such price: 'price_c1800'");

    expectCheckout("price_c1800", {
      status: 500,
      headers: { "stripe-should-retry": "false" },
      answer: { error: { type: "api_error", message: "Stripe is having a bad day." } },
    });
    const failed = await createCheckout(user, "price_c1800");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: "Bad Gateway", message: "Stripe is having a bad day." });

    expectCheckout("price_c1800", {
      status: 401,
      answer: {
        error: {
          type: "invalid_request_error",
          message: "Invalid API Key provided: sk_test_****6789",
        },
      },
    });
    const badKey = await createCheckout(user, "price_c1800");
    expect(badKey.statusCode).toBe(502);
    expect(badKey.json().message).toBe("Invalid API Key provided: sk_test_****6789");
    expect(await balanceOf(user)).toBe(0);
  });

  it("retries a failed request once more with the same idempotency key", async () => {
    const user = await signUpUser(t);
    expectCheckout("price_c600", {
      status: 503,
      answer: { error: { type: "api_error", message: "Try again" } },
    });
    const opened = expectCheckout("price_c600");
    const response = await createCheckout(user, "price_c600");
    expect(response.statusCode).toBe(201);
    expect(response.json().sessionId).toBe(opened.sessionId);
    expect(stripe.received.map((request) => request.headers["idempotency-key"])).toEqual([
      `atrium-checkout-${opened.sessionId}`,
      `atrium-checkout-${opened.sessionId}`,
    ]);
  });

  it("is Stripe's: the sandbox's pay page is not there", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    await createCheckout(user, "price_c600");
    const pay = await clientFor(
      t,
      user,
    )({
      method: "POST",
      url: `${base}/sandbox/checkout/${opened.sessionId}/pay`,
      payload: { cardNumber: "4242424242424242" },
    });
    expect(pay.statusCode).toBe(404);
    expect(await balanceOf(user)).toBe(0);
  });
});

describe("Stripe webhook", () => {
  it("credits a paid checkout once: a replayed event changes nothing", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c1800");
    await createCheckout(user, "price_c1800");
    const sessionId = opened.sessionId as string;
    const payload = paidEvent(sessionId, "evt_stripe_paid_1");
    const signature = sign(payload);
    const first = await postWebhook(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(user)).toBe(1800);
    const replay = await postWebhook(payload, signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // the same checkout under another event id (Stripe's at-least-once delivery) adds nothing
    const again = paidEvent(sessionId, "evt_stripe_paid_2");
    const againResponse = await postWebhook(again, sign(again));
    expect(againResponse.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(user)).toBe(1800);
    const status = await clientFor(
      t,
      user,
    )({ method: "GET", url: `${base}/stripe/session-status?sessionId=${sessionId}` });
    expect(status.json().status).toBe("complete");
  });

  it("refuses an old, badly signed or tampered event with 400 and changes nothing", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    await createCheckout(user, "price_c600");
    const sessionId = opened.sessionId as string;
    const payload = paidEvent(sessionId, "evt_stripe_refused");
    const now = Math.floor(Date.now() / 1000);
    const signAt = (body: string, secret = webhookSecret, timestamp = now) =>
      signedWebhook(body, secret, timestamp).signature;
    const cases: [string, string, string][] = [
      ["301 s old", payload, signAt(payload, webhookSecret, now - 301)],
      ["another secret", payload, signAt(payload, "whsec_someone_else")],
      ["no signature", payload, ""],
      [
        "tampered body",
        payload.replace("evt_stripe_refused", "evt_stripe_refusedX"),
        signAt(payload),
      ],
    ];
    for (const [label, body, signature] of cases) {
      const response = await postWebhook(body, signature);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toContain("signature");
    }
    expect(await balanceOf(user)).toBe(0);
    // 299 s old is still within the tolerance, and the refusals recorded nothing
    const late = await postWebhook(payload, signAt(payload, webhookSecret, now - 299));
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(user)).toBe(600);
  });

  it("ends an unpaid checkout when Stripe says it expired; a late paid event still credits it", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    await createCheckout(user, "price_c600");
    const sessionId = opened.sessionId as string;
    const expired = stripeEvent("evt_stripe_expired_1", "checkout.session.expired", {
      id: "cs_test_a1",
      object: "checkout.session",
      mode: "payment",
      status: "expired",
      payment_status: "unpaid",
      metadata: { checkoutSessionId: sessionId },
    });
    const response = await postWebhook(expired, sign(expired));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const status = () =>
      clientFor(
        t,
        user,
      )({ method: "GET", url: `${base}/stripe/session-status?sessionId=${sessionId}` });
    expect((await status()).json().status).toBe("expired");
    expect(await balanceOf(user)).toBe(0);
    // money Stripe took is never lost: a paid event for it still credits the wallet
    const paid = paidEvent(sessionId, "evt_stripe_paid_late");
    await postWebhook(paid, sign(paid));
    expect(await balanceOf(user)).toBe(600);
    expect((await status()).json().status).toBe("complete");
  });

  it("credits once when Stripe delivers the same event several times at once", async () => {
    const user = await signUpUser(t);
    const opened = expectCheckout("price_c600");
    await createCheckout(user, "price_c600");
    const payload = paidEvent(opened.sessionId as string, "evt_stripe_racing");
    const signature = sign(payload);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postWebhook(payload, signature)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(user)).toBe(600);
    const history = await clientFor(t, user)({ method: "GET", url: `${base}/internaltransaction` });
    expect(history.json().items).toHaveLength(1);
  });
});
