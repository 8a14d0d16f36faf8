import { CREDIT_PACKAGES, PLAN_INTERVALS, PLAN_OFFERS } from "@atrium/domain";
import { and, eq, lte } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  paymentSecrets,
  type SandboxSubscriptionRow,
  sandboxCheckouts,
  sandboxCustomers,
  sandboxSubscriptions,
} from "../../db/schema/index.js";
import {
  type CardDetails,
  type CatalogueProduct,
  type PaymentProvider,
  type PlanChangePreview,
  type ProviderSubscription,
  subscriptionFromStripeObject,
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

/** A test card as the sandbox's checkout page sends it. */
export interface SandboxCard {
  number: string;
  expMonth?: number;
  expYear?: number;
}

/** Delivers a signed event to the webhook handler (the payments service registers itself). */
export type SandboxDelivery = (rawBody: Buffer, signature: string) => Promise<unknown>;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const newId = (prefix: string) => `${prefix}_sb${crypto.randomUUID().replace(/-/g, "")}`;

/** The date one billing interval after `from` (calendar months, in UTC). */
export function addInterval(from: Date, interval: "monthly" | "yearly"): Date {
  const next = new Date(from.getTime());
  if (interval === "monthly") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The brand a test card's number names (its first digit, as card networks assign them). */
function cardBrand(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}

function cardDetailsOf(card: SandboxCard, now: Date): CardDetails {
  return {
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    // a test card's expiry is any future date: the sandbox picks two years ahead unless given
    expMonth: card.expMonth ?? 12,
    expYear: card.expYear ?? now.getUTCFullYear() + 2,
  };
}

export function createSandboxProvider(db: Database) {
  let secret: string | null = null;
  let delivery: SandboxDelivery | null = null;
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

  function planPrice(priceId: string): CatalogueProduct & { interval: "monthly" | "yearly" } {
    const product = sandboxCatalogue().find(
      (candidate) => candidate.priceId === priceId && candidate.plan !== null,
    );
    if (!product?.interval) throw new Error(`the sandbox sells no plan with price ${priceId}`);
    return product as CatalogueProduct & { interval: "monthly" | "yearly" };
  }

  /** The subscription as Stripe's API writes it (2025 versions: the period on the item too). */
  function stripeObject(row: SandboxSubscriptionRow) {
    const price = planPrice(row.priceId);
    const period = {
      current_period_start: seconds(row.currentPeriodStart),
      current_period_end: seconds(row.currentPeriodEnd),
    };
    return {
      id: row.id,
      object: "subscription",
      customer: row.customerId,
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      cancel_at: row.cancelAtPeriodEnd ? seconds(row.currentPeriodEnd) : null,
      canceled_at: seconds(row.canceledAt),
      ended_at: seconds(row.endedAt),
      ...period,
      items: {
        object: "list",
        data: [
          {
            id: `si_${row.id}`,
            object: "subscription_item",
            price: {
              id: row.priceId,
              object: "price",
              unit_amount: price.priceAmount,
              currency: price.currency.toLowerCase(),
              recurring: { interval: price.interval === "monthly" ? "month" : "year" },
            },
            ...period,
          },
        ],
      },
      metadata: { userId: row.userId },
    };
  }

  function common(row: SandboxSubscriptionRow): ProviderSubscription {
    const parsed = subscriptionFromStripeObject(stripeObject(row));
    if (!parsed) throw new Error(`sandbox subscription ${row.id} does not parse`);
    return parsed;
  }

  async function subscriptionRow(subscriptionId: string) {
    const [row] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!row) throw new Error(`the sandbox has no subscription ${subscriptionId}`);
    return row;
  }

  async function updateSubscription(
    subscriptionId: string,
    changes: Partial<typeof sandboxSubscriptions.$inferInsert>,
  ) {
    const [row] = await db
      .update(sandboxSubscriptions)
      .set(changes)
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .returning();
    if (!row) throw new Error(`the sandbox has no subscription ${subscriptionId}`);
    return row;
  }

  /** Signs an event as Stripe does and hands it to the webhook handler. */
  async function send(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    if (!delivery) throw new Error("the sandbox has nowhere to deliver its events");
    await delivery(Buffer.from(payload), await provider.sign(payload));
  }

  function invoice(row: SandboxSubscriptionRow, amountPaid: number, reason: string) {
    const price = planPrice(row.priceId);
    return {
      id: newId("in"),
      object: "invoice",
      customer: row.customerId,
      subscription: row.id,
      billing_reason: reason,
      amount_paid: amountPaid,
      currency: price.currency.toLowerCase(),
      status: "paid",
      metadata: { userId: row.userId },
    };
  }

  function preview(row: SandboxSubscriptionRow, priceId: string, now: Date): PlanChangePreview {
    const from = planPrice(row.priceId);
    const to = planPrice(priceId);
    const start = row.currentPeriodStart.getTime();
    const end = row.currentPeriodEnd.getTime();
    const remaining = end > start ? Math.max(0, end - now.getTime()) / (end - start) : 0;
    // Stripe's proration: the unused part of the old price is credited; on the same interval the
    // new price is charged for the rest of the period, on another the new period starts now
    if (from.interval === to.interval) {
      return {
        amountDue: Math.round((to.priceAmount - from.priceAmount) * remaining),
        currency: to.currency,
        prorationDate: now,
        nextRenewal: row.currentPeriodEnd,
      };
    }
    return {
      amountDue: to.priceAmount - Math.round(from.priceAmount * remaining),
      currency: to.currency,
      prorationDate: now,
      nextRenewal: addInterval(now, to.interval),
    };
  }

  async function checkoutRow(checkoutSessionId: string) {
    const [row] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, checkoutSessionId));
    return row ?? null;
  }

  const provider: PaymentProvider & {
    /** The signature header the sandbox sends with an event's body. */
    sign(payload: string): Promise<string>;
    /** Where the sandbox's events go (the payments service's webhook handler). */
    deliverTo(handler: SandboxDelivery): void;
    /**
     * The sandbox checkout page's good card: completes the checkout as the provider would and
     * sends its events (the caller has already refused declined cards).
     */
    pay(checkoutSessionId: string, card: SandboxCard): Promise<void>;
    /**
     * The sandbox's clock: subscriptions whose paid period has ended are renewed (a new period,
     * an invoice paid) or, when their cancellation was scheduled, end; each sends its events.
     * Rows are claimed with SKIP LOCKED, so instances running it together renew each period once.
     */
    renewDue(now?: Date): Promise<{ renewed: string[]; ended: string[] }>;
  } = {
    name: "sandbox",
    async catalogue() {
      return sandboxCatalogue();
    },
    async openCheckout({ checkoutSessionId }) {
      await db
        .insert(sandboxCheckouts)
        .values({ id: checkoutSessionId, mode: "payment" })
        .onConflictDoNothing();
      return {
        url: `/checkout/sandbox/${encodeURIComponent(checkoutSessionId)}`,
        providerSessionId: null,
      };
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
    deliverTo(handler) {
      delivery = handler;
    },

    async openSubscriptionCheckout({ checkoutSessionId, product, userId, email, customerId }) {
      planPrice(product.priceId);
      await db.insert(sandboxCheckouts).values({
        id: checkoutSessionId,
        mode: "subscription",
        userId,
        email,
        customerId,
        priceId: product.priceId,
      });
      return {
        url: `/checkout/sandbox/${encodeURIComponent(checkoutSessionId)}`,
        providerSessionId: null,
      };
    },
    async checkoutStatus({ checkoutSessionId }) {
      return (await checkoutRow(checkoutSessionId))?.status ?? "expired";
    },
    async openPaymentMethodUpdate({ checkoutSessionId, subscriptionId, customerId }) {
      const row = await subscriptionRow(subscriptionId);
      await db.insert(sandboxCheckouts).values({
        id: checkoutSessionId,
        mode: "setup",
        userId: row.userId,
        customerId,
        subscriptionId,
      });
      return {
        url: `/checkout/sandbox/${encodeURIComponent(checkoutSessionId)}`,
        providerSessionId: null,
      };
    },
    async completePaymentMethodUpdate({ checkoutSessionId }) {
      const checkout = await checkoutRow(checkoutSessionId);
      if (!checkout?.customerId || !checkout.cardLast4) {
        throw new Error(`the sandbox's setup ${checkoutSessionId} collected no card`);
      }
      await db
        .update(sandboxCustomers)
        .set({
          cardBrand: checkout.cardBrand,
          cardLast4: checkout.cardLast4,
          cardExpMonth: checkout.cardExpMonth,
          cardExpYear: checkout.cardExpYear,
        })
        .where(eq(sandboxCustomers.id, checkout.customerId));
    },

    async pay(checkoutSessionId, card) {
      const now = new Date();
      const details = cardDetailsOf(card, now);
      const checkout = await checkoutRow(checkoutSessionId);
      const mode = checkout?.mode ?? "payment";
      if (checkout && checkout.status !== "open") {
        throw new Error(`the sandbox's checkout ${checkoutSessionId} is ${checkout.status}`);
      }
      const completed = (extra: Record<string, unknown>) => ({
        id: checkoutSessionId,
        object: "checkout.session",
        mode,
        status: "complete",
        payment_status: mode === "setup" ? "no_payment_required" : "paid",
        metadata: { checkoutSessionId, ...(checkout?.userId ? { userId: checkout.userId } : {}) },
        ...extra,
      });
      if (mode === "payment") {
        await db
          .update(sandboxCheckouts)
          .set({ status: "complete" })
          .where(eq(sandboxCheckouts.id, checkoutSessionId));
        await send("checkout.session.completed", completed({}));
        return;
      }
      if (!checkout?.userId)
        throw new Error(`the sandbox's checkout ${checkoutSessionId} has no user`);
      if (mode === "setup") {
        await db
          .update(sandboxCheckouts)
          .set({
            status: "complete",
            cardBrand: details.brand,
            cardLast4: details.last4,
            cardExpMonth: details.expMonth,
            cardExpYear: details.expYear,
          })
          .where(eq(sandboxCheckouts.id, checkoutSessionId));
        await send(
          "checkout.session.completed",
          completed({
            customer: checkout.customerId,
            subscription: null,
            setup_intent: newId("seti"),
            metadata: { checkoutSessionId, subscriptionId: checkout.subscriptionId ?? "" },
          }),
        );
        return;
      }
      // a subscription: the customer (once per user), its card, the subscription, its invoice
      const price = planPrice(checkout.priceId ?? "");
      const customerId = checkout.customerId ?? newId("cus");
      await db
        .insert(sandboxCustomers)
        .values({
          id: customerId,
          userId: checkout.userId,
          email: checkout.email ?? "",
          cardBrand: details.brand,
          cardLast4: details.last4,
          cardExpMonth: details.expMonth,
          cardExpYear: details.expYear,
        })
        .onConflictDoUpdate({
          target: sandboxCustomers.id,
          set: {
            cardBrand: details.brand,
            cardLast4: details.last4,
            cardExpMonth: details.expMonth,
            cardExpYear: details.expYear,
          },
        });
      const [subscription] = await db
        .insert(sandboxSubscriptions)
        .values({
          id: newId("sub"),
          customerId,
          userId: checkout.userId,
          priceId: price.priceId,
          status: "active",
          currentPeriodStart: now,
          currentPeriodEnd: addInterval(now, price.interval),
        })
        .returning();
      if (!subscription) throw new Error("the sandbox could not store the subscription");
      await db
        .update(sandboxCheckouts)
        .set({ status: "complete", customerId, subscriptionId: subscription.id })
        .where(eq(sandboxCheckouts.id, checkoutSessionId));
      await send(
        "checkout.session.completed",
        completed({ customer: customerId, subscription: subscription.id }),
      );
      await send("customer.subscription.created", stripeObject(subscription));
      await send("invoice.paid", invoice(subscription, price.priceAmount, "subscription_create"));
    },

    async renewDue(now = new Date()) {
      const changed = await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(sandboxSubscriptions)
          .where(
            and(
              eq(sandboxSubscriptions.status, "active"),
              lte(sandboxSubscriptions.currentPeriodEnd, now),
            ),
          )
          .limit(100)
          .for("update", { skipLocked: true });
        const rows: { row: SandboxSubscriptionRow; ended: boolean }[] = [];
        for (const current of due) {
          const ended = current.cancelAtPeriodEnd;
          const [row] = await tx
            .update(sandboxSubscriptions)
            .set(
              ended
                ? { status: "canceled", endedAt: current.currentPeriodEnd }
                : {
                    currentPeriodStart: current.currentPeriodEnd,
                    currentPeriodEnd: addInterval(
                      current.currentPeriodEnd,
                      planPrice(current.priceId).interval,
                    ),
                  },
            )
            .where(eq(sandboxSubscriptions.id, current.id))
            .returning();
          if (row) rows.push({ row, ended });
        }
        return rows;
      });
      for (const { row, ended } of changed) {
        if (ended) {
          await send("customer.subscription.deleted", stripeObject(row));
        } else {
          await send("customer.subscription.updated", stripeObject(row));
          await send(
            "invoice.paid",
            invoice(row, planPrice(row.priceId).priceAmount, "subscription_cycle"),
          );
        }
      }
      return {
        renewed: changed.filter((entry) => !entry.ended).map((entry) => entry.row.id),
        ended: changed.filter((entry) => entry.ended).map((entry) => entry.row.id),
      };
    },

    async retrieveSubscription(subscriptionId) {
      return common(await subscriptionRow(subscriptionId));
    },
    async cancelSubscription(subscriptionId) {
      const row = await updateSubscription(subscriptionId, {
        cancelAtPeriodEnd: true,
        canceledAt: new Date(),
      });
      await send("customer.subscription.updated", stripeObject(row));
      return common(row);
    },
    async resumeSubscription(subscriptionId) {
      const current = await subscriptionRow(subscriptionId);
      if (current.status === "canceled") {
        throw new Error(`the sandbox's subscription ${subscriptionId} has ended`);
      }
      const row = await updateSubscription(subscriptionId, {
        cancelAtPeriodEnd: false,
        canceledAt: null,
      });
      await send("customer.subscription.updated", stripeObject(row));
      return common(row);
    },
    async previewPlanChange(subscriptionId, priceId) {
      return preview(await subscriptionRow(subscriptionId), priceId, new Date());
    },
    async changePlan(subscriptionId, priceId, prorationDate) {
      const current = await subscriptionRow(subscriptionId);
      const charge = preview(current, priceId, prorationDate);
      const to = planPrice(priceId);
      const sameInterval = planPrice(current.priceId).interval === to.interval;
      const row = await updateSubscription(subscriptionId, {
        priceId,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        ...(sameInterval
          ? {}
          : { currentPeriodStart: prorationDate, currentPeriodEnd: charge.nextRenewal }),
      });
      await send("customer.subscription.updated", stripeObject(row));
      if (charge.amountDue > 0) {
        await send("invoice.paid", invoice(row, charge.amountDue, "subscription_update"));
      }
      return common(row);
    },
    async lastCard(customerId) {
      const [row] = await db
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, customerId));
      if (!row?.cardLast4 || !row.cardBrand || !row.cardExpMonth || !row.cardExpYear) return null;
      return {
        brand: row.cardBrand,
        last4: row.cardLast4,
        expMonth: row.cardExpMonth,
        expYear: row.cardExpYear,
      };
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
