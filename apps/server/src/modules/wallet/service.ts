import {
  CREDITS_PER_UNIT,
  type InternalPurchaseRequest,
  type InternalPurchaseResponse,
  type PageRequest,
  type PremadeHoldings,
  type PremadeHoldingsView,
  type PremadePurchaseRequest,
  type PremadePurchaseResponse,
  pageOffset,
  premadeCharges,
  type SlotReactivationRequest,
  type SlotReactivationResponse,
  type Wallet,
} from "@atrium/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  premadePurchases,
  spaceSlots,
  spaceTemplates,
  walletTransactions,
} from "../../db/schema/index.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { addMonth } from "./keep-alive.js";
import { type Ledger, type Tx, toTransaction } from "./ledger.js";

// The wallet's side of /api/marketplaceService (spec 2 §7.4): the balance, the history of
// movements, and purchases settled with credits. Access first: your own wallet, or any as admin.

export const walletMessages = {
  slotPurchase: (count: number) => (count === 1 ? "Publishing slot" : `${count} publishing slots`),
  premadeOwned: "You already own this premade space",
  slotActive: "This slot is active",
  slotReactivation: "Reactivation of a publishing slot",
} as const;

export type PremadeTemplate = { id: string; title: string; price: number };
type Executor = Database | Tx;

async function premadeTemplate(executor: Executor, templateId: string) {
  const [template] = await executor
    .select({
      id: spaceTemplates.id,
      title: spaceTemplates.title,
      price: spaceTemplates.creditPrice,
    })
    .from(spaceTemplates)
    .where(eq(spaceTemplates.id, templateId));
  return template as PremadeTemplate | undefined;
}

async function ownedPremade(executor: Executor, userId: string, templateId: string) {
  const [row] = await executor
    .select()
    .from(premadePurchases)
    .where(and(eq(premadePurchases.userId, userId), eq(premadePurchases.templateId, templateId)));
  return row;
}

/** The premade spaces an account owns and whether Pro's free one is used (`premadeCharges`). */
async function premadeHoldings(executor: Executor, me: AuthContext): Promise<PremadeHoldings> {
  const rows = await executor
    .select({ templateId: premadePurchases.templateId, free: premadePurchases.free })
    .from(premadePurchases)
    .where(eq(premadePurchases.userId, me.userId));
  return {
    isPro: me.plan === "pro",
    freeUsed: rows.some((row) => row.free),
    ownedTemplateIds: rows.map((row) => row.templateId),
  };
}

/**
 * What buying a premade space would cost this account now (the domain's `premadeCharges`):
 * nothing when it owns it, nothing for Pro's first (free) one, else the template's price.
 */
async function premadeQuote(executor: Executor, me: AuthContext, template: PremadeTemplate) {
  const owned = await ownedPremade(executor, me.userId, template.id);
  if (owned) return { owned, free: false, credits: 0 };
  const [charge] = premadeCharges(
    [{ spaceTemplateId: template.id, priceCoin: template.price }],
    await premadeHoldings(executor, me),
  );
  return { owned: undefined, free: charge?.reason === "free", credits: charge?.credits ?? 0 };
}

