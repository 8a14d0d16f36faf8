import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";

/** A sized rendition of an image file (thumbnails), stored beside the original. */
export interface FileVariant {
  size: number;
  key: string;
  contentType: string;
  bytes: number;
}

export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    width: integer("width"),
    height: integer("height"),
    storageKey: text("storage_key").notNull().unique(),
    variants: jsonb("variants").$type<FileVariant[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("files_owner_id_idx").on(table.ownerId)],
);

export type FileRow = typeof files.$inferSelect;
