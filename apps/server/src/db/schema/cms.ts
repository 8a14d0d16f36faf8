import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  revision: integer("revision").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

const publication = {
  published: boolean("published").notNull().default(false),
  publishedAt: timestamp("published_at", { withTimezone: true }),
};

export const cmsAuthors = pgTable("cms_authors", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  role: text("role").notNull().default(""),
  bio: text("bio").notNull().default(""),
  avatar: text("avatar"),
  ...timestamps,
});

export const cmsResourceCategories = pgTable("cms_resource_categories", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  externalUrl: text("external_url"),
  icon: text("icon"),
  ...timestamps,
});

export const cmsFaqs = pgTable(
  "cms_faqs",
  {
    id: text("id").primaryKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    category: text("category").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...publication,
    ...timestamps,
  },
  (table) => [index("cms_faqs_published_idx").on(table.published, table.position)],
);

export const cmsGlossaryTerms = pgTable(
  "cms_glossary_terms",
  {
    id: text("id").primaryKey(),
    term: text("term").notNull(),
    definition: text("definition").notNull(),
    ...publication,
    ...timestamps,
  },
  (table) => [uniqueIndex("cms_glossary_terms_term_key").on(sql`lower(${table.term})`)],
);

export const cmsArticles = pgTable(
  "cms_articles",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    kind: text("kind", { enum: ["guide", "blog", "whitepaper", "legal"] }).notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'`),
    thumbnail: text("thumbnail"),
    banner: text("banner"),
    authorId: text("author_id").references(() => cmsAuthors.id, { onDelete: "set null" }),
    body: text("body").notNull().default(""),
    guideSection: text("guide_section"),
    position: integer("position").notNull().default(0),
    ...publication,
    contentUpdatedAt: timestamp("content_updated_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("cms_articles_listing_idx").on(table.kind, table.published, table.publishedAt.desc()),
  ],
);

export const cmsState = pgTable("cms_state", {
  id: boolean("id").primaryKey().default(true),
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

export type CmsAuthorRow = typeof cmsAuthors.$inferSelect;
export type CmsResourceCategoryRow = typeof cmsResourceCategories.$inferSelect;
export type CmsFaqRow = typeof cmsFaqs.$inferSelect;
export type CmsGlossaryTermRow = typeof cmsGlossaryTerms.$inferSelect;
export type CmsArticleRow = typeof cmsArticles.$inferSelect;
