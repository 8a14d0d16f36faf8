import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueProduct } from "../src/infra/payments/provider.js";
import { createStripeProvider, type StripeProvider } from "../src/infra/payments/stripe.js";
import {
  cardChangeCompletion,
  catalogueParams,
  customerCardLookup,
  expectStandInMet,
  setupSessionLookup,
  stripeSubscription,
} from "./support/stripe-fixtures.js";
import {
  type StripeStandIn,
  startStripeStandIn,
  stripeList,
  stripePrice,
} from "./support/stripe-stand-in.js";

// The Stripe adapter's subscription operations, each against a local stand-in of Stripe's API
// that checks every request (method, path, exact parameters, bearer key, Stripe-Version and the
// idempotency key where the adapter sends its own) and answers as Stripe does.

const secretKey = "sk_test_adapter_0123456789";
let stripe: StripeStandIn;
let provider: StripeProvider;
let clock = Date.parse("2026-11-26T12:00:00Z");

const proMonthly: CatalogueProduct = {
  priceId: "price_pro_m",
  productName: "Pro",
  priceAmount: 4900,
  currency: "EUR",
  credits: null,
  interval: "monthly",
  plan: "pro",
};

const periodStart = Date.parse("2026-11-10T00:00:00Z") / 1000;
const periodEnd = Date.parse("2026-12-10T00:00:00Z") / 1000;

const subscription = (fields: Record<string, unknown> = {}, priceId = "price_pro_m") =>
  stripeSubscription({ userId: "user_1", priceId, periodStart, periodEnd }, fields);

const retrieveSubscription = {
  method: "GET" as const,
  path: "/v1/subscriptions/sub_1",
  answer: subscription(),
};

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey, apiVersion: Stripe.API_VERSION });
  provider = createStripeProvider(
    { secretKey, webhookSecret: "whsec_adapter", apiUrl: stripe.url },
    { catalogueTtlMs: 60_000, now: () => clock },
  );
});
afterEach(() => expectStandInMet(stripe));
afterAll(async () => {
  await stripe?.close();
});

describe("catalogue", () => {
  it("is read once per minute-long window, and a failed read is not kept", async () => {
    const list = {
      method: "GET" as const,
      path: "/v1/prices",
      params: catalogueParams,
      answer: stripeList(
        [
          stripePrice({
            id: "price_c600",
            amount: 6000,
            name: "600 credits",
            metadata: { credits: "600" },
          }),
        ],
        "/v1/prices",
      ),
    };
    stripe.expect({
      ...list,
      status: 500,
      headers: { "stripe-should-retry": "false" },
      answer: { error: { type: "api_error", message: "Stripe is down" } },
    });
    await expect(provider.catalogue()).rejects.toMatchObject({
      status: 502,
      message: "Stripe is down",
    });
    stripe.expect(list);
    expect((await provider.catalogue()).map((product) => product.priceId)).toEqual(["price_c600"]);
    clock += 59_000;
    await provider.catalogue();
    expect(stripe.received).toHaveLength(2);
    clock += 1_000;
    stripe.expect(list);
    await provider.catalogue();
    expect(stripe.received).toHaveLength(3);
  });
});

describe("catalogue pages", () => {
  it("reads every page of Stripe's prices", async () => {
    const paged = createStripeProvider({
      secretKey,
      webhookSecret: "whsec_adapter",
      apiUrl: stripe.url,
    });
    const params = catalogueParams;
    const first = stripePrice({
      id: "price_p1",
      amount: 6000,
      name: "600",
      metadata: { credits: "600" },
    });
    const second = stripePrice({
      id: "price_p2",
      amount: 17000,
      name: "1800",
      metadata: { credits: "1800" },
    });
    stripe.expect(
      {
        method: "GET",
        path: "/v1/prices",
        params,
        answer: { ...stripeList([first], "/v1/prices"), has_more: true },
      },
      {
        method: "GET",
        path: "/v1/prices",
        params: { ...params, starting_after: "price_p1" },
        answer: stripeList([second], "/v1/prices"),
      },
    );
    expect((await paged.catalogue()).map((product) => product.credits)).toEqual([600, 1800]);
  });
});

