import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";

// Spaces (migrations 0200-0202). The modules/scenes and modules/scene-social repos write raw
// SQL against these tables; the definitions keep the schema in one typed place.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'`);
const at = (name: string) => timestamp(name, { withTimezone: true });

export const spaceTemplateFamilies = pgTable("space_template_families", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  tier: text("tier", { enum: ["Standard", "Premium"] })
    .notNull()
    .default("Standard"),
  coverPhoto: text("cover_photo"),
  photoGallery: textArray("photo_gallery"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const spaceTemplates = pgTable("space_templates", {
  id: text("id").primaryKey(),
  familyId: text("family_id")
    .notNull()
    .references(() => spaceTemplateFamilies.id, { onDelete: "cascade" }),
  districtItemId: text("district_item_id"),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  size: text("size").notNull(),
  tier: text("tier", { enum: ["Standard", "Premium"] })
    .notNull()
    .default("Standard"),
  creditPrice: integer("credit_price").notNull().default(0),
  rooms: integer("rooms").notNull().default(1),
  coverPhoto: text("cover_photo"),
  photoGallery: textArray("photo_gallery"),
  document: jsonb("document").notNull(),
  planPreview: jsonb("plan_preview").notNull().default({}),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const scenes = pgTable("scenes", {
  id: text("id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  creatorId: text("creator_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  tags: textArray("tags"),
  commentsEnabled: boolean("comments_enabled").notNull().default(true),
  adultContent: boolean("adult_content").notNull().default(false),
  coverPhotoUri: text("cover_photo_uri"),
  photoGallery: textArray("photo_gallery"),
  audioUri: text("audio_uri"),
  thumbnailUri: text("thumbnail_uri"),
  state: text("state", { enum: ["Draft", "Published"] })
    .notNull()
    .default("Draft"),
  visible: boolean("visible").notNull().default(true),
  publishedPublic: boolean("published_public").notNull().default(true),
  publishedPublicDistricts: textArray("published_public_districts"),
  publishedPrivateDistricts: textArray("published_private_districts"),
  restrictedToGroups: textArray("restricted_to_groups"),
  districtId: text("district_id"),
  districtSubdomain: text("district_subdomain"),
  slotId: text("slot_id"),
  /** Extra levels paid for (migration 0730); removing a level refunds nothing. */
  paidExtraLevels: integer("paid_extra_levels").notNull().default(0),
  premadeTemplateId: text("premade_template_id").references(() => spaceTemplates.id, {
    onDelete: "set null",
  }),
  privacyAclEnabled: boolean("privacy_acl_enabled").notNull().default(false),
  userPrivacyAcl: textArray("user_privacy_acl"),
  groupPrivacyAcl: textArray("group_privacy_acl"),
  communicationAclEnabled: boolean("communication_acl_enabled").notNull().default(false),
  userCommunicationAcl: textArray("user_communication_acl"),
  groupCommunicationAcl: textArray("group_communication_acl"),
  likesCount: integer("likes_count").notNull().default(0),
  viewsCount: integer("views_count").notNull().default(0),
  commentsCount: integer("comments_count").notNull().default(0),
  searchVector: tsvector("search_vector").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
  publishedAt: at("published_at"),
  /** A District's owner promoted it: it leads the District's home page (migration 0830). */
  promotedAt: at("promoted_at"),
});

export const sceneContents = pgTable("scene_contents", {
  sceneId: text("scene_id")
    .primaryKey()
    .references(() => scenes.id, { onDelete: "cascade" }),
  // json, not jsonb: written and read whole (migration 0204)
  document: json("document").notNull(),
  revision: integer("revision").notNull().default(0),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const spaceSlots = pgTable("space_slots", {
  id: text("id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["free", "purchased", "district", "plan"] }).notNull(),
  districtId: text("district_id"),
  districtSubdomain: text("district_subdomain"),
  productId: text("product_id"),
  sceneId: text("scene_id")
    .unique()
    .references(() => scenes.id, { onDelete: "set null" }),
  publisherId: text("publisher_id").references(() => users.id, { onDelete: "set null" }),
  active: boolean("active").notNull().default(true),
  expiresAt: at("expires_at"),
  keepAliveCredits: integer("keep_alive_credits").notNull().default(600),
  renewedAt: at("renewed_at"),
  /** A purchased slot's keep-alive is paid until then (migration 0730). */
  paidUntil: at("paid_until"),
  suspendedAt: at("suspended_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** The keep-alive job's claims: one row per slot and period (migration 0730). */
export const slotKeepAliveRuns = pgTable(
  "slot_keep_alive_runs",
  {
    slotId: text("slot_id")
      .notNull()
      .references(() => spaceSlots.id, { onDelete: "cascade" }),
    periodStart: at("period_start").notNull(),
    outcome: text("outcome", { enum: ["paid", "unpaid"] }).notNull(),
    transactionId: text("transaction_id"),
    ranAt: at("ran_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.slotId, table.periodStart] })],
);

export const sceneLikes = pgTable(
  "scene_likes",
  {
    sceneId: text("scene_id")
      .notNull()
      .references(() => scenes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sceneId, table.userId] })],
);

export const sceneComments = pgTable("scene_comments", {
  id: text("id").primaryKey(),
  sceneId: text("scene_id")
    .notNull()
    .references(() => scenes.id, { onDelete: "cascade" }),
  parentCommentId: text("parent_comment_id"),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  edited: boolean("edited").notNull().default(false),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const sceneViews = pgTable(
  "scene_views",
  {
    sceneId: text("scene_id")
      .notNull()
      .references(() => scenes.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sceneId, table.visitor, table.day] })],
);

export const sceneHistory = pgTable(
  "scene_history",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sceneId: text("scene_id")
      .notNull()
      .references(() => scenes.id, { onDelete: "cascade" }),
    visitedAt: at("visited_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sceneId] })],
);

export const sceneFavorites = pgTable(
  "scene_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sceneId: text("scene_id")
      .notNull()
      .references(() => scenes.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sceneId] })],
);
