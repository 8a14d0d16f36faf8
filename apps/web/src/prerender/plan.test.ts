import { SITE_PAGES } from "@atrium/domain/site-pages";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { CMS_PATHS } from "../api/cms";
import { buildRoutes } from "../app/routes";
import { prerenderPlan } from "./plan";

const articles = {
  [CMS_PATHS.articles("guide")]: [{ kind: "guide", slug: "editor-guide-introduction" }],
  [CMS_PATHS.articles("blog")]: [{ kind: "blog", slug: "why-rooms-still-matter" }],
};
const fetchJson = async (path: string) => articles[path] ?? [];

describe("the prerender plan", () => {
  it("covers every public page and every published guide and blog article", async () => {
    const plan = await prerenderPlan(fetchJson);
    const paths = plan.map((page) => page.path);
    for (const page of SITE_PAGES) expect(paths).toContain(page.path);
    expect(paths).toContain("/resources/guides/editor-guide-introduction");
    expect(paths).toContain("/resources/blog/why-rooms-still-matter");
  });

  it("gives every page the header's resource categories, and each page the content it shows", async () => {
    const plan = await prerenderPlan(fetchJson);
    for (const page of plan) expect(page.data).toContain(CMS_PATHS.categories);
    const dataOf = (path: string) => plan.find((page) => page.path === path)?.data;
    expect(dataOf("/")).toContain(CMS_PATHS.faqs);
    expect(dataOf("/privacy-notice")).toContain(CMS_PATHS.article("privacy-notice"));
    expect(dataOf("/resources/guides/editor-guide-introduction")).toEqual(
      expect.arrayContaining([
        CMS_PATHS.article("editor-guide-introduction"),
        CMS_PATHS.guidesMenu,
      ]),
    );
  });

  it("prerenders only pages that are real routes, not 'on its way' placeholders", () => {
    const routes = buildRoutes({ districtSubdomain: null }) as RouteObject[];
    for (const page of SITE_PAGES) {
      const leaf = matchRoutes(routes, page.path)?.at(-1)?.route;
      expect(leaf?.path ?? (leaf?.index ? "/" : undefined), page.path).toBeDefined();
      expect(leaf?.path, page.path).not.toBe("*");
      expect(leaf?.handle, page.path).toBeUndefined();
      expect(typeof leaf?.lazy, page.path).toBe("function");
    }
  });
});
