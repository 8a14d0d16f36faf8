import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import {
  cardChangeCompletion,
  createStripeTestApp,
  customerCardLookup,
  expectStandInMet,
  planPrices,
  postWebhook as postStripeWebhook,
  signedWebhook,
  stripeEvent,
  stripeSubscription,
} from "./support/stripe-fixtures.js";
import { type StripeStandIn, stripePrice } from "./support/stripe-stand-in.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// A subscription's whole life on Stripe (issue 17 items 3-4), through the app's own calls and
// Stripe-shaped webhook events signed with the package's test-header helper; Stripe's API is a
// local stand-in that checks every request. Subscribe, the plan follows, cancel at period end,
// resume, the last card, preview and apply a plan change, change the card, Stripe's refusals.

const base = "/api/marketplaceService";
const secretKey = "sk_test_subscriptions_0123456789";
const webhookSecret = "whsec_subscriptions_0123456789";
let t: TestApp;
let stripe: StripeStandIn;

const now = () => Math.floor(Date.now() / 1000);
const periodStart = now() - 86_400;
const periodEnd = now() + 29 * 86_400;

beforeAll(async () => {
  ({ t, stripe } = await createStripeTestApp({ secretKey, webhookSecret }, [
    stripePrice({
      id: "price_c600",
      amount: 6000,
      name: "600 credits",
      metadata: { credits: "600" },
    }),
    ...planPrices,
  ]));
});
afterEach(() => expectStandInMet(stripe));
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const subscription = (
  user: TestUser,
  fields: Record<string, unknown> = {},
  priceId = "price_pro_m",
  end = periodEnd,
) => stripeSubscription({ userId: user.userId, priceId, periodStart, periodEnd: end }, fields);

let eventCount = 0;
function signedEvent(type: string, object: Record<string, unknown>, created = now()) {
  eventCount += 1;
  return signedWebhook(stripeEvent(`evt_sub_${eventCount}`, type, object, created), webhookSecret);
}

const postWebhook = ({ payload, signature }: { payload: string; signature: string }) =>
  postStripeWebhook(t, payload, signature);

