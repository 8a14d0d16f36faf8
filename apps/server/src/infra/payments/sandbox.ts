import { CREDIT_PACKAGES, PLAN_INTERVALS, PLAN_OFFERS } from "@atrium/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { paymentSecrets } from "../../db/schema/index.js";
import {
  type CatalogueProduct,
  type PaymentProvider,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
} from "./provider.js";

// The built-in sandbox: sells Atrium's own catalogue (packages/domain/src/plans.ts) through a
// checkout page of the web app with test cards, and signs its webhook events as Stripe does,
// with a secret kept in the database so that every app instance verifies them alike.

/** Stripe's webhook helpers (signing and verifying), loaded when a payment first needs them. */
export const stripeWebhooks = async () => (await import("stripe")).default.webhooks;

const intervalName = { month: "monthly", year: "yearly" } as const;

/** Atrium's catalogue as provider products: the credit packages and the paid plans. */
export function sandboxCatalogue(): CatalogueProduct[] {
  const bundles = CREDIT_PACKAGES.map((bundle) => ({
    priceId: bundle.priceId,
    productName: `${bundle.unit.toLocaleString("en")} credits`,
    priceAmount: Math.round(bundle.price * 100),
    currency: bundle.currency,
    credits: bundle.unit,
    interval: null,
    plan: null,
  }));
  const plans = PLAN_OFFERS.flatMap((offer) =>
    offer.priceId
      ? PLAN_INTERVALS.map((interval) => ({
          priceId: offer.priceId?.[interval] as string,
          productName: `${offer.plan[0]?.toUpperCase()}${offer.plan.slice(1)} plan`,
          priceAmount: Math.round(offer.price[interval] * 100),
          currency: "EUR",
          credits: null,
          interval: intervalName[interval],
          plan: offer.plan,
        }))
      : [],
  );
  return [...bundles, ...plans];
}

export function createSandboxProvider(db: Database) {
  let secret: string | null = null;
  async function webhookSecret() {
    if (secret) return secret;
    const [row] = await db
      .select()
      .from(paymentSecrets)
      .where(eq(paymentSecrets.name, "sandbox_webhook"));
    if (!row) throw new Error("the sandbox webhook secret is missing (migration 0721)");
    secret = row.value;
    return secret;
  }

  const provider: PaymentProvider & {
    /** The signature header the sandbox sends with an event's body. */
    sign(payload: string): Promise<string>;
  } = {
    name: "sandbox",
    async catalogue() {
      return sandboxCatalogue();
    },
    async openCheckout({ checkoutSessionId }) {
      return { url: `/checkout/sandbox/${encodeURIComponent(checkoutSessionId)}` };
    },
    async verifyWebhook(rawBody, signature) {
      const webhooks = await stripeWebhooks();
      return webhooks.constructEvent(
        rawBody,
        signature ?? "",
        await webhookSecret(),
        WEBHOOK_TOLERANCE_SECONDS,
      ) as unknown as WebhookEvent;
    },
    async sign(payload) {
      const webhooks = await stripeWebhooks();
      return webhooks.generateTestHeaderString({ payload, secret: await webhookSecret() });
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
