import type {
  ArticleInputSchema,
  ArticleRecord,
  AuthorInputSchema,
  AuthorRecord,
  FaqInputSchema,
  FaqRecord,
  GlossaryInputSchema,
  GlossaryRecord,
  MarkdownPreviewResult,
  ResourceCategoryInputSchema,
  ResourceCategoryRecord,
} from "@atrium/domain";
import type { z } from "zod";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertAdmin } from "../../http/auth.js";
import {
  toArticleRecord,
  toAuthorRecord,
  toFaqRecord,
  toGlossaryRecord,
  toResourceCategoryRecord,
} from "./mappers.js";
import { renderMarkdown } from "./markdown.js";
import { type CmsRepo, databaseErrorCode, type UpdateResult } from "./repo.js";

// what the routes hand over: the admin input after its schema applied defaults and trimming
type FaqValues = z.output<typeof FaqInputSchema>;
type GlossaryValues = z.output<typeof GlossaryInputSchema>;
type ArticleValues = z.output<typeof ArticleInputSchema>;
type AuthorValues = z.output<typeof AuthorInputSchema>;
type ResourceCategoryValues = z.output<typeof ResourceCategoryInputSchema>;

/**
 * Content editing for admins: every method checks `assertAdmin` first (401 signed out, 403
 * not an admin), then writes through the repository. Entries start as drafts.
 */
