import type { WalletTransactionKind } from "@atrium/domain";
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";

/** One row per wallet, locked by every movement; migrations/0720_wallet_ledger.sql. */
export const wallets = pgTable("wallets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The append-only movements of credits; a wallet's balance is the sum of `amount`. */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => wallets.userId, { onDelete: "cascade" }),
    kind: text("kind").$type<WalletTransactionKind>().notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    description: text("description").notNull().default(""),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("wallet_transactions_idempotency").on(table.userId, table.idempotencyKey)],
);

export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/** Premade spaces bought with credits, one row per account and template (migration 0735). */
export const premadePurchases = pgTable(
  "premade_purchases",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: text("template_id").notNull(),
    transactionId: text("transaction_id"),
    credits: integer("credits").notNull().default(0),
    free: boolean("free").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.templateId] })],
);
