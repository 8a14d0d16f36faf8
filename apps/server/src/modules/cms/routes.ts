import {
  ArticleListQuerySchema,
  ArticleSchema,
  ArticleSummarySchema,
  AuthorSchema,
  FaqSchema,
  GlossaryTermSchema,
  GuidesMenuSectionSchema,
  ResourceCategorySchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CmsService } from "./service.js";

const IdParams = z.object({ id: z.string().min(1).max(200) });
const tags = ["cms"];

/** The public content service (spec 2 §7.4 /cms/api): published entries only. */
export const cmsRoutes: FastifyPluginAsyncZod<{ service: CmsService }> = async (
  app,
  { service },
) => {
  app.get(
    "/categories",
    {
      schema: {
        tags,
        summary:
          "Resource categories, sorted by id: the resources sidebar and menu (slug, externalUrl, icon)",
        response: { 200: z.array(ResourceCategorySchema) },
      },
    },
    () => service.resourceCategories(),
  );

  app.get(
    "/faqs",
    {
      schema: {
        tags,
        summary: "Published FAQs in order, answers as sanitised HTML",
        response: { 200: z.array(FaqSchema) },
      },
    },
    () => service.faqs(),
  );

  app.get(
    "/glossary",
    {
      schema: {
        tags,
        summary: "Published glossary terms, alphabetically, definitions as sanitised HTML",
        response: { 200: z.array(GlossaryTermSchema) },
      },
    },
    () => service.glossary(),
  );

  app.get(
    "/articles",
    {
      schema: {
        tags,
        summary: "Published articles, newest first, optionally of one kind, tag or category",
        querystring: ArticleListQuerySchema,
        response: { 200: z.array(ArticleSummarySchema) },
      },
    },
    (request) => service.articles(request.query),
  );

  app.get(
    "/articles/:id",
    {
      schema: {
        tags,
        summary: "One published article by id or slug, its body as sanitised HTML with heading ids",
        params: IdParams,
        response: { 200: ArticleSchema },
      },
    },
    (request) => service.article(request.params.id),
  );

  app.get(
    "/authors",
    {
      schema: { tags, summary: "Authors by name", response: { 200: z.array(AuthorSchema) } },
    },
    () => service.authors(),
  );

  app.get(
    "/authors/:id",
    {
      schema: {
        tags,
        summary: "One author by id or slug",
        params: IdParams,
        response: { 200: AuthorSchema },
      },
    },
    (request) => service.author(request.params.id),
  );

  app.get(
    "/guides-menu",
    {
      schema: {
        tags,
        summary: "Published guides in reading order, grouped in sections (the editor guide first)",
        response: { 200: z.array(GuidesMenuSectionSchema) },
      },
    },
    () => service.guidesMenu(),
  );
};
