import type {
  Article,
  ArticleKind,
  ArticleSummary,
  Author,
  Faq,
  GlossaryTerm,
  GuidesMenuSection,
  ResourceCategory,
} from "@atrium/domain";
import type { CmsArticleRow } from "../../db/schema/index.js";
import { NotFoundError } from "../../errors.js";
import { iso, toAuthor, toResourceCategory } from "./mappers.js";
import { RENDERER_VERSION, type RenderedMarkdown, renderMarkdown } from "./markdown.js";
import type { ArticleWithAuthor, CmsRepo } from "./repo.js";

const RENDER_CACHE_SIZE = 1000;

/** The guides-menu section of guides that name none. */
export const DEFAULT_GUIDE_SECTION = "Guides";

/** The public content service: published entries, their markdown rendered and sanitised. */
export function createCmsService(repo: CmsRepo) {
  // rendered markdown by entry and revision: a new revision is a new key, so nothing stale is
  // served and nothing needs invalidating; the oldest entries make room for new ones
  const rendered = new Map<string, RenderedMarkdown>();
  async function render(key: string, revision: number, source: string): Promise<RenderedMarkdown> {
    const cacheKey = `${RENDERER_VERSION}:${key}:${revision}`;
    const hit = rendered.get(cacheKey);
    if (hit) return hit;
    const result = await renderMarkdown(source);
    if (rendered.size >= RENDER_CACHE_SIZE) {
      const oldest = rendered.keys().next().value;
      if (oldest !== undefined) rendered.delete(oldest);
    }
    rendered.set(cacheKey, result);
    return result;
  }

  const renderArticle = (row: CmsArticleRow) => render(`article:${row.id}`, row.revision, row.body);

  async function toSummary({ article, author }: ArticleWithAuthor): Promise<ArticleSummary> {
    return {
      id: article.id,
      slug: article.slug,
      kind: article.kind,
      title: article.title,
      description: article.description,
      category: article.category,
      tags: article.tags,
      thumbnail: article.thumbnail,
      author: author ? { id: author.id, slug: author.slug, name: author.name } : null,
      publishedAt: iso(article.publishedAt),
      updatedAt: iso(article.contentUpdatedAt),
      readingMinutes: (await renderArticle(article)).readingMinutes,
    };
  }

  return {
    revision: () => repo.revision(),

    // ---- public reads (spec 2 §7.4 /cms/api) ----

    async resourceCategories(): Promise<ResourceCategory[]> {
      return (await repo.listResourceCategories()).map(toResourceCategory);
    },

    async faqs(): Promise<Faq[]> {
      return Promise.all(
        (await repo.listPublishedFaqs()).map(async (row) => ({
          id: row.id,
          question: row.question,
          answerHtml: (await render(`faq:${row.id}`, row.revision, row.answer)).html,
          category: row.category,
          position: row.position,
        })),
      );
    },

    async glossary(): Promise<GlossaryTerm[]> {
      return Promise.all(
        (await repo.listPublishedGlossary()).map(async (row) => ({
          id: row.id,
          term: row.term,
          definitionHtml: (await render(`glossary:${row.id}`, row.revision, row.definition)).html,
        })),
      );
    },

    async articles(filter: {
      kind?: ArticleKind | undefined;
      tag?: string | undefined;
      category?: string | undefined;
    }): Promise<ArticleSummary[]> {
      return Promise.all((await repo.listPublishedArticles(filter)).map(toSummary));
    },

    async article(idOrSlug: string): Promise<Article> {
      const found = await repo.findPublishedArticle(idOrSlug);
      if (!found) throw new NotFoundError("Article not found.");
      const { html, toc } = await renderArticle(found.article);
      return {
        ...(await toSummary(found)),
        author: found.author ? toAuthor(found.author) : null,
        banner: found.article.banner,
        bodyHtml: html,
        toc,
      };
    },

    async authors(): Promise<Author[]> {
      return (await repo.listAuthors()).map(toAuthor);
    },

    async author(idOrSlug: string): Promise<Author> {
      const found = await repo.findAuthor(idOrSlug);
      if (!found) throw new NotFoundError("Unknown Author");
      return toAuthor(found);
    },

    async guidesMenu(): Promise<GuidesMenuSection[]> {
      const sections = new Map<string, GuidesMenuSection>();
      for (const guide of await repo.listGuidesForMenu()) {
        const title = guide.guideSection || DEFAULT_GUIDE_SECTION;
        const section = sections.get(title) ?? { title, items: [] };
        section.items.push({ id: guide.id, slug: guide.slug, title: guide.title });
        sections.set(title, section);
      }
      return [...sections.values()];
    },
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
