import type { AccountPlan } from "@atrium/domain";

// The one interface card payments go through (issue 17): the built-in sandbox (sandbox.ts) is
// the default; a Stripe adapter is used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
// Both send the same webhook events (Stripe's shape and signature scheme) to the same handler.

/** A product the provider sells, with one price. Amounts in the currency's minor unit. */
export interface CatalogueProduct {
  priceId: string;
  productName: string;
  priceAmount: number;
  currency: string;
  /** Credits a one-time credit bundle adds; null for subscriptions. */
  credits: number | null;
  /** Billing interval of a subscription; null for one-time products. */
  interval: "monthly" | "yearly" | null;
  /** The plan a subscription grants; null for one-time products. */
  plan: AccountPlan | null;
}

/** The parts of a provider's webhook event the handler reads (Stripe's event shape). */
export interface WebhookEvent {
  id: string;
  type: string;
  data: {
    object: {
      id?: string;
      payment_status?: string;
      metadata?: Record<string, string> | null;
    };
  };
}

export interface OpenCheckout {
  /** Atrium's own checkout session id (the webhook's metadata.checkoutSessionId). */
  checkoutSessionId: string;
  product: CatalogueProduct;
  returnUrl: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  catalogue(): Promise<CatalogueProduct[]>;
  /** Opens a checkout for a one-time product; answers the page the buyer goes to. */
  openCheckout(request: OpenCheckout): Promise<{ url: string }>;
  /**
   * The event of a webhook request, when its signature is good and at most 300 s old;
   * throws otherwise.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;