describe("Stripe unreachable", () => {
  it("answers 502 with the package's message, after its retries", async () => {
    const closed = await startStripeStandIn({ secretKey, apiVersion: Stripe.API_VERSION });
    await closed.close();
    const offline = createStripeProvider(
      { secretKey, webhookSecret: "whsec_adapter", apiUrl: closed.url },
      { maxNetworkRetries: 0 },
    );
    const failure = await offline.cancelSubscription("sub_1").catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, error: "Bad Gateway" });
    expect((failure as Error).message).toMatch(/connection to Stripe/);
  });
});

describe("subscription checkout", () => {
  it("opens one for a new customer by e-mail, the user in the subscription's metadata", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: {
        mode: "subscription",
        "line_items[0][price]": "price_pro_m",
        "line_items[0][quantity]": "1",
        customer_email: "ada@example.com",
        client_reference_id: "cs_atrium1",
        "metadata[checkoutSessionId]": "cs_atrium1",
        "metadata[userId]": "user_1",
        "subscription_data[metadata][userId]": "user_1",
        "subscription_data[metadata][checkoutSessionId]": "cs_atrium1",
        success_url: "https://atrium.example/account?tab=subscription&checkout=cs_atrium1",
        cancel_url: "https://atrium.example/account?tab=subscription",
      },
      idempotencyKey: "atrium-checkout-cs_atrium1",
      answer: {
        id: "cs_test_sub1",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_sub1",
      },
    });
    await expect(
      provider.openSubscriptionCheckout({
        checkoutSessionId: "cs_atrium1",
        product: proMonthly,
        userId: "user_1",
        email: "ada@example.com",
        customerId: null,
        returnUrl: "https://atrium.example/account?tab=subscription",
      }),
    ).resolves.toEqual({
      url: "https://checkout.stripe.com/c/pay/cs_test_sub1",
      providerSessionId: "cs_test_sub1",
    });
  });

  it("opens one for the user's existing customer", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: {
        mode: "subscription",
        "line_items[0][price]": "price_pro_m",
        "line_items[0][quantity]": "1",
        customer: "cus_1",
        client_reference_id: "cs_atrium2",
        "metadata[checkoutSessionId]": "cs_atrium2",
        "metadata[userId]": "user_1",
        "subscription_data[metadata][userId]": "user_1",
        "subscription_data[metadata][checkoutSessionId]": "cs_atrium2",
        success_url: "https://atrium.example/pricing?checkout=cs_atrium2",
        cancel_url: "https://atrium.example/pricing",
      },
      idempotencyKey: "atrium-checkout-cs_atrium2",
      answer: {
        id: "cs_test_sub2",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_sub2",
      },
    });
    const opened = await provider.openSubscriptionCheckout({
      checkoutSessionId: "cs_atrium2",
      product: proMonthly,
      userId: "user_1",
      email: "ada@example.com",
      customerId: "cus_1",
      returnUrl: "https://atrium.example/pricing",
    });
    expect(opened.providerSessionId).toBe("cs_test_sub2");
  });

  it("asks Stripe for a checkout's status", async () => {
    for (const status of ["open", "complete", "expired"] as const) {
      stripe.expect({
        method: "GET",
        path: "/v1/checkout/sessions/cs_test_sub1",
        answer: { id: "cs_test_sub1", object: "checkout.session", status },
      });
      expect(
        await provider.checkoutStatus({
          checkoutSessionId: "cs_atrium1",
          providerSessionId: "cs_test_sub1",
        }),
      ).toBe(status);
    }
    // never opened at Stripe: nothing to ask
    expect(
      await provider.checkoutStatus({ checkoutSessionId: "cs_atrium9", providerSessionId: null }),
    ).toBe("expired");
  });
});

