import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect } from "vitest";
import { paymentSecrets } from "../../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./app.js";
import {
  type Expectation,
  type StripeStandIn,
  startStripeStandIn,
  stripeList,
  stripePrice,
} from "./stripe-stand-in.js";

// Stripe-shaped fixtures the payment and subscription tests share: Atrium's prices, the app on
// a Stripe stand-in, subscriptions and events as Stripe sends them, signed webhooks.

/** Atrium's paid plans as Stripe prices (recurring, `plan` in the price's metadata). */
export const planPrices = [
  stripePrice({
    id: "price_pro_m",
    amount: 4900,
    name: "Pro",
    interval: "month",
    metadata: { plan: "pro" },
  }),
  stripePrice({
    id: "price_pro_y",
    amount: 49000,
    name: "Pro",
    interval: "year",
    metadata: { plan: "pro" },
  }),
  stripePrice({
    id: "price_std_m",
    amount: 1500,
    name: "Standard",
    interval: "month",
    metadata: { plan: "standard" },
  }),
];

/** The adapter's read of the catalogue: every active price with its product, 100 a page. */
export const catalogueParams = { active: "true", limit: "100", "expand[0]": "data.product" };

export function listPrices(prices: ReturnType<typeof stripePrice>[]): Expectation {
  return {
    method: "GET",
    path: "/v1/prices",
    params: catalogueParams,
    answer: stripeList(prices, "/v1/prices"),
  };
}

/** After each test: the stand-in got every request expected and nothing else; then reset. */
export function expectStandInMet(stripe: StripeStandIn) {
  const problems = [...stripe.problems];
  const pending = stripe.pending();
  stripe.reset();
  expect(problems).toEqual([]);
  expect(pending).toEqual([]);
}

/**
 * The app with Stripe as its payment provider, talking to a new stand-in of Stripe's API. The
 * catalogue (`prices`) is read here once, as the app then keeps it (5 minutes).
 */
export async function createStripeTestApp(
  keys: { secretKey: string; webhookSecret: string },
  prices: ReturnType<typeof stripePrice>[],
): Promise<{ t: TestApp; stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn({
    secretKey: keys.secretKey,
    apiVersion: Stripe.API_VERSION,
  });
  const t = await createTestApp({
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  stripe.expect(listPrices(prices));
  const products = await t.app.inject({
    method: "GET",
    url: "/api/marketplaceService/stripe/products",
  });
  expect(products.statusCode).toBe(200);
  expectStandInMet(stripe);
  return { t, stripe };
}

/** A Stripe subscription (id sub_1 of customer cus_1 unless said) with one item. */
export function stripeSubscription(
  item: {
    userId: string;
    priceId: string;
    periodEnd: number;
    periodStart?: number;
    id?: string;
    customer?: string;
  },
  fields: Record<string, unknown> = {},
) {
  return {
    id: item.id ?? "sub_1",
    object: "subscription",
    customer: item.customer ?? "cus_1",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    currency: "eur",
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          price: { id: item.priceId, object: "price" },
          ...(item.periodStart === undefined ? {} : { current_period_start: item.periodStart }),
          current_period_end: item.periodEnd,
        },
      ],
      has_more: false,
    },
    metadata: { userId: item.userId },
    ...fields,
  };
}

/** The read of the completed setup session cs_test_setup, with the card it collected (or none). */
export function setupSessionLookup(paymentMethod: string | null): Expectation {
  return {
    method: "GET",
    path: "/v1/checkout/sessions/cs_test_setup",
    params: { "expand[0]": "setup_intent" },
    answer: {
      id: "cs_test_setup",
      object: "checkout.session",
      mode: "setup",
      status: "complete",
      customer: "cus_1",
      setup_intent: { id: "seti_1", object: "setup_intent", payment_method: paymentMethod },
    },
  };
}

/**
 * What finishing a card change asks Stripe: the setup session (its card pm_new), then that card
 * as the default of subscription sub_1 (answered `subscription`) and of customer cus_1.
 */
export function cardChangeCompletion(subscription: unknown): Expectation[] {
  return [
    setupSessionLookup("pm_new"),
    {
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { default_payment_method: "pm_new" },
      answer: subscription,
    },
    {
      method: "POST",
      path: "/v1/customers/cus_1",
      params: { "invoice_settings[default_payment_method]": "pm_new" },
      answer: { id: "cus_1", object: "customer" },
    },
  ];
}

/** The read of customer cus_1 with its default card (`card`: Stripe's card details; null: none). */
export function customerCardLookup(card: Record<string, unknown> | null): Expectation {
  return {
    method: "GET",
    path: "/v1/customers/cus_1",
    params: { "expand[0]": "invoice_settings.default_payment_method" },
    answer: {
      id: "cus_1",
      object: "customer",
      invoice_settings: {
        default_payment_method: card && {
          id: "pm_1",
          object: "payment_method",
          type: "card",
          card,
        },
      },
    },
  };
}

/** A Stripe event's JSON. */
export function stripeEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    type,
    created,
    data: { object },
  });
}

/** A webhook payload with its Stripe-Signature header, made with the stripe package's helper. */
export function signedWebhook(payload: string, secret: string, timestamp?: number) {
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp ? { timestamp } : {}),
    }),
  };
}

/** Posts a webhook to the app as Stripe sends it. */
export function postWebhook(t: TestApp, payload: string, signature: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/marketplaceService/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload,
  });
}

/** The secret the sandbox provider signs its Stripe-shaped events with. */
export async function sandboxWebhookSecret(t: TestApp) {
  const [row] = await t.context.database.db
    .select()
    .from(paymentSecrets)
    .where(eq(paymentSecrets.name, "sandbox_webhook"));
  if (!row) throw new Error("the sandbox has no webhook secret");
  return row.value;
}
