import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { spaceTemplates } from "./spaces.js";

// Districts (migration 0800). modules/districts writes raw SQL against these tables; the
// definitions keep the schema in one typed place.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const at = (name: string) => timestamp(name, { withTimezone: true });
const ownedBy = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const districts = pgTable("districts", {
  id: text("id").primaryKey(),
  ownerId: ownedBy("owner_id"),
  title: text("title").notNull(),
  titleKey: text("title_key").notNull().unique(),
  subdomain: text("subdomain").notNull().unique(),
  subtitle: text("subtitle").notNull().default(""),
  description: text("description").notNull().default(""),
  photo: text("photo"),
  coverPhoto: text("cover_photo"),
  styles: jsonb("styles").notNull().default(sql`'{}'`),
  socialMedia: jsonb("social_media").notNull().default(sql`'[]'`),
  public: boolean("public").notNull().default(true),
  visible: boolean("visible").notNull().default(true),
  listed: boolean("listed").notNull().default(true),
  active: boolean("active").notNull().default(true),
  freeSpaceTemplateId: text("free_space_template_id").references(() => spaceTemplates.id, {
    onDelete: "set null",
  }),
  searchVector: tsvector("search_vector"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const districtMembers = pgTable(
  "district_members",
  {
    districtId: text("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    role: text("role", { enum: ["Owner", "Creator", "Guest"] }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.districtId, table.userId] }),
    index("district_members_user_idx").on(table.userId),
  ],
);

export const userGroups = pgTable("user_groups", {
  id: text("id").primaryKey(),
  districtId: text("district_id").references(() => districts.id, { onDelete: "cascade" }),
  ownerId: ownedBy("owner_id"),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => userGroups.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.userId] })],
);

export const districtInvitations = pgTable("district_invitations", {
  id: text("id").primaryKey(),
  districtId: text("district_id")
    .notNull()
    .references(() => districts.id, { onDelete: "cascade" }),
  inviterId: ownedBy("inviter_id"),
  email: text("email").notNull(),
  role: text("role", { enum: ["Creator", "Guest"] }).notNull(),
  /** SHA-256 of the link's code; the code itself is never stored. */
  codeHash: text("code_hash").notNull().unique(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
  usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const districtFollows = pgTable(
  "district_follows",
  {
    districtId: text("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.districtId, table.userId] })],
);

/** A district's library: items its owner and creators share from their own (migration 0815). */
export const districtLibrary = pgTable(
  "district_library",
  {
    districtId: text("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    assetId: text("asset_id").notNull(),
    addedBy: ownedBy("added_by"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.districtId, table.assetId] }),
    index("district_library_asset_idx").on(table.assetId),
  ],
);

/** The catalogue's slot items (migration 0820); premade spaces are items through their template. */
export const districtItems = pgTable("district_items", {
  id: text("id").primaryKey(),
  type: text("type", { enum: ["slot"] }).notNull(),
  title: text("title").notNull(),
  priceCoin: integer("price_coin").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** What a district bought, one row per cart line (migration 0820). */
export const districtPurchases = pgTable(
  "district_purchases",
  {
    id: text("id").primaryKey(),
    districtId: text("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    buyerId: ownedBy("buyer_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    districtItemId: text("district_item_id").notNull(),
    type: text("type", { enum: ["slot", "template"] }).notNull(),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    priceCoin: integer("price_coin").notNull(),
    spaceTemplateId: text("space_template_id").references(() => spaceTemplates.id, {
      onDelete: "set null",
    }),
    transactionId: text("transaction_id"),
    line: integer("line").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    unique("district_purchases_line").on(
      table.districtId,
      table.idempotencyKey,
      table.districtItemId,
    ),
    index("district_purchases_district_idx").on(table.districtId, table.createdAt, table.line),
  ],
);

/** A user asks a District to host one of their spaces; its owner decides (migration 0830). */
export const districtHostingRequests = pgTable(
  "district_hosting_requests",
  {
    id: text("id").primaryKey(),
    districtId: text("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    sceneId: text("scene_id").notNull(),
    requesterId: ownedBy("requester_id"),
    message: text("message").notNull().default(""),
    state: text("state", { enum: ["pending", "accepted", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: at("created_at").notNull().defaultNow(),
    decidedAt: at("decided_at"),
  },
  (table) => [
    uniqueIndex("district_hosting_pending_idx")
      .on(table.districtId, table.sceneId)
      .where(sql`state = 'pending'`),
    index("district_hosting_requester_idx").on(table.requesterId),
  ],
);
