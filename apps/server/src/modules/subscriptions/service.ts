import {
  type AccountPlan,
  type CardDetails,
  type CheckoutSession,
  describeSubscription,
  isCanceledOf,
  PRORATION_PREVIEW_MAX_AGE_MS,
  type PreviewSubscriptionUpdateRequest,
  planEntitlements,
  planInForce,
  planLabelOf,
  planRank,
  roleForPlan,
  type SubscriptionHubEvent,
  type SubscriptionOverview,
  type SubscriptionUpdatePreview,
  subscriptionGrantsPlan,
  subscriptionMessages,
  type UpdatePaymentMethodRequest,
  type UpdateSubscriptionRequest,
  type UserSubscription,
  type WalletHubEvent,
} from "@atrium/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import {
  checkoutSessions,
  paymentCustomers,
  type SubscriptionRow,
  subscriptions,
  users,
} from "../../db/schema/index.js";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import {
  type CatalogueProduct,
  type PaymentProvider,
  type ProviderSubscription,
  subscriptionFromStripeObject,
  type WebhookEvent,
} from "../../infra/payments/provider.js";
import { refreshAccountPlan, stored } from "./account-plan.js";

// Subscriptions (issue 17 item 4). The provider's webhook events (and its answers to the panel's
// calls) keep a copy of each subscription here; after each change the account's plan is worked
// out again (accountPlanOf: the highest plan among the subscriptions that give theirs, or the
// one an operator granted), Pro's included slots follow it, and the user's open tabs hear of it
// on the notificationhub.

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Pushes on the notificationhub (wired by the realtime layer; nothing is sent before). */
export interface BillingPublisher {
  subscription(userId: string, event: SubscriptionHubEvent): void;
  wallet(userId: string, event: WalletHubEvent): void;
}

const CATALOGUE_CACHE_MS = 60_000;