export function createCmsAdminService(repo: CmsRepo, clock: () => Date = () => new Date()) {
  /** The conflict a duplicate slug, term or id causes, and the unknown author a bad id causes. */
  async function guarded<T>(action: () => Promise<T>, what: string): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const code = databaseErrorCode(error);
      if (code === "23505") throw new ConflictError(`${what} already exists`);
      if (code === "23503") {
        throw new BadRequestError("Unknown author", [
          { path: "body.authorId", message: "Unknown author" },
        ]);
      }
      throw error;
    }
  }

  function updated<Row, Out>(result: UpdateResult<Row>, map: (row: Row) => Out): Out {
    if ("missing" in result) throw new NotFoundError();
    if ("stale" in result) {
      throw new ConflictError("This entry was changed by someone else; reload it and try again");
    }
    return map(result.row);
  }

  const now = () => clock();

  return {
    // ---- admin (assertAdmin first: 401 signed out, 403 not an admin) ----

    async preview(auth: AuthContext | null, markdown: string): Promise<MarkdownPreviewResult> {
      assertAdmin(auth);
      const { html, toc, readingMinutes } = await renderMarkdown(markdown);
      return { html, toc, readingMinutes };
    },

    async listFaqs(auth: AuthContext | null): Promise<FaqRecord[]> {
      assertAdmin(auth);
      return (await repo.listAllFaqs()).map(toFaqRecord);
    },
    async createFaq(auth: AuthContext | null, values: FaqValues): Promise<FaqRecord> {
      assertAdmin(auth);
      const row = await repo.insertFaq({
        id: crypto.randomUUID(),
        ...values,
        published: false,
        publishedAt: null,
      });
      return toFaqRecord(row);
    },
    async updateFaq(
      auth: AuthContext | null,
      id: string,
      revision: number,
      values: FaqValues,
    ): Promise<FaqRecord> {
      assertAdmin(auth);
      return updated(await repo.updateFaq(id, revision, values), toFaqRecord);
    },

    async listGlossary(auth: AuthContext | null): Promise<GlossaryRecord[]> {
      assertAdmin(auth);
      return (await repo.listAllGlossary()).map(toGlossaryRecord);
    },
    async createGlossaryTerm(
      auth: AuthContext | null,
      values: GlossaryValues,
    ): Promise<GlossaryRecord> {
      assertAdmin(auth);
      const row = await guarded(
        () =>
          repo.insertGlossaryTerm({
            id: crypto.randomUUID(),
            ...values,
            published: false,
            publishedAt: null,
          }),
        "This term",
      );
      return toGlossaryRecord(row);
    },
    async updateGlossaryTerm(
      auth: AuthContext | null,
      id: string,
      revision: number,
      values: GlossaryValues,
    ): Promise<GlossaryRecord> {
      assertAdmin(auth);
      const result = await guarded(
        () => repo.updateGlossaryTerm(id, revision, values),
        "This term",
      );
      return updated(result, toGlossaryRecord);
    },

    async listArticles(auth: AuthContext | null): Promise<ArticleRecord[]> {
      assertAdmin(auth);
      return (await repo.listAllArticles()).map(toArticleRecord);
    },
    async createArticle(auth: AuthContext | null, values: ArticleValues): Promise<ArticleRecord> {
      assertAdmin(auth);
      const row = await guarded(
        () =>
          repo.insertArticle({
            id: crypto.randomUUID(),
            ...values,
            published: false,
            publishedAt: null,
            contentUpdatedAt: null,
          }),
        "An article with this slug",
      );
      return toArticleRecord(row);
    },
    async updateArticle(
      auth: AuthContext | null,
      id: string,
      revision: number,
      values: ArticleValues,
    ): Promise<ArticleRecord> {
      assertAdmin(auth);
      const current = await repo.findArticle(id);
      if (!current) throw new NotFoundError();
      // readers see 'Updated on' when what they read changed after publication
      const contentChanged =
        current.body !== values.body ||
        current.title !== values.title ||
        current.description !== values.description;
      const result = await guarded(
        () =>
          repo.updateArticle(id, revision, {
            ...values,
            ...(current.publishedAt && contentChanged ? { contentUpdatedAt: now() } : {}),
          }),
        "An article with this slug",
      );
      return updated(result, toArticleRecord);
    },

    async listAuthors(auth: AuthContext | null): Promise<AuthorRecord[]> {
      assertAdmin(auth);
      return (await repo.listAuthors()).map(toAuthorRecord);
    },
    async createAuthor(auth: AuthContext | null, values: AuthorValues): Promise<AuthorRecord> {
      assertAdmin(auth);
      const row = await guarded(
        () => repo.insertAuthor({ id: crypto.randomUUID(), ...values }),
        "An author with this slug",
      );
      return toAuthorRecord(row);
    },
    async updateAuthor(
      auth: AuthContext | null,
      id: string,
      revision: number,
      values: AuthorValues,
    ): Promise<AuthorRecord> {
      assertAdmin(auth);
      const result = await guarded(
        () => repo.updateAuthor(id, revision, values),
        "An author with this slug",
      );
      return updated(result, toAuthorRecord);
    },

    async listResourceCategories(auth: AuthContext | null): Promise<ResourceCategoryRecord[]> {
      assertAdmin(auth);
      return (await repo.listResourceCategories()).map(toResourceCategoryRecord);
    },
    async createResourceCategory(
      auth: AuthContext | null,
      values: ResourceCategoryValues,
    ): Promise<ResourceCategoryRecord> {
      assertAdmin(auth);
      const row = await guarded(
        () => repo.insertResourceCategory(values),
        "A category with this number or slug",
      );
      return toResourceCategoryRecord(row);
    },
    async updateResourceCategory(
      auth: AuthContext | null,
      id: number,
      revision: number,
      values: ResourceCategoryValues,
    ): Promise<ResourceCategoryRecord> {
      assertAdmin(auth);
      const { id: newId, ...rest } = values;
      if (newId !== id) {
        throw new BadRequestError("A category keeps its number", [
          { path: "body.id", message: "A category keeps its number" },
        ]);
      }
      const result = await guarded(
        () => repo.updateResourceCategory(id, revision, rest),
        "A category with this slug",
      );
      return updated(result, toResourceCategoryRecord);
    },

    /** Publishing sets the publication date once; unpublishing keeps it for a later return. */
    async setPublished(
      auth: AuthContext | null,
      collection: "faqs" | "glossary" | "articles",
      id: string,
      published: boolean,
    ): Promise<FaqRecord | GlossaryRecord | ArticleRecord> {
      assertAdmin(auth);
      const at = now();
      switch (collection) {
        case "faqs": {
          const row = await repo.findFaq(id);
          if (!row) throw new NotFoundError();
          const result = await repo.updateFaq(id, row.revision, {
            published,
            publishedAt: row.publishedAt ?? (published ? at : null),
          });
          return updated(result, toFaqRecord);
        }
        case "glossary": {
          const row = await repo.findGlossaryTerm(id);
          if (!row) throw new NotFoundError();
          const result = await repo.updateGlossaryTerm(id, row.revision, {
            published,
            publishedAt: row.publishedAt ?? (published ? at : null),
          });
          return updated(result, toGlossaryRecord);
        }
        case "articles": {
          const row = await repo.findArticle(id);
          if (!row) throw new NotFoundError();
          const result = await repo.updateArticle(id, row.revision, {
            published,
            publishedAt: row.publishedAt ?? (published ? at : null),
          });
          return updated(result, toArticleRecord);
        }
        default: {
          const unknown: never = collection;
          throw new NotFoundError(`Unknown collection ${String(unknown)}`);
        }
      }
    },

    async remove(
      auth: AuthContext | null,
      collection: "faqs" | "glossary" | "articles" | "authors" | "resource-categories",
      id: string,
    ): Promise<void> {
      assertAdmin(auth);
      const removed = await (() => {
        switch (collection) {
          case "faqs":
            return repo.deleteFaq(id);
          case "glossary":
            return repo.deleteGlossaryTerm(id);
          case "articles":
            return repo.deleteArticle(id);
          case "authors":
            return repo.deleteAuthor(id);
          case "resource-categories":
            return /^\d{1,9}$/.test(id) ? repo.deleteResourceCategory(Number(id)) : false;
          default: {
            const unknown: never = collection;
            throw new NotFoundError(`Unknown collection ${String(unknown)}`);
          }
        }
      })();
      if (!removed) throw new NotFoundError();
    },
  };
}

export type CmsAdminService = ReturnType<typeof createCmsAdminService>;
