import { describe, expect, it } from "vitest";
import { articlePath, LEGAL_DOCUMENTS, SITE_PAGES } from "./site-pages";

describe("the public pages", () => {
  it("list each path once, with the learning page kept out of search engines", () => {
    const paths = SITE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(SITE_PAGES.filter((page) => page.noindex).map((page) => page.path)).toEqual([
      "/solutions/learning-and-training",
    ]);
    for (const document of LEGAL_DOCUMENTS) expect(paths).toContain(document.path);
  });

  it("say where an article is read", () => {
    expect(articlePath("guide", "editor-guide")).toBe("/resources/guides/editor-guide");
    expect(articlePath("blog", "a b")).toBe("/resources/blog/a%20b");
    expect(articlePath("whitepaper", "whitepaper")).toBe("/resources/whitepaper");
    expect(articlePath("whitepaper", "other")).toBeNull();
    expect(articlePath("legal", "privacy-notice")).toBe("/privacy-notice");
    expect(articlePath("legal", "unknown")).toBeNull();
  });
});
