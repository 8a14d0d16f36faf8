import {
  type CheckoutSession,
  type CheckoutSessionStatus,
  type CreateCheckoutSessionRequest,
  checkoutMessages,
  SANDBOX_TEST_CARDS,
  type SandboxPayRequest,
  type SandboxPayResponse,
  type StripeProductsResponse,
  subscriptionPlans,
  withBundleIcons,
} from "@atrium/domain";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import {
  type CheckoutSessionRow,
  checkoutSessions,
  paymentWebhookEvents,
  users,
} from "../../db/schema/index.js";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentRequiredError,
} from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import type { PaymentProvider, WebhookEvent } from "../../infra/payments/provider.js";
import type { SandboxProvider } from "../../infra/payments/sandbox.js";
import type { SubscriptionsService } from "../subscriptions/service.js";
import type { Ledger } from "../wallet/ledger.js";

// Card checkout for credit bundles (issue 17). A checkout session is Atrium's record of one
// purchase; the provider's webhook event `checkout.session.completed` credits the wallet through
// the ledger, keyed by the session so that however often the event comes, the credits come once.

export const paymentMessages = {
  badSignature: "The webhook's signature is missing, wrong or too old",
  ...checkoutMessages,
} as const;

const PAID_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

function toStatus(row: CheckoutSessionRow): CheckoutSessionStatus {
  return {
    sessionId: row.id,
    mode: row.mode,
    status: row.status,
    priceId: row.priceId,
    productName: row.productName,
    amount: row.amount,
    currency: row.currency,
    credits: row.credits,
    returnPath: row.returnPath,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPaymentsService(deps: {
  db: Database;
  provider: PaymentProvider;
  /** The sandbox, when it is the provider: its checkout page pays through here. */
  sandbox: SandboxProvider | null;
  ledger: Ledger;
  /** Subscription checkouts and events; without it only credit bundles are sold. */
  subscriptions?: SubscriptionsService;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, provider, ledger } = deps;

  async function emailOf(userId: string) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return user?.email ?? "";
  }

  async function ownSession(auth: AuthContext | null, sessionId: string) {
    const me = assertSignedIn(auth);
    const [row] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    if (!row) throw new NotFoundError();
    if (row.userId !== me.userId) throw new ForbiddenError();
    return row;
  }

  /** Credits the session's bundle once, and marks the session complete, in one transaction. */
  async function fulfil(checkoutSessionId: string) {
    const [row] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutSessionId));
    if (!row) {
      deps.logger.warn({ checkoutSessionId }, "paid webhook for an unknown checkout session");
      return;
    }
    if (row.mode !== "payment") return;
    const applied = await ledger.apply(
      {
        userId: row.userId,
        kind: "creditPurchase",
        credits: row.credits,
        idempotencyKey: `checkout:${row.id}`,
        description: row.productName,
        reference: row.id,
      },
      async (tx) => {
        await tx
          .update(checkoutSessions)
          .set({ status: "complete", completedAt: new Date(), failure: null })
          .where(eq(checkoutSessions.id, row.id));
      },
    );
    // the spec's wallet-updated push: the buyer's open tabs show the new balance
    if (!applied.replayed) {
      deps.subscriptions?.publishWallet(row.userId, {
        v: 1,
        type: "wallet.updated",
        availableBalance: applied.transaction.balanceAfter,
        checkoutSessionId: row.id,
      });
    }
  }

  const service = {
    async products(): Promise<StripeProductsResponse> {
      const catalogue = await provider.catalogue();
      const oneTime = catalogue.filter((product) => product.credits !== null);
      const subscriptions = catalogue.filter((product) => product.plan !== null);
      const paidPlans = subscriptionPlans().map((plan) => {
        const price = (interval: "monthly" | "yearly") => {
          const product = subscriptions.find(
            (candidate) =>
              candidate.plan === plan.subscriptionType && candidate.interval === interval,
          );
          return product
            ? {
                priceId: product.priceId,
                price: product.priceAmount / 100,
                currency: product.currency,
              }
            : null;
        };
        return { ...plan, month: price("monthly"), year: price("yearly") };
      });
      return {
        provider: provider.name,
        oneTimeProducts: oneTime.map((product) => ({
          id: product.priceId,
          productName: product.productName,
          priceAmount: product.priceAmount,
          currency: product.currency,
          interval: null,
          subscriptionIdentifier: null,
        })),
        subscriptionProducts: subscriptions.map((product) => ({
          id: product.priceId,
          productName: product.productName,
          priceAmount: product.priceAmount,
          currency: product.currency,
          interval: product.interval,
          subscriptionIdentifier: product.plan,
        })),
        creditBundles: withBundleIcons(
          oneTime.map((product) => ({
            priceId: product.priceId,
            unit: product.credits as number,
            price: product.priceAmount / 100,
            currency: product.currency,
          })),
        ),
        subscriptionPlans: [
          ...paidPlans,
          // custom is priced on request: no prices, a contact instead
          { subscriptionType: "custom", month: null, year: null, descriptionPoints: [] },
        ],
      };
    },

    async createCheckoutSession(
      auth: AuthContext | null,
      request: CreateCheckoutSessionRequest,
    ): Promise<CheckoutSession> {
      const me = assertSignedIn(auth);
      const product = (await provider.catalogue()).find(
        (candidate) =>
          candidate.priceId === request.priceId &&
          (candidate.credits !== null ||
            (candidate.plan !== null && candidate.plan !== "free" && deps.subscriptions)),
      );
      if (!product) {
        throw new BadRequestError(`priceId: ${paymentMessages.notForSale}`, [
          { path: "body.priceId", message: paymentMessages.notForSale },
        ]);
      }
      const subscription = product.credits === null;
      const { customerId } =
        subscription && deps.subscriptions
          ? await deps.subscriptions.assertMayStart(me.userId)
          : { customerId: null };
      const id = `cs_${crypto.randomUUID().replace(/-/g, "")}`;
      await db.insert(checkoutSessions).values({
        id,
        userId: me.userId,
        provider: provider.name,
        mode: subscription ? "subscription" : "payment",
        priceId: product.priceId,
        productName: product.productName,
        credits: product.credits ?? 0,
        amount: product.priceAmount,
        currency: product.currency,
        returnPath: request.returnPath,
      });
      const returnUrl = new URL(request.returnPath, deps.publicUrl).href;
      const opened = subscription
        ? await provider.openSubscriptionCheckout({
            checkoutSessionId: id,
            product,
            userId: me.userId,
            email: await emailOf(me.userId),
            customerId,
            returnUrl,
          })
        : await provider.openCheckout({ checkoutSessionId: id, product, returnUrl });
      if (opened.providerSessionId) {
        await db
          .update(checkoutSessions)
          .set({ providerSessionId: opened.providerSessionId })
          .where(eq(checkoutSessions.id, id));
      }
      const url = opened.url;
      return { sessionId: id, url };
    },

    /**
     * A checkout as Atrium has it; while it is open and the provider has its own session, the
     * provider is asked whether it expired (complete comes only through the webhook, which
     * fulfils it). A provider that cannot be reached leaves the answer as stored.
     */
    async sessionStatus(auth: AuthContext | null, sessionId: string) {
      const row = await ownSession(auth, sessionId);
      if (row.status !== "open" || !row.providerSessionId || row.provider !== provider.name) {
        return toStatus(row);
      }
      try {
        const status = await provider.checkoutStatus({
          checkoutSessionId: row.id,
          providerSessionId: row.providerSessionId,
        });
        if (status === "expired") {
          const [expired] = await db
            .update(checkoutSessions)
            .set({ status: "expired" })
            .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, "open")))
            .returning();
          return toStatus(expired ?? row);
        }
      } catch (err) {
        deps.logger.warn({ err, sessionId }, "the provider did not answer a checkout's status");
      }
      return toStatus(row);
    },

    /**
     * The provider's webhook: verified by signature (400 when bad or older than 300 s), handled
     * once per event id. Answers whether the event was new.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let event: WebhookEvent;
      try {
        event = await provider.verifyWebhook(rawBody, signature);
      } catch {
        throw new BadRequestError(paymentMessages.badSignature, [
          { path: "headers.stripe-signature", message: paymentMessages.badSignature },
        ]);
      }
      const [seen] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      const checkoutSessionId = event.data.object.metadata?.checkoutSessionId;
      if (deps.subscriptions && (await deps.subscriptions.handleEvent(event))) {
        // a subscription's event or checkout: handled there
      } else if (
        PAID_EVENTS.has(event.type) &&
        event.data.object.payment_status === "paid" &&
        checkoutSessionId
      ) {
        await fulfil(checkoutSessionId);
      } else if (event.type === "checkout.session.expired" && checkoutSessionId) {
        // the buyer left the provider's page unpaid until it expired: the session is over
        await db
          .update(checkoutSessions)
          .set({ status: "expired" })
          .where(
            and(eq(checkoutSessions.id, checkoutSessionId), eq(checkoutSessions.status, "open")),
          );
      }
      // recorded after handling: a failure above lets the provider's retry through, and the
      // ledger's key keeps a retry that races this one from crediting twice
      await db
        .insert(paymentWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing();
      return { received: true, duplicate: false };
    },

    /** The sandbox checkout page's pay button, with one of the test cards. */
    async sandboxPay(
      auth: AuthContext | null,
      sessionId: string,
      request: SandboxPayRequest,
    ): Promise<SandboxPayResponse> {
      const row = await ownSession(auth, sessionId);
      const sandbox = deps.sandbox;
      if (!sandbox || row.provider !== "sandbox") throw new NotFoundError();
      if (row.status !== "open") throw new ConflictError(paymentMessages.notOpen);
      // two plan checkouts opened side by side: the second may not be paid once the first was
      if (row.mode === "subscription" && deps.subscriptions) {
        await deps.subscriptions.assertMayStart(row.userId);
      }
      const card = request.cardNumber;
      if (card === SANDBOX_TEST_CARDS.declined) {
        await db
          .update(checkoutSessions)
          .set({ failure: paymentMessages.declined })
          .where(eq(checkoutSessions.id, row.id));
        throw new PaymentRequiredError(paymentMessages.declined);
      }
      if (card === SANDBOX_TEST_CARDS.needsConfirmation && !request.confirmed) {
        return { status: "requiresConfirmation", returnPath: row.returnPath };
      }
      if (card !== SANDBOX_TEST_CARDS.success && card !== SANDBOX_TEST_CARDS.needsConfirmation) {
        throw new BadRequestError(`cardNumber: ${paymentMessages.unknownCard}`, [
          { path: "body.cardNumber", message: paymentMessages.unknownCard },
        ]);
      }
      // the sandbox sends the same events, signed the same way, to the same handler as a real
      // provider's webhook (deliverTo below)
      await sandbox.pay(row.id, { number: card });
      return { status: "complete", returnPath: row.returnPath };
    },
  };
  deps.sandbox?.deliverTo((rawBody, signature) => service.handleWebhook(rawBody, signature));
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
