import type { ArticleKind } from "./entities/cms";

// The public pages of the site: what the sitemap lists, what the build prerenders, and where
// each CMS article is read. Paths are the spec's (spec 2 §2.4).

export interface SitePage {
  path: string;
  /** Kept out of search engines (spec 1 §2: the learning page is noindex). */
  noindex?: boolean;
}

/** The legal documents: CMS articles of kind "legal", each on its own path. */
export const LEGAL_DOCUMENTS = [
  { slug: "terms-of-service", path: "/terms-of-service" },
  {
    slug: "professional-services-addendum",
    path: "/terms-of-service/professional-services-addendum",
  },
  { slug: "data-processing-addendum", path: "/terms-of-service/data-processing-addendum" },
  { slug: "privacy-notice", path: "/privacy-notice" },
  { slug: "refund-policy", path: "/refund-policy" },
] as const;

/** The whitepaper is the article with this slug. */
export const WHITEPAPER_SLUG = "whitepaper";

export const SITE_PAGES: readonly SitePage[] = [
  { path: "/" },
  { path: "/pricing" },
  { path: "/contact-us" },
  { path: "/coming-soon" },
  { path: "/digital-transformation" },
  { path: "/artsteps-migration" },
  { path: "/solutions" },
  { path: "/solutions/retail-and-ecommerce" },
  { path: "/solutions/marketing-and-brands" },
  { path: "/solutions/museums-and-galleries" },
  { path: "/solutions/art-and-creative-work" },
  { path: "/solutions/events-and-live-shows" },
  { path: "/solutions/corporate-training" },
  { path: "/solutions/edtech-and-learning" },
  { path: "/solutions/learning-and-training", noindex: true },
  { path: "/resources" },
  { path: "/resources/faqs" },
  { path: "/resources/guides" },
  { path: "/resources/blog" },
  { path: "/resources/glossary" },
  { path: "/resources/whitepaper" },
  ...LEGAL_DOCUMENTS.map((document) => ({ path: document.path })),
];

/** Where an article is read, or null for a legal slug that has no page. */
export function articlePath(kind: ArticleKind, slug: string): string | null {
  switch (kind) {
    case "guide":
      return `/resources/guides/${encodeURIComponent(slug)}`;
    case "blog":
      return `/resources/blog/${encodeURIComponent(slug)}`;
    case "whitepaper":
      return slug === WHITEPAPER_SLUG ? "/resources/whitepaper" : null;
    case "legal":
      return LEGAL_DOCUMENTS.find((document) => document.slug === slug)?.path ?? null;
    default: {
      const unknownKind: never = kind;
      throw new Error(`unknown article kind ${String(unknownKind)}`);
    }
  }
}
