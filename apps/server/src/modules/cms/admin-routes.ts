import {
  ArticleInputSchema,
  ArticleRecordSchema,
  AuthorInputSchema,
  AuthorRecordSchema,
  FaqInputSchema,
  FaqRecordSchema,
  GlossaryInputSchema,
  GlossaryRecordSchema,
  MarkdownPreviewResultSchema,
  MarkdownPreviewSchema,
  ResourceCategoryInputSchema,
  ResourceCategoryRecordSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CmsAdminService } from "./admin-service.js";

// The admin API of the content service: every route answers 401 signed out and 403 for
// anyone without the admin role (the service checks first). Entries are created as drafts;
// publish and unpublish are their own calls. An update carries the revision it edited, and
// a stale one is refused with 409 rather than overwriting someone else's change.

const tags = ["cms admin"];
const Revision = z.object({ revision: z.number().int().min(1) });
const IdParams = z.object({ id: z.string().min(1).max(200) });
const CategoryParams = z.object({ id: z.coerce.number().int().min(1).max(10_000) });
const Deleted = { 204: z.null().describe("Deleted") };

export const cmsAdminRoutes: FastifyPluginAsyncZod<{ service: CmsAdminService }> = async (
  app,
  { service },
) => {
  app.post(
    "/preview",
    {
      schema: {
        tags,
        summary: "Render markdown exactly as the public pages will show it",
        body: MarkdownPreviewSchema,
        response: { 200: MarkdownPreviewResultSchema },
      },
    },
    (request) => service.preview(request.auth, request.body.markdown),
  );

  // ---- FAQs ----
  app.get(
    "/faqs",
    {
      schema: {
        tags,
        summary: "Every FAQ, drafts included",
        response: { 200: z.array(FaqRecordSchema) },
      },
    },
    (request) => service.listFaqs(request.auth),
  );
  app.post(
    "/faqs",
    {
      schema: {
        tags,
        summary: "Create an FAQ (a draft)",
        body: FaqInputSchema,
        response: { 201: FaqRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFaq(request.auth, request.body)),
  );
  app.put(
    "/faqs/:id",
    {
      schema: {
        tags,
        summary: "Update an FAQ",
        params: IdParams,
        body: FaqInputSchema.extend(Revision.shape),
        response: { 200: FaqRecordSchema },
      },
    },
    (request) => {
      const { revision, ...input } = request.body;
      return service.updateFaq(request.auth, request.params.id, revision, input);
    },
  );

  // ---- glossary ----
  app.get(
    "/glossary",
    {
      schema: {
        tags,
        summary: "Every glossary term, drafts included",
        response: { 200: z.array(GlossaryRecordSchema) },
      },
    },
    (request) => service.listGlossary(request.auth),
  );
  app.post(
    "/glossary",
    {
      schema: {
        tags,
        summary: "Create a glossary term (a draft); 409 when the term exists",
        body: GlossaryInputSchema,
        response: { 201: GlossaryRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGlossaryTerm(request.auth, request.body)),
  );
  app.put(
    "/glossary/:id",
    {
      schema: {
        tags,
        summary: "Update a glossary term",
        params: IdParams,
        body: GlossaryInputSchema.extend(Revision.shape),
        response: { 200: GlossaryRecordSchema },
      },
    },
    (request) => {
      const { revision, ...input } = request.body;
      return service.updateGlossaryTerm(request.auth, request.params.id, revision, input);
    },
  );

  // ---- articles (guides, blog posts, the whitepaper, legal documents) ----
  app.get(
    "/articles",
    {
      schema: {
        tags,
        summary: "Every article, drafts included, with its markdown",
        response: { 200: z.array(ArticleRecordSchema) },
      },
    },
    (request) => service.listArticles(request.auth),
  );
  app.post(
    "/articles",
    {
      schema: {
        tags,
        summary: "Create an article (a draft); 409 when the slug is taken",
        body: ArticleInputSchema,
        response: { 201: ArticleRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createArticle(request.auth, request.body)),
  );
  app.put(
    "/articles/:id",
    {
      schema: {
        tags,
        summary: "Update an article; a published one gets 'Updated on' when its text changes",
        params: IdParams,
        body: ArticleInputSchema.extend(Revision.shape),
        response: { 200: ArticleRecordSchema },
      },
    },
    (request) => {
      const { revision, ...input } = request.body;
      return service.updateArticle(request.auth, request.params.id, revision, input);
    },
  );

  // ---- publish and unpublish ----
  for (const collection of ["faqs", "glossary", "articles"] as const) {
    for (const action of ["publish", "unpublish"] as const) {
      app.post(
        `/${collection}/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === "publish" ? "Publish" : "Unpublish"} an entry of ${collection}`,
            params: IdParams,
            response: {
              200: z.union([FaqRecordSchema, GlossaryRecordSchema, ArticleRecordSchema]),
            },
          },
        },
        (request) =>
          service.setPublished(request.auth, collection, request.params.id, action === "publish"),
      );
    }
  }

  // ---- authors ----
  app.get(
    "/authors",
    {
      schema: { tags, summary: "Every author", response: { 200: z.array(AuthorRecordSchema) } },
    },
    (request) => service.listAuthors(request.auth),
  );
  app.post(
    "/authors",
    {
      schema: {
        tags,
        summary: "Create an author; 409 when the slug is taken",
        body: AuthorInputSchema,
        response: { 201: AuthorRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAuthor(request.auth, request.body)),
  );
  app.put(
    "/authors/:id",
    {
      schema: {
        tags,
        summary: "Update an author",
        params: IdParams,
        body: AuthorInputSchema.extend(Revision.shape),
        response: { 200: AuthorRecordSchema },
      },
    },
    (request) => {
      const { revision, ...input } = request.body;
      return service.updateAuthor(request.auth, request.params.id, revision, input);
    },
  );

  // ---- resource categories ----
  app.get(
    "/resource-categories",
    {
      schema: {
        tags,
        summary: "Every resource category",
        response: { 200: z.array(ResourceCategoryRecordSchema) },
      },
    },
    (request) => service.listResourceCategories(request.auth),
  );
  app.post(
    "/resource-categories",
    {
      schema: {
        tags,
        summary: "Create a resource category; 409 when its number or slug is taken",
        body: ResourceCategoryInputSchema,
        response: { 201: ResourceCategoryRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createResourceCategory(request.auth, request.body)),
  );
  app.put(
    "/resource-categories/:id",
    {
      schema: {
        tags,
        summary: "Update a resource category (its number stays)",
        params: CategoryParams,
        body: ResourceCategoryInputSchema.extend(Revision.shape),
        response: { 200: ResourceCategoryRecordSchema },
      },
    },
    (request) => {
      const { revision, ...input } = request.body;
      return service.updateResourceCategory(request.auth, request.params.id, revision, input);
    },
  );

  // ---- delete ----
  for (const collection of [
    "faqs",
    "glossary",
    "articles",
    "authors",
    "resource-categories",
  ] as const) {
    app.delete(
      `/${collection}/:id`,
      {
        schema: {
          tags,
          summary: `Delete an entry of ${collection}${collection === "authors" ? " (their articles show 'Unknown Author')" : ""}`,
          params: IdParams,
          response: Deleted,
        },
      },
      async (request, reply) => {
        await service.remove(request.auth, collection, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
