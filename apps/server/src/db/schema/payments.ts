import type { CheckoutStatus } from "@atrium/domain";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Card checkouts opened by buyers; migrations/0721_checkout.sql. */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  provider: text("provider").notNull(),
  priceId: text("price_id").notNull(),
  productName: text("product_name").notNull(),
  credits: integer("credits").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  returnPath: text("return_path").notNull().default("/wallet"),
  status: text("status").$type<CheckoutStatus>().notNull().default("open"),
  failure: text("failure"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /** payment (a credit bundle), subscription (a plan) or setup (a card change). */
  mode: text("mode", { enum: ["payment", "subscription", "setup"] })
    .notNull()
    .default("payment"),
  /** The provider's own id of the checkout (Stripe: cs_...), when it has one. */
  providerSessionId: text("provider_session_id"),
  /** The subscription a setup changes the card of, or a subscription checkout created. */
  subscriptionId: text("subscription_id"),
});

/** Webhook events already handled, by the provider's event id. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentSecrets = pgTable("payment_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
