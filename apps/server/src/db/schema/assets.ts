import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";

export const assets = pgTable(
  "assets",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    family: text("family", {
      enum: ["picture", "video", "audio", "model3d", "text3d", "webview3d", "infopoint"],
    }).notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default([]),
    public: boolean("public").notNull().default(false),
    licenseId: text("license_id"),
    interactive: boolean("interactive").notNull().default(true),
    collisions: text("collisions", { enum: ["Precise", "None"] })
      .notNull()
      .default("Precise"),
    transparent: boolean("transparent").notNull().default(false),
    defaultSize: doublePrecision("default_size").notNull().default(1),
    fileId: text("file_id"),
    originalFileId: text("original_file_id"),
    thumbnailFileId: text("thumbnail_file_id"),
    extraFileIds: text("extra_file_ids").array().notNull().default([]),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    hyperText: boolean("hyper_text").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("assets_owner_family_idx").on(
      table.ownerId,
      table.family,
      table.hyperText,
      table.updatedAt,
    ),
  ],
);

export const catalogueItems = pgTable(
  "catalogue_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind", {
      enum: ["prop", "material", "sky", "font", "portal", "theme", "license", "infopointCategory"],
    }).notNull(),
    title: text("title").notNull(),
    category: text("category"),
    sort: integer("sort").notNull().default(0),
    fileId: text("file_id"),
    thumbnailFileId: text("thumbnail_file_id"),
    extraFileIds: text("extra_file_ids").array().notNull().default([]),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("catalogue_items_kind_idx").on(table.kind, table.sort)],
);

export type AssetRow = typeof assets.$inferSelect;
export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
