import { z } from "zod";
import { IdSchema, TimestampSchema, UriSchema } from "./common";

// The content service (/cms/api, spec 2 §7.4): FAQs, glossary, articles (guides, blog posts,
// the whitepaper and the legal documents), authors and the resource categories. Public answers
// carry rendered, sanitised HTML; the admin shapes carry the markdown source.

export const ARTICLE_KINDS = ["guide", "blog", "whitepaper", "legal"] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "Use lowercase letters, digits and single hyphens",
  });

/** A link or image address: absolute http(s) or a path on this site. */
const LinkSchema = UriSchema.refine(
  (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value),
  { error: "Use an http(s) address or a path starting with /" },
);

export const AuthorSummarySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
});
export type AuthorSummary = z.infer<typeof AuthorSummarySchema>;

export const AuthorSchema = AuthorSummarySchema.extend({
  role: z.string(),
  bio: z.string(),
  avatar: UriSchema.nullable(),
});
export type Author = z.infer<typeof AuthorSchema>;

export const FaqSchema = z.object({
  id: IdSchema,
  question: z.string(),
  answerHtml: z.string(),
  category: z.string(),
  position: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const GlossaryTermSchema = z.object({
  id: IdSchema,
  term: z.string(),
  definitionHtml: z.string(),
});
export type GlossaryTerm = z.infer<typeof GlossaryTermSchema>;

/** A heading of an article body, for the table of contents. */
export const TocEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  level: z.number().int().min(2).max(4),
});
export type TocEntry = z.infer<typeof TocEntrySchema>;

export const ArticleSummarySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  kind: z.enum(ARTICLE_KINDS),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  thumbnail: UriSchema.nullable(),
  author: AuthorSummarySchema.nullable(),
  publishedAt: TimestampSchema.nullable(),
  /** Set when the content changed after publication: the footer's 'Updated on'. */
  updatedAt: TimestampSchema.nullable(),
  readingMinutes: z.number().int().min(1),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({
  author: AuthorSchema.nullable(),
  /** A wide header image; without one the page uses the no-banner header. */
  banner: UriSchema.nullable(),
  /** Sanitised HTML; every h2-h4 carries the id its table-of-contents entry points to. */
  bodyHtml: z.string(),
  toc: z.array(TocEntrySchema),
});
export type Article = z.infer<typeof ArticleSchema>;

/** The guides menu: sections of guides in reading order (the editor guide first). */
export const GuidesMenuSectionSchema = z.object({
  title: z.string(),
  items: z.array(z.object({ id: IdSchema, slug: z.string(), title: z.string() })),
});
export type GuidesMenuSection = z.infer<typeof GuidesMenuSectionSchema>;

export const ArticleListQuerySchema = z.object({
  kind: z.enum(ARTICLE_KINDS).optional(),
  tag: z.string().max(60).optional(),
  category: z.string().max(80).optional(),
});

// ---- admin: the editable records, with their markdown source and state ----

const Revision = z.object({
  /** Optimistic concurrency: an update names the revision it edited; a stale one gets 409. */
  revision: z.number().int().min(1),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});

const Publishable = z.object({
  published: z.boolean(),
  publishedAt: TimestampSchema.nullable(),
});

export const FaqInputSchema = z.object({
  question: z.string().trim().min(1).max(300),
  answer: z.string().trim().min(1).max(10_000),
  category: z.string().trim().max(80).default(""),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type FaqInput = z.input<typeof FaqInputSchema>;
export const FaqRecordSchema = FaqInputSchema.extend({ id: IdSchema })
  .extend(Publishable.shape)
  .extend(Revision.shape);
export type FaqRecord = z.infer<typeof FaqRecordSchema>;

export const GlossaryInputSchema = z.object({
  term: z.string().trim().min(1).max(120),
  definition: z.string().trim().min(1).max(5_000),
});
export type GlossaryInput = z.input<typeof GlossaryInputSchema>;
export const GlossaryRecordSchema = GlossaryInputSchema.extend({ id: IdSchema })
  .extend(Publishable.shape)
  .extend(Revision.shape);
export type GlossaryRecord = z.infer<typeof GlossaryRecordSchema>;

export const ArticleInputSchema = z.object({
  slug: SlugSchema,
  kind: z.enum(ARTICLE_KINDS),
  /** May stay empty while a draft: pages then show 'Untitled'. */
  title: z.string().trim().max(200).default(""),
  description: z.string().trim().max(500).default(""),
  category: z.string().trim().max(80).default(""),
  tags: z.array(z.string().trim().min(1).max(40)).max(12).default([]),
  thumbnail: LinkSchema.nullable().default(null),
  banner: LinkSchema.nullable().default(null),
  authorId: IdSchema.nullable().default(null),
  body: z.string().max(200_000).default(""),
  /** The guides-menu section a guide belongs to; other kinds leave it null. */
  guideSection: z.string().trim().max(80).nullable().default(null),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type ArticleInput = z.input<typeof ArticleInputSchema>;
export const ArticleRecordSchema = ArticleInputSchema.extend({ id: IdSchema })
  .extend(Publishable.shape)
  .extend({ contentUpdatedAt: TimestampSchema.nullable() })
  .extend(Revision.shape);
export type ArticleRecord = z.infer<typeof ArticleRecordSchema>;

export const AuthorInputSchema = z.object({
  slug: SlugSchema,
  name: z.string().trim().min(1).max(120),
  role: z.string().trim().max(120).default(""),
  bio: z.string().trim().max(2_000).default(""),
  avatar: LinkSchema.nullable().default(null),
});
export type AuthorInput = z.input<typeof AuthorInputSchema>;
export const AuthorRecordSchema = AuthorInputSchema.extend({ id: IdSchema }).extend(Revision.shape);
export type AuthorRecord = z.infer<typeof AuthorRecordSchema>;

export const ResourceCategoryInputSchema = z.object({
  /** The sidebar item's number; the list is sorted by it. */
  id: z.number().int().min(1).max(10_000),
  slug: SlugSchema,
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().max(300).default(""),
  /** Set for a category that lives elsewhere (video tutorials): the menu opens it in a new tab. */
  externalUrl: z
    .string()
    .regex(/^https:\/\/[^\s]+$/i, { error: "Use an https address" })
    .max(2048)
    .nullable()
    .default(null),
  icon: LinkSchema.nullable().default(null),
});
export type ResourceCategoryInput = z.input<typeof ResourceCategoryInputSchema>;
export const ResourceCategoryRecordSchema = ResourceCategoryInputSchema.extend(Revision.shape);
export type ResourceCategoryRecord = z.infer<typeof ResourceCategoryRecordSchema>;

export const CMS_COLLECTIONS = [
  "faqs",
  "glossary",
  "articles",
  "authors",
  "resource-categories",
] as const;
export type CmsCollection = (typeof CMS_COLLECTIONS)[number];
/** Collections whose entries are drafts until published. */
export const PUBLISHABLE_COLLECTIONS = ["faqs", "glossary", "articles"] as const;

export const MarkdownPreviewSchema = z.object({ markdown: z.string().max(200_000) });
export const MarkdownPreviewResultSchema = z.object({
  html: z.string(),
  toc: z.array(TocEntrySchema),
  readingMinutes: z.number().int().min(1),
});
export type MarkdownPreviewResult = z.infer<typeof MarkdownPreviewResultSchema>;
