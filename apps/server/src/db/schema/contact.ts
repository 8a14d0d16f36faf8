import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Addresses left on the coming-soon page. */
export const comingSoonSignups = pgTable("coming_soon_signups", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