async function overview(user: TestUser) {
  const response = await clientFor(
    t,
    user,
  )({ method: "GET", url: `${base}/externaltransaction/usersubscription` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function call(user: TestUser, path: string, payload: object) {
  return clientFor(t, user)({ method: "POST", url: `${base}/${path}`, payload });
}

describe("a Pro subscription on Stripe", () => {
  let user: TestUser;
  let checkoutId = "";

  it("subscribes through Stripe Checkout; the plan follows the completed checkout", async () => {
    user = await signUpUser(t);
    stripe.expect({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: (sent) => {
        const id = sent.client_reference_id ?? "(none)";
        return {
          mode: "subscription",
          "line_items[0][price]": "price_pro_m",
          "line_items[0][quantity]": "1",
          customer_email: user.email,
          client_reference_id: id,
          "metadata[checkoutSessionId]": id,
          "metadata[userId]": user.userId,
          "subscription_data[metadata][userId]": user.userId,
          "subscription_data[metadata][checkoutSessionId]": id,
          success_url: `http://localhost:3000/account?checkout=${id}`,
          cancel_url: "http://localhost:3000/account",
        };
      },
      idempotencyKey: (sent) => `atrium-checkout-${sent.client_reference_id}`,
      answer: {
        id: "cs_test_sub",
        object: "checkout.session",
        mode: "subscription",
        url: "https://checkout.stripe.com/c/pay/cs_test_sub",
      },
    });
    const opened = await call(user, "stripe/create-checkout-session", {
      priceId: "price_pro_m",
      returnPath: "/account",
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().url).toBe("https://checkout.stripe.com/c/pay/cs_test_sub");
    checkoutId = opened.json().sessionId;
    expect((await overview(user)).plan).toBe("free");

    // Stripe's event; the service asks Stripe for the subscription it created
    stripe.expect({ method: "GET", path: "/v1/subscriptions/sub_1", answer: subscription(user) });
    const completed = signedEvent("checkout.session.completed", {
      id: "cs_test_sub",
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      customer: "cus_1",
      subscription: "sub_1",
      client_reference_id: checkoutId,
      metadata: { checkoutSessionId: checkoutId, userId: user.userId },
    });
    expect((await postWebhook(completed)).json()).toEqual({ received: true, duplicate: false });
    const after = await overview(user);
    expect(after).toMatchObject({
      plan: "pro",
      planLabel: "PRO",
      subscription: {
        subscriptionId: "sub_1",
        priceId: "price_pro_m",
        plan: "pro",
        interval: "monthly",
        amount: 4900,
        status: "active",
        autoRenewal: true,
        isCanceled: 0,
      },
    });
    // a replay asks nothing and changes nothing
    expect((await postWebhook(completed)).json()).toEqual({ received: true, duplicate: true });
    const status = await clientFor(
      t,
      user,
    )({ method: "GET", url: `${base}/stripe/session-status?sessionId=${checkoutId}` });
    expect(status.json().status).toBe("complete");
  });

  it("cancels at the end of the paid period, and renews again on request", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "true" },
      answer: subscription(user, {
        cancel_at_period_end: true,
        cancel_at: periodEnd,
        canceled_at: now(),
      }),
    });
    const canceled = await call(user, "stripe/cancel/subscription", { subscriptionId: "sub_1" });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      plan: "pro",
      subscription: { autoRenewal: false, isCanceled: 1, status: "active" },
    });
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "false" },
      answer: subscription(user),
    });
    const resumed = await call(user, "stripe/removecancelationsubscription", {
      subscriptionId: "sub_1",
    });
    expect(resumed.json()).toMatchObject({
      plan: "pro",
      subscription: { autoRenewal: true, isCanceled: 0 },
    });
  });

  it("shows the customer's card", async () => {
    stripe.expect(
      customerCardLookup({ brand: "mastercard", last4: "4444", exp_month: 9, exp_year: 2030 }),
    );
    const card = await clientFor(
      t,
      user,
    )({ method: "GET", url: `${base}/externaltransaction/getuserslastcarddetails` });
    expect(card.json()).toEqual({
      card: { brand: "mastercard", last4: "4444", expMonth: 9, expYear: 2030 },
    });
  });

  it("previews a change to yearly and applies it at the previewed proration date", async () => {
    const retrieve = {
      method: "GET" as const,
      path: "/v1/subscriptions/sub_1",
      answer: subscription(user),
    };
    let previewedAt = 0;
    const previewRequest = {
      method: "POST" as const,
      path: "/v1/invoices/create_preview",
      params: (sent: Record<string, string>) => {
        previewedAt = Number(sent["subscription_details[proration_date]"]);
        return {
          customer: "cus_1",
          subscription: "sub_1",
          "subscription_details[items][0][id]": "si_1",
          "subscription_details[items][0][price]": "price_pro_y",
          "subscription_details[proration_behavior]": "always_invoice",
          // checked below: now, to the second
          "subscription_details[proration_date]": String(previewedAt),
        };
      },
      answer: () => ({
        id: "upcoming_in_1",
        object: "invoice",
        amount_due: 44000,
        currency: "eur",
        lines: {
          object: "list",
          data: [
            { id: "il_1", object: "line_item", period: { start: previewedAt, end: periodEnd } },
            {
              id: "il_2",
              object: "line_item",
              period: { start: previewedAt, end: previewedAt + 365 * 86_400 },
            },
          ],
          has_more: false,
        },
      }),
    };
    stripe.expect(retrieve, previewRequest);
    const preview = await call(user, "stripe/previewsubscriptionupdate", {
      subscriptionId: "sub_1",
      priceId: "price_pro_y",
    });
    expect(preview.statusCode).toBe(200);
    expect(Math.abs(previewedAt - now())).toBeLessThanOrEqual(5);
    expect(preview.json()).toEqual({
      subscriptionId: "sub_1",
      priceId: "price_pro_y",
      plan: "pro",
      interval: "yearly",
      amountDue: 44000,
      currency: "EUR",
      prorationDate: new Date(previewedAt * 1000).toISOString(),
      nextRenewal: new Date((previewedAt + 365 * 86_400) * 1000).toISOString(),
    });

    const change = {
      method: "POST" as const,
      path: "/v1/subscriptions/sub_1",
      params: {
        "items[0][id]": "si_1",
        "items[0][price]": "price_pro_y",
        proration_behavior: "always_invoice",
        proration_date: String(previewedAt),
        payment_behavior: "error_if_incomplete",
        cancel_at_period_end: "false",
      },
      // the preview's proration date, whatever the second preview said
      idempotencyKey: `atrium-plan-sub_1-price_pro_y-${previewedAt}-default`,
    };
    // the change is previewed again (the app checks it), then applied; the bank declines:
    // Stripe's message, and the plan stays monthly
    const previewed = previewedAt;
    stripe.expect(
      retrieve,
      { ...previewRequest },
      { ...retrieve },
      {
        ...change,
        status: 402,
        answer: {
          error: {
            type: "card_error",
            code: "card_declined",
            message: "Your card was declined.",
          },
        },
      },
    );
    const body = {
      subscriptionId: "sub_1",
      priceId: "price_pro_y",
      prorationDate: preview.json().prorationDate,
    };
    const declined = await call(user, "stripe/updatesubscription", body);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe("Your card was declined.");
    expect((await overview(user)).subscription.interval).toBe("monthly");

    stripe.expect(retrieve, previewRequest, retrieve, {
      ...change,
      answer: subscription(user, {}, "price_pro_y", previewed + 365 * 86_400),
    });
    const changed = await call(user, "stripe/updatesubscription", body);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      priceId: "price_pro_y",
      interval: "yearly",
      amount: 49000,
    });
  });

  it("changes the card through a setup checkout, made the default when it completes", async () => {
    let setupId = "";
    stripe.expect({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: (sent) => {
        setupId = sent.client_reference_id ?? "(none)";
        return {
          mode: "setup",
          customer: "cus_1",
          "allowed_payment_method_types[0]": "card",
          client_reference_id: setupId,
          "metadata[checkoutSessionId]": setupId,
          "metadata[subscriptionId]": "sub_1",
          "setup_intent_data[metadata][checkoutSessionId]": setupId,
          "setup_intent_data[metadata][subscriptionId]": "sub_1",
          success_url: `http://localhost:3000/account?checkout=${setupId}`,
          cancel_url: "http://localhost:3000/account",
        };
      },
      idempotencyKey: (sent) => `atrium-checkout-${sent.client_reference_id}`,
      answer: {
        id: "cs_test_setup",
        object: "checkout.session",
        mode: "setup",
        url: "https://checkout.stripe.com/c/pay/cs_test_setup",
      },
    });
    const opened = await call(user, "stripe/updatepaymentmethod/subscription", {
      subscriptionId: "sub_1",
      returnPath: "/account",
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toEqual({
      sessionId: setupId,
      url: "https://checkout.stripe.com/c/pay/cs_test_setup",
    });

    stripe.expect(...cardChangeCompletion(subscription(user, {}, "price_pro_y")));
    const completed = signedEvent("checkout.session.completed", {
      id: "cs_test_setup",
      object: "checkout.session",
      mode: "setup",
      status: "complete",
      payment_status: "no_payment_required",
      customer: "cus_1",
      setup_intent: "seti_1",
      client_reference_id: setupId,
      metadata: { checkoutSessionId: setupId, subscriptionId: "sub_1" },
    });
    expect((await postWebhook(completed)).json()).toEqual({ received: true, duplicate: false });
    expect((await postWebhook(completed)).json()).toEqual({ received: true, duplicate: true });
  });

  it("keeps another user's subscription from them, without asking Stripe", async () => {
    const other = await signUpUser(t);
    for (const path of ["stripe/cancel/subscription", "stripe/removecancelationsubscription"]) {
      expect((await call(other, path, { subscriptionId: "sub_1" })).statusCode, path).toBe(403);
    }
    expect(
      (
        await call(other, "stripe/previewsubscriptionupdate", {
          subscriptionId: "sub_1",
          priceId: "price_std_m",
        })
      ).statusCode,
    ).toBe(403);
    expect(stripe.received).toEqual([]);
  });

  it("shows Stripe's message when it refuses a cancellation", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "true" },
      status: 400,
      answer: {
        error: {
          type: "invalid_request_error",
          message: "This subscription is managed by a subscription schedule.",
        },
      },
    });
    const refused = await call(user, "stripe/cancel/subscription", { subscriptionId: "sub_1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This subscription is managed by a subscription schedule.");
    expect((await overview(user)).subscription.autoRenewal).toBe(true);
  });

  it("ends with Stripe's customer.subscription.deleted event: back to Free", async () => {
    const ended = signedEvent(
      "customer.subscription.deleted",
      subscription(
        user,
        { status: "canceled", canceled_at: now(), ended_at: now() },
        "price_pro_y",
      ),
      now() + 1,
    );
    expect((await postWebhook(ended)).json()).toEqual({ received: true, duplicate: false });
    expect(await overview(user)).toMatchObject({
      plan: "free",
      subscription: { status: "canceled", isCanceled: 2 },
    });
  });
});
