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
  /** Unix seconds: orders events about one subscription (older ones are ignored). */
  created?: number;
  data: {
    object: {
      id?: string;
      object?: string;
      payment_status?: string;
      /** checkout.session: payment, subscription or setup. */
      mode?: string;
      /** checkout.session / subscription / invoice: the customer (id or expanded object). */
      customer?: string | { id: string } | null;
      /** checkout.session (mode subscription) and invoice: the subscription (id or object). */
      subscription?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
      [field: string]: unknown;
    };
  };
}

export interface OpenCheckout {
  /** Atrium's own checkout session id (the webhook's metadata.checkoutSessionId). */
  checkoutSessionId: string;
  product: CatalogueProduct;
  returnUrl: string;
}

export interface PaymentProvider extends SubscriptionProvider {
  readonly name: "sandbox" | "stripe";
  catalogue(): Promise<CatalogueProduct[]>;
  /** Opens a checkout for a one-time product; answers the page the buyer goes to. */
  openCheckout(request: OpenCheckout): Promise<{ url: string; providerSessionId?: string | null }>;
  /**
   * The event of a webhook request, when its signature is good and at most 300 s old;
   * throws otherwise.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

// --- subscriptions (issue 17 item 4) ---

/** A provider's subscription state, as its API answers it and its webhook events carry it. */
export interface ProviderSubscription {
  /** The provider's subscription id (Stripe: sub_...). */
  id: string;
  /** The provider's customer id (Stripe: cus_...). */
  customerId: string;
  /** Atrium's user, from the subscription's metadata.userId (set at checkout). */
  userId: string | null;
  /** The price it bills: one of the catalogue's plan prices. */
  priceId: string;
  /** The provider's status (Stripe's names): active, trialing, past_due, canceled, incomplete... */
  status: string;
  /** Auto-renewal is off: the subscription ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  /** End of the paid period (the renewal date while renewing). */
  currentPeriodEnd: Date;
  /** When it ended, or is set to end after a cancel request; null while renewing. */
  canceledAt: Date | null;
  /** When it actually ended (status canceled); null while it runs. */
  endedAt: Date | null;
}

export interface OpenSubscriptionCheckout {
  /** Atrium's own checkout session id (metadata.checkoutSessionId of the events). */
  checkoutSessionId: string;
  /** A plan price (product.plan and product.interval set). */
  product: CatalogueProduct;
  userId: string;
  email: string;
  /** The customer the user already has at this provider, if any. */
  customerId: string | null;
  returnUrl: string;
}

export interface OpenPaymentMethodUpdate {
  /** Atrium's checkout session id for this card change (a "setup" checkout). */
  checkoutSessionId: string;
  subscriptionId: string;
  customerId: string;
  returnUrl: string;
}

/** What a plan change would cost now (prorated), for the panel's preview. */
export interface PlanChangePreview {
  /** Charged now, in the currency's minor unit; 0 or less means nothing is charged now. */
  amountDue: number;
  currency: string;
  /** The proration moment the preview was computed for; pass it back to changePlan. */
  prorationDate: Date;
  /** When the new price next renews. */
  nextRenewal: Date;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The status of a checkout at the provider (spec 2 §7.4 stripe/session-status). */
export type ProviderCheckoutStatus = "open" | "complete" | "expired";

/** The subscription half of a provider (both the sandbox and the Stripe adapter implement it). */
export interface SubscriptionProvider {
  /** Opens a subscription checkout for a plan price; answers the page the buyer goes to. */
  openSubscriptionCheckout(
    request: OpenSubscriptionCheckout,
  ): Promise<{ url: string; providerSessionId: string | null }>;
  /** The provider's view of a checkout (by its own session id, or Atrium's when it has none). */
  checkoutStatus(ref: {
    checkoutSessionId: string;
    providerSessionId: string | null;
  }): Promise<ProviderCheckoutStatus>;
  /** The subscription as the provider has it now. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Cancels at the end of the paid period (auto-renewal off). */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Removes a scheduled cancellation (auto-renewal on again). */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Opens a card-change checkout (Stripe: mode "setup"); answers the page to go to. */
  openPaymentMethodUpdate(
    request: OpenPaymentMethodUpdate,
  ): Promise<{ url: string; providerSessionId: string | null }>;
  /**
   * After a setup checkout completed (its checkout.session.completed event, mode "setup"):
   * makes its card the subscription's default payment method.
   */
  completePaymentMethodUpdate(ref: {
    checkoutSessionId: string;
    providerSessionId: string | null;
    subscriptionId: string;
  }): Promise<void>;
  /** What switching the subscription to another plan price would charge now. */
  previewPlanChange(subscriptionId: string, priceId: string): Promise<PlanChangePreview>;
  /** Switches to another plan price, prorated as previewed (same prorationDate). */
  changePlan(
    subscriptionId: string,
    priceId: string,
    prorationDate: Date,
  ): Promise<ProviderSubscription>;
  /** The customer's default card, or null when it has none. */
  lastCard(customerId: string): Promise<CardDetails | null>;
}

const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
      ? (value as { id: string }).id
      : null;
const dateOf = (seconds: unknown): Date | null =>
  typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

/**
 * A Stripe-shaped subscription object (an event's data.object, or Stripe's API answer) in the
 * common shape; null when it is not one. Reads the period end from the subscription or, since
 * Stripe's 2025 API versions, from its first item.
 */
export function subscriptionFromStripeObject(object: unknown): ProviderSubscription | null {
  if (!object || typeof object !== "object") return null;
  const sub = object as Record<string, unknown>;
  if (sub.object !== "subscription" || typeof sub.id !== "string") return null;
  const items = (sub.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  const item = items[0];
  const price = item?.price as { id?: unknown } | string | undefined;
  const priceId = idOf(price);
  const customerId = idOf(sub.customer);
  const periodEnd = dateOf(sub.current_period_end) ?? dateOf(item?.current_period_end);
  if (!priceId || !customerId || !periodEnd) return null;
  const metadata = (sub.metadata ?? {}) as Record<string, unknown>;
  const cancelAtPeriodEnd = sub.cancel_at_period_end === true || sub.cancel_at != null;
  return {
    id: sub.id,
    customerId,
    userId: typeof metadata.userId === "string" ? metadata.userId : null,
    priceId,
    status: typeof sub.status === "string" ? sub.status : "incomplete",
    cancelAtPeriodEnd,
    currentPeriodEnd: periodEnd,
    canceledAt: cancelAtPeriodEnd
      ? (dateOf(sub.cancel_at) ?? periodEnd)
      : sub.status === "canceled"
        ? (dateOf(sub.ended_at) ?? dateOf(sub.canceled_at))
        : null,
    endedAt: dateOf(sub.ended_at),
  };
}
