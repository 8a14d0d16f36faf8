import { ACCOUNT_PLANS, type AccountPlan } from "@atrium/domain";
import type Stripe from "stripe";
import { AppError, BadGatewayError, BadRequestError, PaymentRequiredError } from "../../errors.js";
import {
  type CardDetails,
  type CatalogueProduct,
  type PaymentProvider,
  type ProviderCheckoutStatus,
  type ProviderSubscription,
  subscriptionFromStripeObject,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
} from "./provider.js";

// Stripe as the card payment provider (issue 17), through the official `stripe` package. Chosen
// when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set (config.ts); docs/payments.md
// says how to set up the account's products and webhook endpoint.
//
// The catalogue is read from Stripe: a credit bundle is an active one-time price whose metadata
// (or its product's) has `credits`; a plan is an active recurring price (monthly or yearly) with
// `plan` = standard or pro. Stripe's failures reach the buyer with Stripe's own message: a card
// error is 402, a request Stripe refuses 400, anything else (unreachable, bad key, rate limit) 502.

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Origin of the API (a local stand-in in tests); null: api.stripe.com. */
  apiUrl: string | null;
}

/** How long the catalogue read from Stripe is reused before it is read again. */
export const STRIPE_CATALOGUE_TTL_MS = 5 * 60 * 1000;

const PAID_PLANS = new Set<string>(ACCOUNT_PLANS.filter((plan) => plan !== "free"));

/** The `stripe` package's own host/port/protocol options for an API origin. */
export function stripeHostOptions(apiUrl: string | null) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? "80" : "443"),
    protocol,
  } as const;
}

