import {
  type InternalTransaction,
  messages,
  signedAmount,
  type WalletTransactionKind,
} from "@atrium/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type WalletTransactionRow, wallets, walletTransactions } from "../../db/schema/index.js";
import { ConflictError, NotFoundError, PaymentRequiredError } from "../../errors.js";

// The credit ledger (issue 17). A wallet's balance is the sum of its movements; a movement is
// written in one transaction that first locks the wallet's row (SELECT ... FOR UPDATE), so the
// movements of one wallet take turns on every connection of every app instance. Under that lock
// a movement finds its idempotency key's earlier movement, checks the balance and appends.

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface Movement {
  userId: string;
  kind: WalletTransactionKind;
  /** Size of the movement, a whole positive number; the kind gives its sign. */
  credits: number;
  idempotencyKey: string;
  description: string;
  reference?: string | null;
}

export interface Applied<T> {
  transaction: WalletTransactionRow;
  /** True when the key's earlier movement is returned and nothing new was written. */
  replayed: boolean;
  /** What `deliver` returned (also on a replay, where it is called with `replayed` true). */
  delivered: T;
}

/** What a movement pays for, written in the movement's own transaction. */
export type Deliver<T> = (tx: Tx, transactionId: string, replayed: boolean) => Promise<T>;

export const ledgerMessages = {
  keyReused: "This idempotency key was already used for a different request",
  notASpend: "Only a spend of credits can be refunded",
  refund: (description: string) => `Refund: ${description}`,
} as const;

export function toTransaction(row: WalletTransactionRow): InternalTransaction {
  return {
    internalTransactionId: row.id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    description: row.description,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createLedger(db: Database) {
  async function balanceIn(session: Database | Tx, userId: string): Promise<number> {
    const [row] = await session
      .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` })
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId));
    return Number(row?.total ?? 0);
  }

  /** Locks the user's wallet row (made on first use) until the transaction ends. */
  async function lockIn(tx: Tx, userId: string) {
    await tx.insert(wallets).values({ userId }).onConflictDoNothing();
    await tx
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .for("update");
  }

  /**
   * Appends one movement, or returns the earlier one made with the same idempotency key.
   * Spending more than the balance throws PaymentRequiredError (with the credits missing) and
   * writes nothing.
   */
  async function applyIn<T = undefined>(
    tx: Tx,
    movement: Movement,
    deliver?: Deliver<T>,
  ): Promise<Applied<T>> {
    const amount = signedAmount(movement.kind, movement.credits);
    await lockIn(tx, movement.userId);
    const [earlier] = await tx
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.userId, movement.userId),
          eq(walletTransactions.idempotencyKey, movement.idempotencyKey),
        ),
      );
    if (earlier) {
      if (earlier.kind !== movement.kind || earlier.amount !== amount) {
        throw new ConflictError(ledgerMessages.keyReused);
      }
      const delivered = (await deliver?.(tx, earlier.id, true)) as T;
      return { transaction: earlier, replayed: true, delivered };
    }
    const balance = await balanceIn(tx, movement.userId);
    if (balance + amount < 0) {
      throw new PaymentRequiredError(messages.publish.insufficientCredits, -(balance + amount));
    }
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        id,
        userId: movement.userId,
        kind: movement.kind,
        amount,
        balanceAfter: balance + amount,
        idempotencyKey: movement.idempotencyKey,
        description: movement.description,
        reference: movement.reference ?? null,
      })
      .returning();
    const delivered = (await deliver?.(tx, id, false)) as T;
    return { transaction: row as WalletTransactionRow, replayed: false, delivered };
  }

  return {
    balance: (userId: string) => balanceIn(db, userId),
    balanceIn,
    lockIn,

    async history(userId: string, page: { offset: number; limit: number }) {
      const [items, [count]] = await Promise.all([
        db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.userId, userId))
          .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<string>`count(*)` })
          .from(walletTransactions)
          .where(eq(walletTransactions.userId, userId)),
      ]);
      return { items, total: Number(count?.n ?? 0) };
    },

    /**
     * Appends one movement, or returns the earlier one made with the same idempotency key.
     * Spending more than the balance throws PaymentRequiredError and writes nothing.
     */
    async apply<T = undefined>(movement: Movement, deliver?: Deliver<T>): Promise<Applied<T>> {
      return db.transaction((tx) => applyIn(tx, movement, deliver));
    },

    /**
     * Gives back the credits of one spend (a slot, a keep-alive, extra levels, a premade space),
     * at most once: the refund's key is the spend's id, so a repeated refund answers with the
     * first. `userId`, when given, must own the spend.
     */
    async refund(transactionId: string, userId?: string) {
      const [spend] = await db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.id, transactionId));
      if (!spend || (userId !== undefined && spend.userId !== userId)) throw new NotFoundError();
      if (spend.amount >= 0) throw new ConflictError(ledgerMessages.notASpend);
      return db.transaction((tx) =>
        applyIn(tx, {
          userId: spend.userId,
          kind: "refund",
          credits: -spend.amount,
          idempotencyKey: `refund:${spend.id}`,
          description: ledgerMessages.refund(spend.description),
          reference: spend.id,
        }),
      );
    },

    /**
     * The same inside a transaction the caller holds (which has locked what the movement pays
     * for first, so that the check of what is owed and the movement commit together).
     */
    applyIn,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