describe("cancel and resume", () => {
  it("cancels at the end of the paid period and turns renewal back on", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "true" },
      answer: subscription({
        cancel_at_period_end: true,
        cancel_at: periodEnd,
        canceled_at: Date.parse("2026-11-26T12:00:00Z") / 1000,
      }),
    });
    const canceled = await provider.cancelSubscription("sub_1");
    expect(canceled).toMatchObject({
      id: "sub_1",
      customerId: "cus_1",
      userId: "user_1",
      priceId: "price_pro_m",
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000),
      canceledAt: new Date(periodEnd * 1000),
      endedAt: null,
    });
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "false" },
      answer: subscription(),
    });
    expect(await provider.resumeSubscription("sub_1")).toMatchObject({
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    stripe.expect(retrieveSubscription);
    expect((await provider.retrieveSubscription("sub_1")).id).toBe("sub_1");
  });

  it("shows Stripe's message when the subscription cannot be resumed", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: { cancel_at_period_end: "false" },
      status: 400,
      answer: {
        error: {
          type: "invalid_request_error",
          message: "A canceled subscription can only update its cancellation_details and metadata.",
        },
      },
    });
    await expect(provider.resumeSubscription("sub_1")).rejects.toMatchObject({
      status: 400,
      message: "A canceled subscription can only update its cancellation_details and metadata.",
    });
  });
});

describe("card change", () => {
  it("opens a setup checkout, then makes its card the subscription's and the customer's default", async () => {
    stripe.expect({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: {
        mode: "setup",
        customer: "cus_1",
        "allowed_payment_method_types[0]": "card",
        client_reference_id: "cs_atrium3",
        "metadata[checkoutSessionId]": "cs_atrium3",
        "metadata[subscriptionId]": "sub_1",
        "setup_intent_data[metadata][checkoutSessionId]": "cs_atrium3",
        "setup_intent_data[metadata][subscriptionId]": "sub_1",
        success_url: "https://atrium.example/account?checkout=cs_atrium3",
        cancel_url: "https://atrium.example/account",
      },
      idempotencyKey: "atrium-checkout-cs_atrium3",
      answer: {
        id: "cs_test_setup",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_setup",
      },
    });
    expect(
      await provider.openPaymentMethodUpdate({
        checkoutSessionId: "cs_atrium3",
        subscriptionId: "sub_1",
        customerId: "cus_1",
        returnUrl: "https://atrium.example/account",
      }),
    ).toEqual({
      url: "https://checkout.stripe.com/c/pay/cs_test_setup",
      providerSessionId: "cs_test_setup",
    });

    stripe.expect(...cardChangeCompletion(subscription({ default_payment_method: "pm_new" })));
    await provider.completePaymentMethodUpdate({
      checkoutSessionId: "cs_atrium3",
      providerSessionId: "cs_test_setup",
      subscriptionId: "sub_1",
    });
  });

  it("refuses to finish a card change that collected no card", async () => {
    stripe.expect(setupSessionLookup(null));
    await expect(
      provider.completePaymentMethodUpdate({
        checkoutSessionId: "cs_atrium3",
        providerSessionId: "cs_test_setup",
        subscriptionId: "sub_1",
      }),
    ).rejects.toMatchObject({ status: 502 });
  });
});

