import type { NotificationType } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { sceneComments, scenes } from "./spaces.js";

/**
 * Notifications (migrations/0740_notifications.sql). modules/notifications writes raw SQL
 * (its upserts name the partial unique indexes); this keeps the table's shape in one typed place.
 * direct_message_groups (0700) has no Drizzle definition: group_id's reference is in the SQL.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").references(() => scenes.id, { onDelete: "cascade" }),
    commentId: text("comment_id").references(() => sceneComments.id, { onDelete: "cascade" }),
    groupId: text("group_id"),
    /** The event that started (eventStarted; migrations/0795_scene_events.sql). */
    eventId: text("event_id"),
    excerpt: text("excerpt").notNull().default(""),
    count: integer("count").notNull().default(1),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_recipient_idx").on(table.recipientId, table.createdAt, table.id),
    index("notifications_unread_idx").on(table.recipientId).where(sql`read_at IS NULL`),
    uniqueIndex("notifications_follow_once")
      .on(table.recipientId, table.actorId)
      .where(sql`type = 'follow'`),
    uniqueIndex("notifications_like_once")
      .on(table.recipientId, table.actorId, table.sceneId)
      .where(sql`type = 'like'`),
    uniqueIndex("notifications_dm_unread")
      .on(table.recipientId, table.groupId)
      .where(sql`type = 'directMessage' AND read_at IS NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
