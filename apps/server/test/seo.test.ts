import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsSeeder } from "../src/seed/cms.js";
import { createTestApp, type TestApp } from "./support/app.js";

describe("sitemap.xml and robots.txt", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://atrium.example" });
    await cmsSeeder.run(t.context);
  });
  afterAll(() => t.close());

  it("the sitemap lists the public pages and published articles, not the noindex learning page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/xml/);
    const xml = response.body;
    expect(xml).toContain("<loc>https://atrium.example/</loc>");
    expect(xml).toContain("<loc>https://atrium.example/pricing</loc>");
    expect(xml).toContain("<loc>https://atrium.example/solutions/museums-and-galleries</loc>");
    expect(xml).toContain(
      "<loc>https://atrium.example/resources/guides/editor-guide-introduction</loc><lastmod>2025-09-02</lastmod>",
    );
    expect(xml).toContain(
      "<loc>https://atrium.example/resources/blog/why-rooms-still-matter</loc>",
    );
    expect(xml).toContain("<loc>https://atrium.example/privacy-notice</loc><lastmod>");
    expect(xml).not.toContain("learning-and-training");
  });

  it("robots.txt keeps crawlers out of accounts, the editor and the API, and names the sitemap", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Disallow: /api/");
    expect(response.body).toContain("Disallow: /curate");
    expect(response.body).toContain("Sitemap: https://atrium.example/sitemap.xml");
  });
});
