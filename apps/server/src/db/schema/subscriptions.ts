import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// Subscriptions and the sandbox provider's books; migrations/0730_subscriptions.sql.

export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: text("user_id").notNull(),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

export const subscriptions = pgTable("subscriptions", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  userId: text("user_id").notNull(),
  customerId: text("customer_id").notNull(),
  priceId: text("price_id").notNull(),
  plan: text("plan", { enum: ["standard", "pro"] }).notNull(),
  providerStatus: text("provider_status").notNull(),
  isCanceled: smallint("is_canceled").notNull().default(0),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  lastEventAt: bigint("last_event_at", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const sandboxCustomers = pgTable("sandbox_customers", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  email: text("email").notNull(),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  cardExpMonth: integer("card_exp_month"),
  cardExpYear: integer("card_exp_year"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  mode: text("mode", { enum: ["payment", "subscription", "setup"] }).notNull(),
  userId: text("user_id"),
  email: text("email"),
  customerId: text("customer_id"),
  priceId: text("price_id"),
  subscriptionId: text("subscription_id"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  cardExpMonth: integer("card_exp_month"),
  cardExpYear: integer("card_exp_year"),
  status: text("status", { enum: ["open", "complete", "expired"] })
    .notNull()
    .default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  userId: text("user_id").notNull(),
  priceId: text("price_id").notNull(),
  status: text("status").notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
