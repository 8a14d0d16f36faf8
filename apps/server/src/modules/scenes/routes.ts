import {
  CommunicationAccessSchema,
  CreateSceneRequestSchema,
  DraftsLimitResponseSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PremadeFamilySchema,
  PublishRequestSchema,
  SaveSceneContentRequestSchema,
  SaveSceneContentResponseSchema,
  SceneContentResponseSchema,
  SceneMetadataPatchSchema,
  SceneVisibilityRequestSchema,
  SlotViewSchema,
  SpaceCardSchema,
  SpaceSearchRequestSchema,
  spacesMessages,
} from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import { readMultipart } from "../assets/multipart.js";
import { type FilesService, fileUrl } from "../files/service.js";
import type { ScenesService } from "./service.js";

const Id = z.object({ id: z.string().min(1).max(64) });
const MyQuery = z.object({
  state: z.enum(["Draft", "Published"]).optional(),
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
const Deleted = z.object({ sceneId: z.string(), deleted: z.boolean() });

/**
 * Lists of cards are built by toCard from the database's own rows: they are sent with plain
 * JSON.stringify instead of a zod pass over every card, which is most of a search's own time.
 * The zod response schema stays on the route for the API documentation.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

const BOOLEAN_FIELDS = new Set([
  "comments",
  "adultContent",
  "visible",
  "publishedPublic",
  "privacyACLEnabled",
  "communicationACLEnabled",
]);
const LIST_FIELDS = new Set([
  "tags",
  "photoGallery",
  "publishedPublicDistricts",
  "publishedPrivateDistricts",
  "restrictedToGroups",
  "userPrivacyACL",
  "groupPrivacyACL",
  "userCommunicationACL",
  "groupCommunicationACL",
]);
const IMAGE_LIMIT = 10 * 1024 * 1024;

/** Parses `value` with `schema`, answering 400 naming the first bad field. */
function parseWith<T extends z.ZodType>(schema: T, value: unknown, prefix = "body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = fields[0] as { path: string; message: string };
  throw new BadRequestError(`${first.path}: ${first.message}`, fields);
}

/** A multipart form's text fields as the JSON the metadata schema reads. */
function formValues(fields: Record<string, string[]>) {
  const values: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(fields)) {
    const first = list[0] ?? "";
    if (BOOLEAN_FIELDS.has(name)) {
      values[name] = first === "true" ? true : first === "false" ? false : first;
    } else if (LIST_FIELDS.has(name)) {
      if (list.length === 1 && first.trim().startsWith("[")) {
        try {
          values[name] = JSON.parse(first);
        } catch {
          values[name] = first;
        }
      } else if (list.length === 1) {
        values[name] = first
          .split(/[,;]/)
          .map((entry) => entry.trim())
          .filter(Boolean);
      } else {
        values[name] = list;
      }
    } else {
      values[name] = first === "null" ? null : first;
    }
  }
  return values;
}

/** Files of the editor's rendered views (thumbnailUriFile). */
const RENDERED_VIEW = "scene-view";
const FILE_PREFIX = fileUrl("");

/**
 * The metadata of POST and PATCH: JSON, or multipart with the form fields and the cover and
 * gallery files (coverPhotoUriFile, photoGalleryFiles), stored as images.
 */
async function metadataBody<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  files: FilesService,
): Promise<z.infer<T>> {
  if (!request.isMultipart()) return parseWith(schema, request.body ?? {});
  const upload = await readMultipart(request, {
    fileLimits: {
      coverPhotoUriFile: IMAGE_LIMIT,
      photoGalleryFiles: IMAGE_LIMIT,
      thumbnailUriFile: IMAGE_LIMIT,
    },
    maxFiles: 12,
  });
  const values = formValues(upload.fields);
  const parsed = parseWith(schema, values) as Record<string, unknown>;
  const gallery: string[] = [];
  for (const file of upload.files) {
    const rendered = file.field === "thumbnailUriFile";
    let stored: { id: string };
    try {
      stored = await files.storeImage({
        ownerId: request.auth?.userId ?? null,
        // the editor's rendered view of the space, card-sized; replaced by the next one
        purpose: rendered ? RENDERED_VIEW : "scene-photo",
        data: Buffer.from(file.bytes),
        maxWidth: rendered ? 960 : 2400,
        maxHeight: rendered ? 960 : 2400,
      });
    } catch {
      throw new BadRequestError(`body.${file.field}: The file is not an image we can read`, [
        { path: `body.${file.field}`, message: "The file is not an image we can read" },
      ]);
    }
    if (file.field === "coverPhotoUriFile") parsed.coverPhotoUri = fileUrl(stored.id);
    else if (rendered) parsed.thumbnailUri = fileUrl(stored.id);
    else gallery.push(fileUrl(stored.id));
  }
  if (gallery.length > 0) {
    parsed.photoGallery = [...((parsed.photoGallery as string[] | undefined) ?? []), ...gallery];
  }
  return parsed as z.infer<T>;
}

