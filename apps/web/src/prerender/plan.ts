import type { ArticleSummary } from "@atrium/domain/entities/cms";
import {
  articlePath,
  LEGAL_DOCUMENTS,
  SITE_PAGES,
  WHITEPAPER_SLUG,
} from "@atrium/domain/site-pages";
import { CMS_PATHS } from "../api/cms";

// Which pages the build prerenders, and which API answers each needs. The answers are the
// pages' own queries (keyed by path), so the prerendered HTML and the hydrating app agree; the
// server serves a prerendered page only while those answers are unchanged.

export interface PrerenderPage {
  path: string;
  /** API paths whose answers the page renders. */
  data: string[];
}

/** Every page shows the header, whose Resources menu reads the resource categories. */
const SHELL_DATA = [CMS_PATHS.categories];

const STATIC_DATA: Record<string, string[]> = {
  "/": [CMS_PATHS.faqs],
  "/pricing": [CMS_PATHS.faqs],
  "/resources": [CMS_PATHS.articles("blog")],
  "/resources/faqs": [CMS_PATHS.faqs],
  "/resources/glossary": [CMS_PATHS.glossary],
  "/resources/guides": [CMS_PATHS.guidesMenu, CMS_PATHS.articles("guide")],
  "/resources/blog": [CMS_PATHS.articles("blog")],
  "/resources/whitepaper": [CMS_PATHS.article(WHITEPAPER_SLUG)],
  ...Object.fromEntries(
    LEGAL_DOCUMENTS.map((document) => [document.path, [CMS_PATHS.article(document.slug)]]),
  ),
};

/** The public pages plus one page per published guide and blog article. */
export async function prerenderPlan(
  fetchJson: (path: string) => Promise<unknown>,
): Promise<PrerenderPage[]> {
  const pages: PrerenderPage[] = SITE_PAGES.map((page) => ({
    path: page.path,
    data: [...SHELL_DATA, ...(STATIC_DATA[page.path] ?? [])],
  }));
  for (const kind of ["guide", "blog"] as const) {
    const articles = (await fetchJson(CMS_PATHS.articles(kind))) as ArticleSummary[];
    for (const article of articles) {
      const path = articlePath(article.kind, article.slug);
      if (!path) continue;
      pages.push({
        path,
        data: [
          ...SHELL_DATA,
          CMS_PATHS.article(article.slug),
          ...(kind === "guide" ? [CMS_PATHS.guidesMenu] : []),
        ],
      });
    }
  }
  return pages;
}
