import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    roles: text("roles").array().notNull().default(sql`'{}'`),
    plan: text("plan", { enum: ["free", "standard", "pro"] })
      .notNull()
      .default("free"),
    /** The plan an operator granted (set-plan); the account's plan is never below it. */
    grantedPlan: text("granted_plan", { enum: ["free", "standard", "pro"] })
      .notNull()
      .default("free"),
    /** When the subscription that gives `plan` stops being paid for; null: no end. */
    planEndsAt: timestamp("plan_ends_at", { withTimezone: true }),
    avatar: text("avatar"),
    searchable: boolean("searchable").notNull().default(true),
    autoSave: boolean("auto_save").notNull().default(true),
    username: text("username"),
    bio: text("bio"),
    birthday: date("birthday", { mode: "string" }),
    city: text("city"),
    country: text("country"),
    gender: text("gender"),
    occupation: text("occupation"),
    website: text("website"),
    socialMedia: jsonb("social_media")
      .$type<{ name: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    profilePictureFileId: text("profile_picture_file_id"),
    coverPhotoFileId: text("cover_photo_file_id"),
    hideContentLibrary: boolean("hide_content_library").notNull().default(false),
    hideGroups: boolean("hide_groups").notNull().default(false),
    language: text("language").notNull().default("en"),
    loginProvider: text("login_provider").notNull().default("password"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    profileCreatedAt: timestamp("profile_created_at", { withTimezone: true }).defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_key").on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** Set on a district subdomain's copy of a platform session (see 0103). */
    parentId: text("parent_id"),
  },
  (table) => [
    index("sessions_user_id_idx").on(table.userId),
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);

export const userIdentities = pgTable(
  "user_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] })],
);

export const passwordResets = pgTable("password_resets", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const userFollows = pgTable(
  "user_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: text("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.followeeId] })],
);

export const sessionHandoffs = pgTable("session_handoffs", {
  id: text("id").primaryKey(),
  sessionId: text("session_id")
    .notNull()
    .references(() => sessions.id, { onDelete: "cascade" }),
  host: text("host").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const oidcLogins = pgTable("oidc_logins", {
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  returnTo: text("return_to").notNull().default("/"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
