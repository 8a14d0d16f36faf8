import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status", { enum: ["logged", "sending", "sent", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_outbox_status_idx").on(table.status, table.createdAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
