import { type ArticleSummary, articlePath, SITE_PAGES } from "@atrium/domain";

export interface SitemapEntry {
  path: string;
  lastModified?: string | null;
}

/**
 * The pages search engines should know: the site's public pages (without the noindex ones)
 * and every published guide and blog post. Legal documents and the whitepaper have fixed
 * paths already in the list; their dates come from their articles.
 */
export function sitemapEntries(articles: readonly ArticleSummary[]): SitemapEntry[] {
  const dated = new Map<string, string | null>();
  for (const article of articles) {
    const path = articlePath(article.kind, article.slug);
    if (path) dated.set(path, article.updatedAt ?? article.publishedAt);
  }
  const entries: SitemapEntry[] = SITE_PAGES.filter((page) => !page.noindex).map((page) => ({
    path: page.path,
    lastModified: dated.get(page.path) ?? null,
  }));
  const listed = new Set(entries.map((entry) => entry.path));
  for (const [path, lastModified] of dated) {
    if (!listed.has(path)) entries.push({ path, lastModified });
  }
  return entries;
}

const escapeXml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.slice(0, 10)}</lastmod>`
      : "";
    return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers may read the public site; account, editor, embed and API paths are not for them. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /cms/api/",
    "Disallow: /admin/",
    "Disallow: /curate",
    "Disallow: /viewer/embed/",
    "Disallow: /user/",
    "Disallow: /wallet",
    "Disallow: /settings",
    "Disallow: /login",
    "Disallow: /deep-linkin",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