export const scenesRoutes: FastifyPluginAsyncZod<{
  scenes: ScenesService;
  files: FilesService;
}> = async (app, { scenes, files }) => {
  const tags = ["sceneService"];
  const base = "/sceneService";
  // the server's own time of each scene call (bench/benches/search.ts and save.ts read it)
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });

  app.get(
    `${base}/scene/custom`,
    { schema: { tags, summary: "An empty custom scene document" } },
    async () => scenes.customScene(),
  );

  app.get(
    `${base}/scene/metadata/draftsLimit`,
    {
      schema: {
        tags,
        summary: "200 when you may create another draft, 403 'Draft limit reached' otherwise",
        response: { 200: DraftsLimitResponseSchema },
      },
    },
    async (request) => scenes.draftsLimit(request.auth),
  );

  app.get(
    `${base}/scene/metadata/my`,
    {
      schema: {
        tags,
        summary: "Your spaces, drafts and published, newest change first",
        querystring: MyQuery,
        response: { 200: z.array(SpaceCardSchema) },
      },
    },
    async (request) => scenes.mine(request.auth, request.query),
  );

  app.get(
    `${base}/scene/district/:id`,
    {
      schema: {
        tags,
        summary:
          "A district's spaces: published (those you may open, for anyone who may enter the district) or drafts (the owner all, a creator their own; 403 otherwise)",
        params: Id,
        querystring: MyQuery.extend({ state: z.enum(["Draft", "Published"]).default("Published") }),
        response: { 200: z.array(SpaceCardSchema) },
      },
    },
    async (request) => scenes.ofDistrict(request.auth, request.params.id, request.query),
  );

  app.post(
    `${base}/scene/metadata`,
    {
      schema: {
        tags,
        summary: "Create a draft (JSON or multipart with the cover and gallery files)",
        response: { 201: SpaceCardSchema.extend({ sceneId: z.string() }) },
      },
    },
    async (request, reply) => {
      const body = await metadataBody(request, CreateSceneRequestSchema, files);
      reply.status(201);
      return scenes.create(request.auth, body);
    },
  );

  app.patch(
    `${base}/scene/metadata/:id`,
    {
      schema: {
        tags,
        summary: "Change a space's metadata (JSON or multipart)",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => {
      const body = await metadataBody(request, SceneMetadataPatchSchema, files);
      const covers = body.thumbnailUri !== undefined || body.coverPhotoUri !== undefined;
      const before = covers
        ? await scenes.metadata(request.auth, request.params.id).catch(() => null)
        : null;
      const card = await scenes.updateMetadata(request.auth, request.params.id, body);
      // rendered views (the one replaced, or a new one the creator's own cover kept out) are
      // deleted once nothing of the space shows them
      for (const uri of new Set([before?.thumbnailUri, body.thumbnailUri])) {
        if (!uri || uri === card.thumbnailUri || uri === card.coverPhotoUri) continue;
        if (card.photoGallery.includes(uri)) continue;
        const id = uri.startsWith(FILE_PREFIX) ? uri.slice(FILE_PREFIX.length) : null;
        const record = id ? await files.find(id) : null;
        if (record && record.purpose === RENDERED_VIEW && record.ownerId === request.auth?.userId)
          await files.deleteFiles([record.id]);
      }
      return card;
    },
  );

  app.patch(
    `${base}/scene/metadata/:id/visibility`,
    {
      schema: {
        tags,
        summary: "Hide (visible false) or unhide (visible true) a space",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => {
      const body = request.isMultipart()
        ? formValues(
            (await readMultipart(request, { fileLimits: { none: 1 }, maxFiles: 0 })).fields,
          )
        : request.body;
      const { visible } = parseWith(SceneVisibilityRequestSchema, body ?? {});
      return scenes.setVisibility(request.auth, request.params.id, visible);
    },
  );

  app.get(
    `${base}/scene/metadata/:id`,
    {
      schema: {
        tags,
        summary: "A space's metadata (drafts: owner only)",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => scenes.metadata(request.auth, request.params.id),
  );

  app.get(
    `${base}/scene/content/:id`,
    {
      schema: {
        tags,
        summary: "A space's document and revision (drafts: owner only)",
        params: Id,
        response: { 200: SceneContentResponseSchema },
      },
    },
    async (request) => scenes.content(request.auth, request.params.id),
  );

  app.put(
    `${base}/scene/content/:id`,
    {
      schema: {
        tags,
        summary:
          "Save a space's document (and metadata) from the revision you loaded; 409 when stale",
        params: Id,
        body: SaveSceneContentRequestSchema,
        response: { 200: SaveSceneContentResponseSchema },
      },
    },
    async (request) => scenes.saveContent(request.auth, request.params.id, request.body),
  );

  app.post(
    `${base}/sceneactions/:id/publish`,
    {
      schema: {
        tags,
        summary: "Publish a space into one of your slots",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => {
      const body = parseWith(PublishRequestSchema, request.body ?? {});
      return scenes.publish(request.auth, request.params.id, body);
    },
  );

  app.post(
    `${base}/sceneactions/:id/delete`,
    {
      schema: {
        tags,
        summary: "Delete a space (its content, likes, comments and views go with it)",
        params: Id,
        response: { 200: Deleted },
      },
    },
    async (request) => scenes.remove(request.auth, request.params.id),
  );

  app.post(
    `${base}/sceneactions/:id/duplicate`,
    {
      schema: {
        tags,
        summary: "Copy one of your spaces as a new draft",
        params: Id,
        response: { 201: SpaceCardSchema },
      },
    },
    async (request, reply) => {
      const copy = await scenes.duplicate(request.auth, request.params.id);
      reply.status(201);
      return copy;
    },
  );

  app.post(
    `${base}/:id/unpublish`,
    {
      schema: {
        tags,
        summary: "Unpublish a space: it becomes a draft and its slot is free",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => scenes.unpublish(request.auth, request.params.id),
  );

  for (const path of ["my", "me"]) {
    app.get(
      `${base}/slot/${path}`,
      {
        schema: {
          tags,
          summary: "Your publishing slots",
          response: { 200: z.array(SlotViewSchema) },
        },
      },
      async (request) => scenes.mySlots(request.auth),
    );
  }

  app.get(
    `${base}/slot/available`,
    {
      schema: {
        tags,
        summary: "Your slots that can take a space now",
        response: { 200: z.array(SlotViewSchema) },
      },
    },
    async (request) => scenes.availableSlots(request.auth),
  );

  app.get(
    `${base}/slot/:id`,
    {
      schema: { tags, summary: "One of your slots", params: Id, response: { 200: SlotViewSchema } },
    },
    async (request) => scenes.slot(request.auth, request.params.id),
  );

  app.get(
    `${base}/publishedscene/metadata/search`,
    {
      schema: {
        tags,
        summary: "Search published spaces (title, description, tags, creator; prefix match)",
        querystring: SpaceSearchRequestSchema,
        response: { 200: z.array(SpaceCardSchema) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => scenes.search(request.auth, request.query),
  );

  app.get(
    `${base}/publishedscene/metadata/my`,
    {
      schema: {
        tags,
        summary: "Your published spaces",
        querystring: MyQuery.omit({ state: true }),
        response: { 200: z.array(SpaceCardSchema) },
      },
    },
    async (request) => scenes.mine(request.auth, { ...request.query, state: "Published" }),
  );

  app.get(
    `${base}/publishedscene/metadata/many/:ids`,
    {
      schema: {
        tags,
        summary: "Published spaces by id (comma separated, at most 60), in that order",
        params: z.object({
          ids: z
            .string()
            .min(1)
            .max(60 * 65),
        }),
        response: { 200: z.array(SpaceCardSchema) },
      },
    },
    async (request) => {
      const ids = [
        ...new Set(
          request.params.ids
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length > 60 || ids.some((id) => id.length > 64)) {
        throw new BadRequestError(`params.ids: ${spacesMessages.tooManyIds}`, [
          { path: "params.ids", message: spacesMessages.tooManyIds },
        ]);
      }
      return scenes.many(request.auth, ids);
    },
  );

  app.get(
    `${base}/publishedscene/metadata/:id`,
    {
      schema: {
        tags,
        summary: "A published space's metadata",
        params: Id,
        response: { 200: SpaceCardSchema },
      },
    },
    async (request) => scenes.publishedMetadata(request.auth, request.params.id),
  );

  app.get(
    `${base}/publishedscene/content/:id`,
    {
      schema: {
        tags,
        summary: "A published space's document",
        params: Id,
        response: { 200: SceneContentResponseSchema },
      },
    },
    async (request) => scenes.publishedContent(request.auth, request.params.id),
  );

  app.get(
    `${base}/premadescene`,
    {
      schema: {
        tags,
        summary: "Premade spaces: families with their sizes and prices",
        response: { 200: z.array(PremadeFamilySchema) },
      },
    },
    async () => scenes.premadeFamilies(),
  );

  app.get(
    `${base}/premadescene/:id`,
    {
      schema: {
        tags,
        summary: "A premade family (by family or template id) with its templates' documents",
        params: Id,
        response: { 200: PremadeFamilySchema },
      },
    },
    async (request) => scenes.premade(request.params.id),
  );

  app.get(
    `${base}/sceneaccess/:id/communication`,
    {
      schema: {
        tags,
        summary: "Whether you may talk in the space (its communication list)",
        params: Id,
        response: { 200: CommunicationAccessSchema },
      },
    },
    async (request) => scenes.communicationAccess(request.auth, request.params.id),
  );
};
