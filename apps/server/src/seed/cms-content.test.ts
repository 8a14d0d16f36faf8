import { articlePath, SITE_PAGES } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { renderMarkdown } from "../modules/cms/markdown.js";
import { loadCmsContent, splitFrontMatter } from "./cms-content.js";

const content = await loadCmsContent();

describe("Atrium's own content (seed/content)", () => {
  it("has what the issue asks for: 12 FAQs, 30 glossary terms, 3 authors, 6 blog articles", () => {
    expect(content.faqs.length).toBeGreaterThanOrEqual(12);
    expect(content.glossary.length).toBeGreaterThanOrEqual(30);
    expect(content.authors.length).toBeGreaterThanOrEqual(3);
    expect(content.articles.filter((a) => a.kind === "blog").length).toBeGreaterThanOrEqual(6);
  });

  it("has the editor guide (introduction and 5 steps) first, and at least 6 guides", () => {
    const guides = content.articles
      .filter((article) => article.kind === "guide")
      .sort((a, b) => a.position - b.position);
    expect(guides.length).toBeGreaterThanOrEqual(6);
    const editorGuide = guides.filter((guide) => guide.guideSection === "Editor guide");
    expect(editorGuide.map((guide) => guide.slug)).toEqual([
      "editor-guide-introduction",
      "editor-guide-create-your-space",
      "editor-guide-design-your-space",
      "editor-guide-add-content",
      "editor-guide-create-paths",
      "editor-guide-publish",
    ]);
    expect(guides[0]?.slug).toBe("editor-guide-introduction");
  });

  it("has the whitepaper and the five legal documents", () => {
    const slugs = content.articles.map((article) => article.slug);
    expect(slugs).toContain("whitepaper");
    for (const slug of [
      "terms-of-service",
      "professional-services-addendum",
      "data-processing-addendum",
      "privacy-notice",
      "refund-policy",
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it("has unique ids, FAQ positions and glossary terms", () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(content.faqs.map((faq) => faq.id))).toBe(true);
    expect(unique(content.faqs.map((faq) => faq.position))).toBe(true);
    expect(unique(content.glossary.map((term) => term.term.toLowerCase()))).toBe(true);
    expect(unique(content.resourceCategories.map((category) => category.id))).toBe(true);
  });

  it("names the video tutorials category by a slug containing 'video', with an external link", () => {
    const video = content.resourceCategories.find((category) => category.slug.includes("video"));
    expect(video?.externalUrl).toMatch(/^https:\/\//);
  });

  it("links only to pages that exist", () => {
    const known = new Set([
      ...SITE_PAGES.map((page) => page.path),
      ...content.articles.flatMap((article) => articlePath(article.kind, article.slug) ?? []),
    ]);
    const sources = [
      ...content.faqs.map((faq) => faq.answer),
      ...content.glossary.map((term) => term.definition),
      ...content.articles.map((article) => article.body),
    ];
    for (const source of sources) {
      for (const [, href] of source.matchAll(/\]\((\/[^)\s]*)\)/g)) {
        expect(known, `link to ${href}`).toContain(href);
      }
    }
  });

  it("renders every body without loss: headings get ids, articles a table of contents", async () => {
    for (const article of content.articles) {
      const { html, toc } = await renderMarkdown(article.body);
      expect(html.length, article.slug).toBeGreaterThan(500);
      if (article.kind !== "blog") expect(toc.length, article.slug).toBeGreaterThan(1);
    }
  });

  it("refuses a file without front matter", () => {
    expect(() => splitFrontMatter("# no front matter", "x.md", parseYaml)).toThrow(/front matter/);
  });
});