describe("plan change", () => {
  const at = Date.parse("2026-11-26T12:00:00Z") / 1000;
  /** The change to Pro yearly as previewed at `at`, charged at once or not at all. */
  const toYearly = {
    "items[0][id]": "si_1",
    "items[0][price]": "price_pro_y",
    proration_behavior: "always_invoice",
    proration_date: String(at),
    payment_behavior: "error_if_incomplete",
    cancel_at_period_end: "false",
  };

  it("previews the prorated charge, then applies it with the same proration date", async () => {
    clock = at * 1000 + 400; // the proration date is whole seconds
    stripe.expect(retrieveSubscription, {
      method: "POST",
      path: "/v1/invoices/create_preview",
      params: {
        customer: "cus_1",
        subscription: "sub_1",
        "subscription_details[items][0][id]": "si_1",
        "subscription_details[items][0][price]": "price_pro_y",
        "subscription_details[proration_behavior]": "always_invoice",
        "subscription_details[proration_date]": String(at),
      },
      answer: {
        id: "upcoming_in_1",
        object: "invoice",
        amount_due: 46480,
        currency: "eur",
        lines: {
          object: "list",
          data: [
            {
              id: "il_1",
              object: "line_item",
              amount: -2520,
              period: { start: at, end: periodEnd },
            },
            {
              id: "il_2",
              object: "line_item",
              amount: 49000,
              period: { start: at, end: at + 365 * 86_400 },
            },
          ],
          has_more: false,
        },
      },
    });
    const preview = await provider.previewPlanChange("sub_1", "price_pro_y");
    expect(preview).toEqual({
      amountDue: 46480,
      currency: "EUR",
      prorationDate: new Date(at * 1000),
      nextRenewal: new Date((at + 365 * 86_400) * 1000),
    });

    stripe.expect(retrieveSubscription, {
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: toYearly,
      idempotencyKey: `atrium-plan-sub_1-price_pro_y-${at}-default`,
      answer: subscription({}, "price_pro_y"),
    });
    const changed = await provider.changePlan("sub_1", "price_pro_y", preview.prorationDate);
    expect(changed.priceId).toBe("price_pro_y");
  });

  it("leaves the plan as it was when the card is declined, with the bank's message (402)", async () => {
    stripe.expect(retrieveSubscription, {
      method: "POST",
      path: "/v1/subscriptions/sub_1",
      params: toYearly,
      idempotencyKey: `atrium-plan-sub_1-price_pro_y-${at}-default`,
      status: 402,
      answer: {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
        },
      },
    });
    await expect(
      provider.changePlan("sub_1", "price_pro_y", new Date(at * 1000)),
    ).rejects.toMatchObject({ status: 402, message: "Your card has insufficient funds." });

    // with a new card the same preview is applied under another key (Stripe replays a key's answer)
    stripe.expect(
      { ...retrieveSubscription, answer: subscription({ default_payment_method: "pm_new" }) },
      {
        method: "POST",
        path: "/v1/subscriptions/sub_1",
        params: toYearly,
        idempotencyKey: `atrium-plan-sub_1-price_pro_y-${at}-pm_new`,
        answer: subscription({ default_payment_method: "pm_new" }, "price_pro_y"),
      },
    );
    expect((await provider.changePlan("sub_1", "price_pro_y", new Date(at * 1000))).priceId).toBe(
      "price_pro_y",
    );
  });
});

describe("last card", () => {
  const card = (last4: string) => ({
    brand: "visa",
    last4,
    exp_month: 4,
    exp_year: 2029,
    funding: "credit",
    country: "DE",
  });

  it("is the customer's default card", async () => {
    stripe.expect(customerCardLookup(card("4242")));
    expect(await provider.lastCard("cus_1")).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 4,
      expYear: 2029,
    });
  });

  it("is the newest saved card without a default, and null without any", async () => {
    const customer = customerCardLookup(null);
    const cards = {
      method: "GET" as const,
      path: "/v1/customers/cus_1/payment_methods",
      params: { type: "card", limit: "1" },
    };
    stripe.expect(customer, {
      ...cards,
      answer: stripeList(
        [{ id: "pm_2", object: "payment_method", type: "card", card: card("0005") }],
        "/v1/customers/cus_1/payment_methods",
      ),
    });
    expect((await provider.lastCard("cus_1"))?.last4).toBe("0005");
    stripe.expect(customer, {
      ...cards,
      answer: stripeList([], "/v1/customers/cus_1/payment_methods"),
    });
    expect(await provider.lastCard("cus_1")).toBeNull();
    stripe.expect({
      ...customer,
      answer: { id: "cus_1", object: "customer", deleted: true },
    });
    expect(await provider.lastCard("cus_1")).toBeNull();
  });
});
