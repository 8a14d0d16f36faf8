import {
  CREDITS_PER_UNIT,
  type InternalPurchaseRequest,
  type InternalPurchaseResponse,
  type PageRequest,
  pageOffset,
  type Wallet,
} from "@atrium/domain";
import { eq } from "drizzle-orm";
import { spaceSlots } from "../../db/schema/index.js";
import { ForbiddenError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { addMonth } from "./keep-alive.js";
import { type Ledger, toTransaction } from "./ledger.js";

// The wallet's side of /api/marketplaceService (spec 2 §7.4): the balance, the history of
// movements, and purchases settled with credits. Access first: your own wallet, or any as admin.

export const walletMessages = {
  slotPurchase: (count: number) => (count === 1 ? "Publishing slot" : `${count} publishing slots`),
} as const;

export function createWalletService(ledger: Ledger) {
  function owner(auth: AuthContext | null, userId: string | undefined) {
    const me = assertSignedIn(auth);
    const target = userId ?? me.userId;
    if (target !== me.userId && !me.isAdmin) throw new ForbiddenError();
    return target;
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
