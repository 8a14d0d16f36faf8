import type {
  Article,
  ArticleKind,
  ArticleSummary,
  Faq,
  GlossaryTerm,
  GuidesMenuSection,
} from "@atrium/domain/entities/cms";
import type { ResourceCategory } from "@atrium/domain/entities/resource";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";

// The content service's calls. A query's key is its path, so the build can prerender a page
// with the answers it fetched for those paths, and the server can tell whether they changed.

export const CMS_PATHS = {
  categories: "/cms/api/categories",
  faqs: "/cms/api/faqs",
  glossary: "/cms/api/glossary",
  guidesMenu: "/cms/api/guides-menu",
  articles: (kind: ArticleKind) => `/cms/api/articles?kind=${kind}`,
  article: (idOrSlug: string) => `/cms/api/articles/${encodeURIComponent(idOrSlug)}`,
} as const;

export const apiQueryKey = (path: string) => ["api", path] as const;

function pathQuery<T>(path: string) {
  return queryOptions({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => api<T>(path, { signal }),
  });
}

export const resourceCategoriesQuery = () => pathQuery<ResourceCategory[]>(CMS_PATHS.categories);
export const faqsQuery = () => pathQuery<Faq[]>(CMS_PATHS.faqs);
export const glossaryQuery = () => pathQuery<GlossaryTerm[]>(CMS_PATHS.glossary);
export const guidesMenuQuery = () => pathQuery<GuidesMenuSection[]>(CMS_PATHS.guidesMenu);
export const articlesQuery = (kind: ArticleKind) =>
  pathQuery<ArticleSummary[]>(CMS_PATHS.articles(kind));
export const articleQuery = (idOrSlug: string) =>
  queryOptions({
    ...pathQuery<Article>(CMS_PATHS.article(idOrSlug)),
    // a missing article will not appear by asking again
    retry: false,
  });
