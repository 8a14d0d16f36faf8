import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CmsService } from "../cms/service.js";
import { robotsTxt, sitemapEntries, sitemapXml } from "./sitemap.js";

export const seoRoutes: FastifyPluginAsyncZod<{ cms: CmsService; publicUrl: string }> = async (
  app,
  { cms, publicUrl },
) => {
  app.get(
    "/sitemap.xml",
    { schema: { tags: ["seo"], summary: "The public pages and published articles" } },
    async (_request, reply) => {
      const entries = sitemapEntries(await cms.articles({}));
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(sitemapXml(publicUrl, entries));
    },
  );

  app.get(
    "/robots.txt",
    { schema: { tags: ["seo"], summary: "What crawlers may read" } },
    (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(robotsTxt(publicUrl)),
  );
};