export function createWalletService(ledger: Ledger, db: Database) {
  function owner(auth: AuthContext | null, userId: string | undefined) {
    const me = assertSignedIn(auth);
    const target = userId ?? me.userId;
    if (target !== me.userId && !me.isAdmin) throw new ForbiddenError();
    return target;
  }

  /**
   * Buys a premade space inside the caller's transaction (the wallet is locked first, so the
   * quote and the movement agree): the earlier purchase when owned, a free one, or a movement
   * of its price with `idempotencyKey`. Throws 402 when short, 409 when bought at the same moment.
   */
  async function premadeIn(
    tx: Tx,
    me: AuthContext,
    template: PremadeTemplate,
    idempotencyKey: string,
  ): Promise<{ row: typeof premadePurchases.$inferSelect; replayed: boolean }> {
    await ledger.lockIn(tx, me.userId);
    const quote = await premadeQuote(tx, me, template);
    if (quote.owned) return { row: quote.owned, replayed: true };
    if (quote.credits === 0) {
      const [row] = await tx
        .insert(premadePurchases)
        .values({ userId: me.userId, templateId: template.id, credits: 0, free: quote.free })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ConflictError(walletMessages.premadeOwned);
      return { row, replayed: false };
    }
    const applied = await ledger.applyIn(
      tx,
      {
        userId: me.userId,
        kind: "premadeSpace",
        credits: template.price,
        idempotencyKey,
        description: template.title,
        reference: template.id,
      },
      async (inner, transactionId, replayed) => {
        if (replayed) return;
        const [row] = await inner
          .insert(premadePurchases)
          .values({
            userId: me.userId,
            templateId: template.id,
            transactionId,
            credits: template.price,
          })
          .onConflictDoNothing()
          .returning();
        // bought at the same moment with another key: this movement is rolled back
        if (!row) throw new ConflictError(walletMessages.premadeOwned);
      },
    );
    const row = await ownedPremade(tx, me.userId, template.id);
    if (!row) throw new ConflictError(walletMessages.premadeOwned);
    return { row, replayed: applied.replayed };
  }

  return {
    async wallet(auth: AuthContext | null, userId?: string): Promise<Wallet> {
      const target = owner(auth, userId);
      return { availableBalance: await ledger.balance(target) };
    },

    async history(auth: AuthContext | null, page: PageRequest & { userId?: string | undefined }) {
      const target = owner(auth, page.userId);
      const { items, total } = await ledger.history(target, {
        offset: pageOffset(page),
        limit: page.ipp,
      });
      return { items: items.map(toTransaction), total };
    },

    /**
     * Pays a new month for a purchased slot the keep-alive job suspended: the movement and the
     * slot's return commit together. Its space stays a draft until published again.
     */
    async reactivateSlot(
      auth: AuthContext | null,
      slotId: string,
      request: SlotReactivationRequest,
    ): Promise<SlotReactivationResponse & { replayed: boolean }> {
      const me = assertSignedIn(auth);
      const [slot] = await db.select().from(spaceSlots).where(eq(spaceSlots.id, slotId));
      if (!slot) throw new NotFoundError();
      if (slot.ownerId !== me.userId) throw new ForbiddenError();
      if (slot.kind !== "purchased") throw new ConflictError(walletMessages.slotActive);
      const applied = await ledger.apply(
        {
          userId: me.userId,
          kind: "slotKeepAlive",
          credits: slot.keepAliveCredits || CREDITS_PER_UNIT.slotKeepAlive,
          idempotencyKey: request.idempotencyKey,
          description: walletMessages.slotReactivation,
          reference: slot.id,
        },
        async (tx, _transactionId, replayed) => {
          if (replayed) return;
          const at = new Date();
          const back = await tx
            .update(spaceSlots)
            .set({ active: true, suspendedAt: null, renewedAt: at, paidUntil: addMonth(at) })
            .where(and(eq(spaceSlots.id, slot.id), eq(spaceSlots.active, false)))
            .returning({ id: spaceSlots.id });
          // active already (or reactivated at the same moment): this movement is rolled back
          if (back.length === 0) throw new ConflictError(walletMessages.slotActive);
        },
      );
      return {
        slotId: slot.id,
        transaction: toTransaction(applied.transaction),
        wallet: { availableBalance: await ledger.balance(me.userId) },
        replayed: applied.replayed,
      };
    },

    /**
     * Buys a premade space (a space template) at its credit price (spec 2 §9.2), once per
     * account: the movement and the purchase are written together, or neither. Pro's first
     * premade space is free (spec 1 §1). Owning it already answers with the purchase (200).
     */
    async purchasePremade(
      auth: AuthContext | null,
      templateId: string,
      request: PremadePurchaseRequest,
    ): Promise<PremadePurchaseResponse & { replayed: boolean }> {
      const me = assertSignedIn(auth);
      const template = await premadeTemplate(db, templateId);
      if (!template) throw new NotFoundError();
      const bought = await db.transaction((tx) =>
        premadeIn(tx, me, template, request.idempotencyKey),
      );
      const [movement] = bought.row.transactionId
        ? await db
            .select()
            .from(walletTransactions)
            .where(eq(walletTransactions.id, bought.row.transactionId))
        : [];
      return {
        spaceTemplateId: bought.row.templateId,
        credits: bought.row.credits,
        free: bought.row.free,
        transaction: movement ? toTransaction(movement) : null,
        wallet: { availableBalance: await ledger.balance(me.userId) },
        replayed: bought.replayed,
      };
    },

    premadeTemplate,
    premadeQuote,
    premadeHoldings,
    premadeIn,

    /** GET purchase/scene/my: what the wizard's cart needs to show premade prices as charged. */
    async myPremade(auth: AuthContext | null): Promise<PremadeHoldingsView> {
      const me = assertSignedIn(auth);
      const { freeUsed, ownedTemplateIds } = await premadeHoldings(db, me);
      return { freeUsed, ownedTemplateIds: [...ownedTemplateIds] };
    },

    /**
     * Buys publishing slots with credits: the movement and the slots are written together, or
     * neither. A replay of the same key answers with the same movement and the same slots.
     */
    async purchase(
      auth: AuthContext | null,
      request: InternalPurchaseRequest,
    ): Promise<InternalPurchaseResponse & { replayed: boolean }> {
      const me = assertSignedIn(auth);
      const applied = await ledger.apply(
        {
          userId: me.userId,
          kind: "slotPurchase",
          credits: request.slots * CREDITS_PER_UNIT.slotPurchase,
          idempotencyKey: request.idempotencyKey,
          description: walletMessages.slotPurchase(request.slots),
        },
        async (tx, transactionId, replayed) => {
          if (!replayed) {
            const bought = new Date();
            await tx.insert(spaceSlots).values(
              Array.from({ length: request.slots }, (_, index) => ({
                id: `slot-${transactionId}-${index + 1}`,
                ownerId: me.userId,
                kind: "purchased" as const,
                productId: transactionId,
                keepAliveCredits: CREDITS_PER_UNIT.slotKeepAlive,
                renewedAt: bought,
                // the purchase pays the first month; the keep-alive job charges the next ones
                paidUntil: addMonth(bought),
              })),
            );
          }
          const rows = await tx
            .select({ id: spaceSlots.id })
            .from(spaceSlots)
            .where(eq(spaceSlots.productId, transactionId));
          return rows.map((row) => row.id).sort();
        },
      );
      return {
        transaction: toTransaction(applied.transaction),
        slotIds: applied.delivered,
        wallet: { availableBalance: await ledger.balance(me.userId) },
        replayed: applied.replayed,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