/** A whole positive number of credits from a metadata value, or null. */
function creditsOf(value: string | undefined) {
  if (value === undefined || !/^[1-9][0-9]{0,8}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Atrium's product for one of Stripe's prices, or null when the price sells nothing of ours. */
export function toCatalogueProduct(price: Stripe.Price): CatalogueProduct | null {
  const product = typeof price.product === "object" ? price.product : null;
  if (!price.active || price.unit_amount === null || price.unit_amount === undefined) return null;
  if (product && ("deleted" in product || !product.active)) return null;
  const productMetadata = product && !("deleted" in product) ? product.metadata : {};
  const metadata = { ...productMetadata, ...price.metadata };
  const productName =
    product && !("deleted" in product) ? product.name : (price.nickname ?? price.id);
  const base = {
    priceId: price.id,
    productName,
    priceAmount: price.unit_amount,
    currency: price.currency.toUpperCase(),
  };
  if (price.type === "one_time") {
    const credits = creditsOf(metadata.credits);
    return credits ? { ...base, credits, interval: null, plan: null } : null;
  }
  const recurring = price.recurring;
  const plan = metadata.plan?.trim().toLowerCase();
  if (recurring?.interval_count !== 1 || !plan || !PAID_PLANS.has(plan)) return null;
  const interval =
    recurring.interval === "month" ? "monthly" : recurring.interval === "year" ? "yearly" : null;
  if (!interval) return null;
  return { ...base, credits: null, interval, plan: plan as AccountPlan };
}

/** A Stripe failure as the answer the buyer sees, with Stripe's own message. */
export function toProviderError(error: unknown, stripeErrors: typeof Stripe.errors): unknown {
  if (error instanceof AppError || !(error instanceof stripeErrors.StripeError)) return error;
  const message = error.message || "Stripe did not answer";
  if (error instanceof stripeErrors.StripeCardError) return new PaymentRequiredError(message);
  if (error instanceof stripeErrors.StripeInvalidRequestError) return new BadRequestError(message);
  return new BadGatewayError(message);
}

export function createStripeProvider(
  settings: StripeSettings,
  options: { catalogueTtlMs?: number; now?: () => number; maxNetworkRetries?: number } = {},
) {
  const now = options.now ?? Date.now;
  const ttl = options.catalogueTtlMs ?? STRIPE_CATALOGUE_TTL_MS;
  // the package loads when a payment first needs it, not at start (docs/startup.md)
  let loaded: Promise<{ client: Stripe; StripeClass: typeof Stripe }> | null = null;
  function load() {
    loaded ??= import("stripe").then(({ default: StripeClass }) => ({
      StripeClass,
      client: new StripeClass(settings.secretKey, {
        ...stripeHostOptions(settings.apiUrl),
        maxNetworkRetries: options.maxNetworkRetries ?? 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: "Atrium" },
      }),
    }));
    return loaded;
  }

  /** One call to Stripe; its failure becomes an answer with Stripe's message. */
  async function call<T>(run: (client: Stripe) => Promise<T>): Promise<T> {
    const { client, StripeClass } = await load();
    try {
      return await run(client);
    } catch (error) {
      throw toProviderError(error, StripeClass.errors);
    }
  }

  let catalogue: { at: number; products: Promise<CatalogueProduct[]> } | null = null;
  async function readCatalogue() {
    const prices = await call((client) =>
      client.prices
        .list({ active: true, limit: 100, expand: ["data.product"] })
        .autoPagingToArray({ limit: 1000 }),
    );
    return prices
      .map(toCatalogueProduct)
      .filter((product): product is CatalogueProduct => product !== null);
  }

  const provider = {
    name: "stripe" as const,

    async catalogue() {
      if (!catalogue || now() - catalogue.at >= ttl) {
        const products = readCatalogue();
        catalogue = { at: now(), products };
        // a failed read is not kept: the next request asks Stripe again
        products.catch(() => {
          if (catalogue?.products === products) catalogue = null;
        });
      }
      return catalogue.products;
    },

    async openCheckout({ checkoutSessionId, product, returnUrl }) {
      const session = await call((client) =>
        client.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ price: product.priceId, quantity: 1 }],
            client_reference_id: checkoutSessionId,
            metadata: { checkoutSessionId },
            payment_intent_data: { metadata: { checkoutSessionId } },
            success_url: withQuery(returnUrl, { checkout: checkoutSessionId }),
            cancel_url: returnUrl,
          },
          // a retried request opens the same checkout, never a second one
          { idempotencyKey: `atrium-checkout-${checkoutSessionId}` },
        ),
      );
      return { url: pageOf(session), providerSessionId: session.id };
    },

    async openSubscriptionCheckout({
      checkoutSessionId,
      product,
      userId,
      email,
      customerId,
      returnUrl,
    }) {
      const session = await call((client) =>
        client.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price: product.priceId, quantity: 1 }],
            // the user's customer when there is one; otherwise Stripe creates it with this e-mail
            ...(customerId ? { customer: customerId } : { customer_email: email }),
            client_reference_id: checkoutSessionId,
            metadata: { checkoutSessionId, userId },
            // the subscription's own events say whose it is
            subscription_data: { metadata: { userId, checkoutSessionId } },
            success_url: withQuery(returnUrl, { checkout: checkoutSessionId }),
            cancel_url: returnUrl,
          },
          { idempotencyKey: `atrium-checkout-${checkoutSessionId}` },
        ),
      );
      return { url: pageOf(session), providerSessionId: session.id };
    },

    async checkoutStatus({ providerSessionId }): Promise<ProviderCheckoutStatus> {
      // every checkout this adapter opens has Stripe's id; one without it was never opened here
      if (!providerSessionId) return "expired";
      const session = await call((client) => client.checkout.sessions.retrieve(providerSessionId));
      if (session.status === "complete") return "complete";
      return session.status === "expired" ? "expired" : "open";
    },

    async retrieveSubscription(subscriptionId) {
      return common(await call((client) => client.subscriptions.retrieve(subscriptionId)));
    },

    async cancelSubscription(subscriptionId) {
      return common(
        await call((client) =>
          client.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        ),
      );
    },

    async resumeSubscription(subscriptionId) {
      return common(
        await call((client) =>
          client.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
        ),
      );
    },

    async openPaymentMethodUpdate({ checkoutSessionId, subscriptionId, customerId, returnUrl }) {
      // a "setup" checkout collects a card without charging; completePaymentMethodUpdate then
      // makes it the subscription's and the customer's default
      const session = await call((client) =>
        client.checkout.sessions.create(
          {
            mode: "setup",
            customer: customerId,
            allowed_payment_method_types: ["card"],
            client_reference_id: checkoutSessionId,
            metadata: { checkoutSessionId, subscriptionId },
            setup_intent_data: { metadata: { checkoutSessionId, subscriptionId } },
            success_url: withQuery(returnUrl, { checkout: checkoutSessionId }),
            cancel_url: returnUrl,
          },
          { idempotencyKey: `atrium-checkout-${checkoutSessionId}` },
        ),
      );
      return { url: pageOf(session), providerSessionId: session.id };
    },

    async completePaymentMethodUpdate({ checkoutSessionId, providerSessionId, subscriptionId }) {
      if (!providerSessionId) {
        throw new BadGatewayError(`Stripe has no checkout for ${checkoutSessionId}`);
      }
      const session = await call((client) =>
        client.checkout.sessions.retrieve(providerSessionId, { expand: ["setup_intent"] }),
      );
      const intent = session.setup_intent;
      const paymentMethod =
        intent && typeof intent === "object" ? idOf(intent.payment_method) : null;
      const customer = idOf(session.customer);
      if (!paymentMethod || !customer) {
        throw new BadGatewayError("Stripe's card change collected no card");
      }
      // setting the same default twice changes nothing: no key of Atrium's, so that a webhook
      // retried after a failure here is not answered with the failure again (Stripe replays a
      // key's first answer)
      await call((client) =>
        client.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod }),
      );
      await call((client) =>
        client.customers.update(customer, {
          invoice_settings: { default_payment_method: paymentMethod },
        }),
      );
    },

    async previewPlanChange(subscriptionId, priceId) {
      const subscription = await call((client) => client.subscriptions.retrieve(subscriptionId));
      const prorationDate = new Date(Math.floor(now() / 1000) * 1000);
      const invoice = await call((client) =>
        client.invoices.createPreview({
          customer: idOf(subscription.customer) ?? undefined,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: itemOf(subscription).id, price: priceId }],
            proration_behavior: "always_invoice",
            proration_date: seconds(prorationDate),
          },
        }),
      );
      // the new price's period ends last among the invoice's lines: the next renewal
      const ends = invoice.lines.data.map((line) => line.period.end);
      const current = subscriptionFromStripeObject(subscription)?.currentPeriodEnd;
      return {
        amountDue: invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        prorationDate,
        nextRenewal: ends.length
          ? new Date(Math.max(...ends) * 1000)
          : (current ?? new Date(prorationDate)),
      };
    },

    async changePlan(subscriptionId, priceId, prorationDate) {
      const subscription = await call((client) => client.subscriptions.retrieve(subscriptionId));
      const at = seconds(prorationDate);
      return common(
        await call((client) =>
          client.subscriptions.update(
            subscriptionId,
            {
              items: [{ id: itemOf(subscription).id, price: priceId }],
              proration_behavior: "always_invoice",
              proration_date: at,
              // a declined card leaves the subscription on its old plan
              payment_behavior: "error_if_incomplete",
              cancel_at_period_end: false,
            },
            // a double click applies once; after a decline and a card change (a new default
            // card) the same preview may be applied again: Stripe would replay the decline
            {
              idempotencyKey: `atrium-plan-${subscriptionId}-${priceId}-${at}-${
                idOf(subscription.default_payment_method) ?? "default"
              }`,
            },
          ),
        ),
      );
    },

    async lastCard(customerId) {
      const customer = await call((client) =>
        client.customers.retrieve(customerId, {
          expand: ["invoice_settings.default_payment_method"],
        }),
      );
      if ("deleted" in customer && customer.deleted) return null;
      const chosen = (customer as Stripe.Customer).invoice_settings?.default_payment_method;
      if (chosen && typeof chosen === "object" && chosen.card) return cardOf(chosen.card);
      // no default: the newest card the customer saved
      const cards = await call((client) =>
        client.customers.listPaymentMethods(customerId, { type: "card", limit: 1 }),
      );
      const newest = cards.data[0]?.card;
      return newest ? cardOf(newest) : null;
    },

    async verifyWebhook(rawBody, signature) {
      const { StripeClass } = await load();
      return StripeClass.webhooks.constructEvent(
        rawBody,
        signature ?? "",
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      ) as unknown as WebhookEvent;
    },
  } satisfies PaymentProvider;
  return provider;
}

/** The subscription in the common shape; Stripe answering something else is Stripe's fault. */
function common(subscription: Stripe.Subscription): ProviderSubscription {
  const parsed = subscriptionFromStripeObject(subscription);
  if (!parsed) throw new BadGatewayError(`Stripe answered an unreadable subscription`);
  return parsed;
}

/** The subscription's one item (Atrium's subscriptions have one price). */
function itemOf(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  if (!item) throw new BadGatewayError(`Stripe's subscription ${subscription.id} has no item`);
  return item;
}

function cardOf(card: Stripe.PaymentMethod.Card): CardDetails {
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

function pageOf(session: Stripe.Checkout.Session) {
  if (!session.url) throw new BadGatewayError("Stripe opened a checkout without a page");
  return session.url;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function withQuery(url: string, query: Record<string, string>) {
  const result = new URL(url);
  for (const [key, value] of Object.entries(query)) result.searchParams.set(key, value);
  return result.href;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
