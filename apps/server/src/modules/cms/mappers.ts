import type {
  ArticleRecord,
  Author,
  AuthorRecord,
  FaqRecord,
  GlossaryRecord,
  ResourceCategory,
  ResourceCategoryRecord,
} from "@atrium/domain";
import type {
  CmsArticleRow,
  CmsAuthorRow,
  CmsFaqRow,
  CmsGlossaryTermRow,
  CmsResourceCategoryRow,
} from "../../db/schema/index.js";

// Rows to the API's shapes: the public ones and the admin records.

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toResourceCategory(row: CmsResourceCategoryRow): ResourceCategory {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    externalUrl: row.externalUrl,
    icon: row.icon,
  };
}

export function toAuthor(row: CmsAuthorRow): Author {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    role: row.role,
    bio: row.bio,
    avatar: row.avatar,
  };
}

const recordTimes = (row: { revision: number; createdAt: Date; updatedAt: Date }) => ({
  revision: row.revision,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function toFaqRecord(row: CmsFaqRow): FaqRecord {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    position: row.position,
    published: row.published,
    publishedAt: iso(row.publishedAt),
    ...recordTimes(row),
  };
}

export function toGlossaryRecord(row: CmsGlossaryTermRow): GlossaryRecord {
  return {
    id: row.id,
    term: row.term,
    definition: row.definition,
    published: row.published,
    publishedAt: iso(row.publishedAt),
    ...recordTimes(row),
  };
}

export function toArticleRecord(row: CmsArticleRow): ArticleRecord {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    thumbnail: row.thumbnail,
    banner: row.banner,
    authorId: row.authorId,
    body: row.body,
    guideSection: row.guideSection,
    position: row.position,
    published: row.published,
    publishedAt: iso(row.publishedAt),
    contentUpdatedAt: iso(row.contentUpdatedAt),
    ...recordTimes(row),
  };
}

export function toAuthorRecord(row: CmsAuthorRow): AuthorRecord {
  return { ...toAuthor(row), ...recordTimes(row) };
}

export function toResourceCategoryRecord(row: CmsResourceCategoryRow): ResourceCategoryRecord {
  return { ...toResourceCategory(row), ...recordTimes(row) };
}
