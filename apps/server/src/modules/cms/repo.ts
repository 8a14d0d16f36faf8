import type { ArticleKind } from "@atrium/domain";
import { and, arrayContains, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  type CmsArticleRow,
  type CmsAuthorRow,
  type CmsFaqRow,
  type CmsGlossaryTermRow,
  type CmsResourceCategoryRow,
  cmsArticles,
  cmsAuthors,
  cmsFaqs,
  cmsGlossaryTerms,
  cmsResourceCategories,
  cmsState,
} from "../../db/schema/index.js";

export type ArticleWithAuthor = { article: CmsArticleRow; author: CmsAuthorRow | null };

export type NewFaq = Omit<CmsFaqRow, "revision" | "createdAt" | "updatedAt">;
export type NewGlossaryTerm = Omit<CmsGlossaryTermRow, "revision" | "createdAt" | "updatedAt">;
export type NewArticle = Omit<CmsArticleRow, "revision" | "createdAt" | "updatedAt">;
export type NewAuthor = Omit<CmsAuthorRow, "revision" | "createdAt" | "updatedAt">;
export type NewResourceCategory = Omit<
  CmsResourceCategoryRow,
  "revision" | "createdAt" | "updatedAt"
>;

/** What an update found: the new row, a stale revision, or nothing with that id. */
export type UpdateResult<Row> = { row: Row } | { stale: true } | { missing: true };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function createCmsRepo(db: Database) {
  /**
   * Every write that changed something bumps the content revision in the same transaction; a
   * delete of nothing (false) or an update that found nothing or a stale revision leaves it.
   */
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const result = await fn(tx);
      const unchanged =
        result === false ||
        (typeof result === "object" &&
          result !== null &&
          ("stale" in result || "missing" in result));
      if (!unchanged) await tx.update(cmsState).set({ revision: sql`${cmsState.revision} + 1` });
      return result;
    });
  }

  const articleSelect = () =>
    db
      .select({ article: cmsArticles, author: cmsAuthors })
      .from(cmsArticles)
      .leftJoin(cmsAuthors, eq(cmsArticles.authorId, cmsAuthors.id));

  return {
    async revision(): Promise<number> {
      const rows = await db.select({ revision: cmsState.revision }).from(cmsState);
      return rows[0]?.revision ?? 0;
    },

    // ---- public reads: published entries only ----

    listResourceCategories(): Promise<CmsResourceCategoryRow[]> {
      return db.select().from(cmsResourceCategories).orderBy(asc(cmsResourceCategories.id));
    },

    listPublishedFaqs(): Promise<CmsFaqRow[]> {
      return db
        .select()
        .from(cmsFaqs)
        .where(eq(cmsFaqs.published, true))
        .orderBy(asc(cmsFaqs.position), asc(cmsFaqs.id));
    },

    listPublishedGlossary(): Promise<CmsGlossaryTermRow[]> {
      return db
        .select()
        .from(cmsGlossaryTerms)
        .where(eq(cmsGlossaryTerms.published, true))
        .orderBy(sql`lower(${cmsGlossaryTerms.term})`, asc(cmsGlossaryTerms.id));
    },

    listPublishedArticles(filter: {
      kind?: ArticleKind | undefined;
      tag?: string | undefined;
      category?: string | undefined;
    }): Promise<ArticleWithAuthor[]> {
      const conditions: SQL[] = [eq(cmsArticles.published, true)];
      if (filter.kind) conditions.push(eq(cmsArticles.kind, filter.kind));
      if (filter.tag) conditions.push(arrayContains(cmsArticles.tags, [filter.tag]));
      if (filter.category) conditions.push(eq(cmsArticles.category, filter.category));
      return articleSelect()
        .where(and(...conditions))
        .orderBy(
          sql`${cmsArticles.publishedAt} DESC NULLS LAST`,
          asc(cmsArticles.position),
          asc(cmsArticles.id),
        );
    },

    /** Published guides in menu order: sections by their first guide, guides by position. */
    listGuidesForMenu(): Promise<CmsArticleRow[]> {
      return db
        .select()
        .from(cmsArticles)
        .where(and(eq(cmsArticles.published, true), eq(cmsArticles.kind, "guide")))
        .orderBy(asc(cmsArticles.position), asc(cmsArticles.id));
    },

    async findPublishedArticle(idOrSlug: string): Promise<ArticleWithAuthor | null> {
      const rows = await articleSelect().where(
        and(
          eq(cmsArticles.published, true),
          sql`(${cmsArticles.id} = ${idOrSlug} OR ${cmsArticles.slug} = ${idOrSlug})`,
        ),
      );
      return rows[0] ?? null;
    },

    listAuthors(): Promise<CmsAuthorRow[]> {
      return db.select().from(cmsAuthors).orderBy(asc(cmsAuthors.name), asc(cmsAuthors.id));
    },

    async findAuthor(idOrSlug: string): Promise<CmsAuthorRow | null> {
      const rows = await db
        .select()
        .from(cmsAuthors)
        .where(sql`${cmsAuthors.id} = ${idOrSlug} OR ${cmsAuthors.slug} = ${idOrSlug}`);
      return rows[0] ?? null;
    },

    // ---- admin: every entry, drafts included ----

    listAllFaqs: () => db.select().from(cmsFaqs).orderBy(asc(cmsFaqs.position), asc(cmsFaqs.id)),
    listAllGlossary: () =>
      db.select().from(cmsGlossaryTerms).orderBy(sql`lower(${cmsGlossaryTerms.term})`),
    listAllArticles: () =>
      db
        .select()
        .from(cmsArticles)
        .orderBy(asc(cmsArticles.kind), desc(cmsArticles.updatedAt), asc(cmsArticles.id)),

    insertFaq: (row: NewFaq) =>
      write(async (tx) => (await tx.insert(cmsFaqs).values(row).returning())[0] as CmsFaqRow),
    insertGlossaryTerm: (row: NewGlossaryTerm) =>
      write(
        async (tx) =>
          (await tx.insert(cmsGlossaryTerms).values(row).returning())[0] as CmsGlossaryTermRow,
      ),
    insertArticle: (row: NewArticle) =>
      write(
        async (tx) => (await tx.insert(cmsArticles).values(row).returning())[0] as CmsArticleRow,
      ),
    insertAuthor: (row: NewAuthor) =>
      write(async (tx) => (await tx.insert(cmsAuthors).values(row).returning())[0] as CmsAuthorRow),
    insertResourceCategory: (row: NewResourceCategory) =>
      write(
        async (tx) =>
          (
            await tx.insert(cmsResourceCategories).values(row).returning()
          )[0] as CmsResourceCategoryRow,
      ),

    updateFaq(id: string, revision: number, values: Partial<NewFaq>) {
      return write(async (tx) => {
        const rows = await tx
          .update(cmsFaqs)
          .set({ ...values, ...bumped() })
          .where(and(eq(cmsFaqs.id, id), eq(cmsFaqs.revision, revision)))
          .returning();
        return outcome(rows, () =>
          tx.select({ id: cmsFaqs.id }).from(cmsFaqs).where(eq(cmsFaqs.id, id)),
        );
      });
    },

    updateGlossaryTerm(id: string, revision: number, values: Partial<NewGlossaryTerm>) {
      return write(async (tx) => {
        const rows = await tx
          .update(cmsGlossaryTerms)
          .set({ ...values, ...bumped() })
          .where(and(eq(cmsGlossaryTerms.id, id), eq(cmsGlossaryTerms.revision, revision)))
          .returning();
        return outcome(rows, () =>
          tx
            .select({ id: cmsGlossaryTerms.id })
            .from(cmsGlossaryTerms)
            .where(eq(cmsGlossaryTerms.id, id)),
        );
      });
    },

    updateArticle(id: string, revision: number, values: Partial<NewArticle>) {
      return write(async (tx) => {
        const rows = await tx
          .update(cmsArticles)
          .set({ ...values, ...bumped() })
          .where(and(eq(cmsArticles.id, id), eq(cmsArticles.revision, revision)))
          .returning();
        return outcome(rows, () =>
          tx.select({ id: cmsArticles.id }).from(cmsArticles).where(eq(cmsArticles.id, id)),
        );
      });
    },

    updateAuthor(id: string, revision: number, values: Partial<NewAuthor>) {
      return write(async (tx) => {
        const rows = await tx
          .update(cmsAuthors)
          .set({ ...values, ...bumped() })
          .where(and(eq(cmsAuthors.id, id), eq(cmsAuthors.revision, revision)))
          .returning();
        return outcome(rows, () =>
          tx.select({ id: cmsAuthors.id }).from(cmsAuthors).where(eq(cmsAuthors.id, id)),
        );
      });
    },

    updateResourceCategory(id: number, revision: number, values: Partial<NewResourceCategory>) {
      return write(async (tx) => {
        const rows = await tx
          .update(cmsResourceCategories)
          .set({ ...values, ...bumped() })
          .where(
            and(eq(cmsResourceCategories.id, id), eq(cmsResourceCategories.revision, revision)),
          )
          .returning();
        return outcome(rows, () =>
          tx
            .select({ id: cmsResourceCategories.id })
            .from(cmsResourceCategories)
            .where(eq(cmsResourceCategories.id, id)),
        );
      });
    },

    findFaq: async (id: string) =>
      (await db.select().from(cmsFaqs).where(eq(cmsFaqs.id, id)))[0] ?? null,
    findGlossaryTerm: async (id: string) =>
      (await db.select().from(cmsGlossaryTerms).where(eq(cmsGlossaryTerms.id, id)))[0] ?? null,
    findArticle: async (id: string) =>
      (await db.select().from(cmsArticles).where(eq(cmsArticles.id, id)))[0] ?? null,
    findAuthorById: async (id: string) =>
      (await db.select().from(cmsAuthors).where(eq(cmsAuthors.id, id)))[0] ?? null,
    findResourceCategory: async (id: number) =>
      (await db.select().from(cmsResourceCategories).where(eq(cmsResourceCategories.id, id)))[0] ??
      null,

    deleteFaq: (id: string) =>
      write(
        async (tx) => (await tx.delete(cmsFaqs).where(eq(cmsFaqs.id, id)).returning()).length > 0,
      ),
    deleteGlossaryTerm: (id: string) =>
      write(
        async (tx) =>
          (await tx.delete(cmsGlossaryTerms).where(eq(cmsGlossaryTerms.id, id)).returning())
            .length > 0,
      ),
    deleteArticle: (id: string) =>
      write(
        async (tx) =>
          (await tx.delete(cmsArticles).where(eq(cmsArticles.id, id)).returning()).length > 0,
      ),
    deleteAuthor: (id: string) =>
      write(
        async (tx) =>
          (await tx.delete(cmsAuthors).where(eq(cmsAuthors.id, id)).returning()).length > 0,
      ),
    deleteResourceCategory: (id: number) =>
      write(
        async (tx) =>
          (
            await tx
              .delete(cmsResourceCategories)
              .where(eq(cmsResourceCategories.id, id))
              .returning()
          ).length > 0,
      ),
  };
}

export type CmsRepo = ReturnType<typeof createCmsRepo>;

/** Every table's revision column is named `revision`: an update moves it on by one. */
function bumped() {
  return { revision: sql<number>`revision + 1`, updatedAt: new Date() };
}

async function outcome<Row>(
  rows: Row[],
  exists: () => Promise<unknown[]>,
): Promise<UpdateResult<Row>> {
  const row = rows[0];
  if (row) return { row };
  return (await exists()).length > 0 ? { stale: true } : { missing: true };
}

/** A unique or foreign-key violation from either driver (drizzle wraps them in `cause`). */
export function databaseErrorCode(error: unknown): string | null {
  for (let current = error; current && typeof current === "object"; ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^\d{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