export function createSubscriptionsService(deps: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}) {
  const { db, provider, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let publisher: BillingPublisher | null = null;

  let catalogueCache: { until: number; products: CatalogueProduct[] } | null = null;
  async function catalogue() {
    if (catalogueCache && catalogueCache.until > Date.now()) return catalogueCache.products;
    const products = await provider.catalogue();
    catalogueCache = { until: Date.now() + CATALOGUE_CACHE_MS, products };
    return products;
  }
  async function planPrice(priceId: string) {
    const product = (await catalogue()).find(
      (candidate) => candidate.priceId === priceId && candidate.plan !== null,
    );
    return product?.plan && product.plan !== "free" && product.interval
      ? (product as CatalogueProduct & {
          plan: "standard" | "pro";
          interval: "monthly" | "yearly";
        })
      : null;
  }

  async function describe(row: SubscriptionRow): Promise<UserSubscription> {
    const price = await planPrice(row.priceId);
    return describeSubscription(
      { ...stored(row), subscriptionId: row.id, priceId: row.priceId },
      {
        interval: price?.interval ?? "monthly",
        amount: price?.priceAmount ?? 0,
        currency: price?.currency ?? "EUR",
      },
      now(),
    );
  }

  async function rowsOf(userId: string, session: Database | Tx = db) {
    return session
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.updatedAt));
  }

  /** The subscription that counts: the one giving the highest plan, else the latest. */
  function current(rows: SubscriptionRow[]): SubscriptionRow | null {
    const at = now();
    const granting = rows
      .filter((row) => subscriptionGrantsPlan(stored(row), at))
      .sort((a, b) => planRank(b.plan) - planRank(a.plan));
    return granting[0] ?? rows[0] ?? null;
  }

  async function customerOf(userId: string) {
    const [row] = await db
      .select()
      .from(paymentCustomers)
      .where(
        and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)),
      );
    return row?.customerId ?? null;
  }

  async function linkCustomer(userId: string, customerId: string) {
    await db
      .insert(paymentCustomers)
      .values({ userId, provider: provider.name, customerId })
      .onConflictDoNothing();
  }

  async function userOfCustomer(customerId: string) {
    const [row] = await db
      .select()
      .from(paymentCustomers)
      .where(
        and(
          eq(paymentCustomers.provider, provider.name),
          eq(paymentCustomers.customerId, customerId),
        ),
      );
    return row?.userId ?? null;
  }

  async function refreshPlan(userId: string) {
    const change = await refreshAccountPlan(db, userId, now(), logger);
    return change ? { ...change, current: current(change.rows) } : null;
  }

  async function publish(
    userId: string,
    change: { before: AccountPlan; after: AccountPlan; current: SubscriptionRow | null },
    activated: boolean,
  ) {
    if (!publisher) return;
    const subscription = change.current ? await describe(change.current) : null;
    publisher.subscription(userId, {
      v: 1,
      type:
        activated || planRank(change.after) > planRank(change.before)
          ? "subscription.activated"
          : "subscription.updated",
      plan: change.after,
      role: roleForPlan(change.after),
      planLabel: planLabelOf(change.after),
      subscription,
    });
  }

  /**
   * Stores the provider's view of a subscription, unless an event newer than `eventCreated`
   * (unix seconds) was already applied; then the plan, the slots and the push follow.
   */
  async function apply(subscription: ProviderSubscription, eventCreated: number) {
    const userId = subscription.userId ?? (await userOfCustomer(subscription.customerId)) ?? null;
    const price = await planPrice(subscription.priceId);
    if (!userId || !price) {
      logger.warn(
        { subscriptionId: subscription.id, priceId: subscription.priceId },
        "subscription event for an unknown user or price: ignored",
      );
      return;
    }
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) {
      logger.warn({ subscriptionId: subscription.id }, "subscription of a deleted user: ignored");
      return;
    }
    await linkCustomer(userId, subscription.customerId);
    const values = {
      provider: provider.name,
      userId,
      customerId: subscription.customerId,
      priceId: subscription.priceId,
      plan: price.plan,
      providerStatus: subscription.status,
      isCanceled: isCanceledOf({
        providerStatus: subscription.status,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      }),
      endsAt: subscription.endedAt ?? subscription.currentPeriodEnd,
      canceledAt: subscription.canceledAt,
      lastEventAt: eventCreated,
      updatedAt: now(),
    };
    const written = await db
      .insert(subscriptions)
      .values({ id: subscription.id, ...values })
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: values,
        // an event older than the one applied last changes nothing (events may come out of order)
        setWhere: sql`${subscriptions.lastEventAt} <= ${eventCreated}`,
      })
      .returning({ created: sql<boolean>`(xmax = 0)` });
    if (written.length === 0) return;
    const change = await refreshPlan(userId);
    if (!change) return;
    const activated =
      written[0]?.created === true &&
      subscriptionGrantsPlan(
        {
          plan: values.plan,
          providerStatus: values.providerStatus,
          isCanceled: values.isCanceled,
          endsAt: values.endsAt,
          canceledAt: values.canceledAt,
        },
        now(),
      );
    await publish(userId, change, activated);
  }

  async function owned(auth: AuthContext | null, subscriptionId: string) {
    const me = assertSignedIn(auth);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!row) throw new NotFoundError(subscriptionMessages.noSubscription);
    if (row.userId !== me.userId) throw new ForbiddenError();
    return { me, row };
  }

  function assertRunning(row: SubscriptionRow) {
    if (row.isCanceled === 2 || !subscriptionGrantsPlan(stored(row), now())) {
      throw new ConflictError(subscriptionMessages.ended);
    }
  }

  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  async function preview(
    auth: AuthContext | null,
    request: PreviewSubscriptionUpdateRequest,
  ): Promise<{ row: SubscriptionRow; preview: SubscriptionUpdatePreview }> {
    const { row } = await owned(auth, request.subscriptionId);
    assertRunning(row);
    const price = await planPrice(request.priceId);
    if (!price) {
      throw new BadRequestError(`priceId: ${subscriptionMessages.notAPlan}`, [
        { path: "body.priceId", message: subscriptionMessages.notAPlan },
      ]);
    }
    if (price.priceId === row.priceId) {
      throw new BadRequestError(`priceId: ${subscriptionMessages.samePrice}`, [
        { path: "body.priceId", message: subscriptionMessages.samePrice },
      ]);
    }
    const answer = await provider.previewPlanChange(row.id, price.priceId);
    return {
      row,
      preview: {
        subscriptionId: row.id,
        priceId: price.priceId,
        plan: price.plan,
        interval: price.interval,
        amountDue: answer.amountDue,
        currency: answer.currency,
        prorationDate: answer.prorationDate.toISOString(),
        nextRenewal: answer.nextRenewal.toISOString(),
      },
    };
  }

  const service = {
    setPublisher(next: BillingPublisher) {
      publisher = next;
    },
    /** The Wallet push, for the payments service (a checkout credited the wallet). */
    publishWallet(userId: string, event: WalletHubEvent) {
      publisher?.wallet(userId, event);
    },

    async overview(auth: AuthContext | null): Promise<SubscriptionOverview> {
      const me = assertSignedIn(auth);
      const row = current(await rowsOf(me.userId));
      // read again: a change made by this very request is not in its auth context
      const [user] = await db.select().from(users).where(eq(users.id, me.userId));
      const plan = user ? planInForce(user, now()) : me.plan;
      return {
        subscription: row ? await describe(row) : null,
        plan,
        role: roleForPlan(plan),
        planLabel: planLabelOf(plan),
        entitlements: planEntitlements(plan),
      };
    },

    /** Before a subscription checkout: at most one subscription at a time (spec 1 §5). */
    async assertMayStart(userId: string) {
      const rows = await rowsOf(userId);
      if (rows.some((row) => subscriptionGrantsPlan(stored(row), now()))) {
        throw new ConflictError(subscriptionMessages.alreadySubscribed);
      }
      return { customerId: await customerOf(userId) };
    },

    async cancel(auth: AuthContext | null, subscriptionId: string) {
      const { row } = await owned(auth, subscriptionId);
      assertRunning(row);
      await apply(await provider.cancelSubscription(row.id), nowSeconds());
      return service.overview(auth);
    },

    async resume(auth: AuthContext | null, subscriptionId: string) {
      const { row } = await owned(auth, subscriptionId);
      assertRunning(row);
      await apply(await provider.resumeSubscription(row.id), nowSeconds());
      return service.overview(auth);
    },

    async previewUpdate(auth: AuthContext | null, request: PreviewSubscriptionUpdateRequest) {
      return (await preview(auth, request)).preview;
    },

    async update(auth: AuthContext | null, request: UpdateSubscriptionRequest) {
      const prorationDate = new Date(request.prorationDate);
      const age = now().getTime() - prorationDate.getTime();
      if (age > PRORATION_PREVIEW_MAX_AGE_MS || age < -60_000) {
        throw new BadRequestError(`prorationDate: ${subscriptionMessages.prorationTooOld}`, [
          { path: "body.prorationDate", message: subscriptionMessages.prorationTooOld },
        ]);
      }
      const { row } = await preview(auth, request);
      await apply(await provider.changePlan(row.id, request.priceId, prorationDate), nowSeconds());
      return service.overview(auth);
    },

    async updatePaymentMethod(
      auth: AuthContext | null,
      request: UpdatePaymentMethodRequest,
    ): Promise<CheckoutSession> {
      const { me, row } = await owned(auth, request.subscriptionId);
      assertRunning(row);
      const id = `cs_${crypto.randomUUID().replace(/-/g, "")}`;
      await db.insert(checkoutSessions).values({
        id,
        userId: me.userId,
        provider: provider.name,
        mode: "setup",
        priceId: row.priceId,
        productName: "Card change",
        credits: 0,
        amount: 0,
        currency: "EUR",
        returnPath: request.returnPath,
        subscriptionId: row.id,
      });
      const opened = await provider.openPaymentMethodUpdate({
        checkoutSessionId: id,
        subscriptionId: row.id,
        customerId: row.customerId,
        returnUrl: new URL(request.returnPath, deps.publicUrl).href,
      });
      if (opened.providerSessionId) {
        await db
          .update(checkoutSessions)
          .set({ providerSessionId: opened.providerSessionId })
          .where(eq(checkoutSessions.id, id));
      }
      return { sessionId: id, url: opened.url };
    },

    async lastCard(auth: AuthContext | null): Promise<{ card: CardDetails | null }> {
      const me = assertSignedIn(auth);
      const customerId = await customerOf(me.userId);
      return { card: customerId ? await provider.lastCard(customerId) : null };
    },

    /**
     * The webhook's subscription events: customer.subscription.*, invoice.* (the period moved)
     * and the completion of subscription and card-change checkouts. Answers whether it was one.
     */
    async handleEvent(event: WebhookEvent): Promise<boolean> {
      const object = event.data.object;
      const created = event.created ?? nowSeconds();
      const idOf = (value: unknown) =>
        typeof value === "string"
          ? value
          : value && typeof value === "object" && "id" in value
            ? String((value as { id: unknown }).id)
            : null;
      if (event.type.startsWith("customer.subscription.")) {
        const subscription = subscriptionFromStripeObject(object);
        if (subscription) await apply(subscription, created);
        return true;
      }
      if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
        const subscriptionId =
          idOf(object.subscription) ??
          idOf(
            (object.parent as { subscription_details?: { subscription?: unknown } } | undefined)
              ?.subscription_details?.subscription,
          );
        if (subscriptionId) {
          await apply(await provider.retrieveSubscription(subscriptionId), created);
        }
        return true;
      }
      if (event.type !== "checkout.session.completed") return false;
      const checkoutSessionId = object.metadata?.checkoutSessionId;
      if (!checkoutSessionId || (object.mode !== "subscription" && object.mode !== "setup")) {
        return false;
      }
      const [session] = await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, checkoutSessionId));
      if (!session) {
        logger.warn({ checkoutSessionId }, "completed checkout unknown here: ignored");
        return true;
      }
      if (object.mode === "setup") {
        if (session.subscriptionId) {
          await provider.completePaymentMethodUpdate({
            checkoutSessionId: session.id,
            providerSessionId: session.providerSessionId,
            subscriptionId: session.subscriptionId,
          });
        }
        await db
          .update(checkoutSessions)
          .set({ status: "complete", completedAt: now(), failure: null })
          .where(eq(checkoutSessions.id, session.id));
        return true;
      }
      const customerId = idOf(object.customer);
      if (customerId) await linkCustomer(session.userId, customerId);
      const subscriptionId = idOf(object.subscription);
      await db
        .update(checkoutSessions)
        .set({ status: "complete", completedAt: now(), failure: null, subscriptionId })
        .where(eq(checkoutSessions.id, session.id));
      // the subscription's own event may come later or not at all: ask the provider now
      if (subscriptionId) {
        await apply(await provider.retrieveSubscription(subscriptionId), created);
      }
      return true;
    },

    /** Works an account's plan out again (set-plan, and the plan-end sweep). */
    async refresh(userId: string) {
      const change = await refreshPlan(userId);
      if (change && change.before !== change.after) await publish(userId, change, false);
      return change;
    },
  };
  return service;
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
