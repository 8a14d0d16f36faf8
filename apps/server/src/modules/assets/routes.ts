import {
  IdSchema,
  LibraryAssetPatchSchema,
  LibraryAssetSchema,
  PageRequestSchema,
  StorageUsageSchema,
  TextAssetSchema,
} from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import {
  CommonFieldsSchema,
  InfoPointBodySchema,
  parseFields,
  TextBodySchema,
  VideoLinkSchema,
  WebViewBodySchema,
} from "./fields.js";
import { MODEL_MAX_PARTS, type PlanLimits, THUMBNAIL_MAX_BYTES } from "./limits.js";
import { youtubeThumbnailUrl, youtubeVideoId, youtubeWatchUrl } from "./media/video.js";
import { readMultipart } from "./multipart.js";
import type { AssetFamily } from "./repo.js";
import type { AssetsService } from "./service.js";

// The user library of /api/assetService: for each family a collection (public items), the
// signed-in user's library, another user's shared items, one item, uploads, edits, a new
// thumbnail and deletion. Uploads are multipart (spec 1 §3 upload defaults) and rate-limited.

const Params = z.object({ id: IdSchema });
const UserParams = z.object({ userId: IdSchema });
const HyperTextParam = z.enum(["true", "false"]).transform((value) => value === "true");
const Assets = z.array(LibraryAssetSchema);
const tags = (family: string) => ({
  tags: ["assetService"],
  summary: undefined as string | undefined,
  family,
});

const PatchSchema = LibraryAssetPatchSchema.extend({
  text: TextAssetSchema.optional(),
  url: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/i)
    .max(2048)
    .optional(),
  body: z.string().max(10_000).optional(),
  category: IdSchema.nullable().optional(),
});

const FAMILIES: AssetFamily[] = [
  "picture",
  "video",
  "audio",
  "model3d",
  "text3d",
  "webview3d",
  "infopoint",
];

// uploads are costly: a user (or an address, signed out) gets this many a minute
const uploadRateLimit = {
  rateLimit: {
    max: 30,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  },
};

export const assetsRoutes: FastifyPluginAsyncZod<{ assets: AssetsService }> = async (
  app,
  { assets },
) => {
  app.get(
    "/assetService/storage/my",
    {
      schema: {
        tags: ["assetService"],
        summary: "The signed-in user's storage use, quota and upload limits",
        response: { 200: StorageUsageSchema },
      },
    },
    async (request) => assets.storageUsage(request.auth),
  );

  app.get(
    "/assetService/video/youtube/thumbnail",
    {
      schema: {
        tags: ["assetService"],
        summary: "The video id, watch link and thumbnail of a YouTube link",
        querystring: z.object({ link: z.string().min(1).max(2048) }),
        response: {
          200: z.object({ youtubeVideoId: z.string(), link: z.string(), thumbnailUrl: z.string() }),
        },
      },
    },
    async (request) => {
      const id = youtubeVideoId(request.query.link);
      if (!id)
        throw new BadRequestError(
          "Paste a YouTube video link (youtube.com/watch?v=... or youtu.be/...)",
        );
      return {
        youtubeVideoId: id,
        link: youtubeWatchUrl(id),
        thumbnailUrl: youtubeThumbnailUrl(id),
      };
    },
  );

  for (const family of FAMILIES) {
    const base = `/assetService/${family}`;
    const doc = tags(family).tags;

    for (const path of [base, `${base}/public`]) {
      app.get(
        path,
        {
          schema: {
            tags: doc,
            summary: `Public ${family} items, newest first`,
            querystring: PageRequestSchema,
            response: { 200: Assets },
          },
        },
        async (request) => assets.listPublic(family, request.query),
      );
    }

    if (family === "text3d") {
      // spec 2 §7.4: text3d/myLibrary/false lists texts, /true hypertexts
      app.get(
        `${base}/myLibrary/:hyperText`,
        {
          schema: {
            tags: doc,
            summary: "The signed-in user's 3D texts (false) or hypertexts (true)",
            params: z.object({ hyperText: HyperTextParam }),
            querystring: PageRequestSchema,
            response: { 200: Assets },
          },
        },
        async (request) =>
          assets.listMine(request.auth, family, request.query, request.params.hyperText),
      );
      app.get(
        `${base}/byUser/:userId/:hyperText`,
        {
          schema: {
            tags: doc,
            summary: "A user's public 3D texts (false) or hypertexts (true)",
            params: UserParams.extend({ hyperText: HyperTextParam }),
            querystring: PageRequestSchema,
            response: { 200: Assets },
          },
        },
        async (request) =>
          assets.listByUser(
            request.auth,
            request.params.userId,
            family,
            request.query,
            request.params.hyperText,
          ),
      );
    }
    // a district's library (issue 18): what its owner and creators share into it
    const District = z.object({ districtId: z.string().min(1).max(64) });
    if (family === "text3d") {
      app.get(
        `${base}/byDistrict/:districtId/:hyperText`,
        {
          schema: {
            tags: doc,
            summary:
              "A district's 3D texts (false) or hypertexts (true), for those who may enter it",
            params: District.extend({ hyperText: HyperTextParam }),
            querystring: PageRequestSchema,
            response: { 200: Assets },
          },
        },
        async (request) =>
          assets.listByDistrict(
            request.auth,
            request.params.districtId,
            family,
            request.query,
            request.params.hyperText,
          ),
      );
    }
    app.get(
      `${base}/byDistrict/:districtId`,
      {
        schema: {
          tags: doc,
          summary: `A district's ${family} items, for those who may enter it (403 otherwise)`,
          params: District,
          querystring: PageRequestSchema,
          response: { 200: Assets },
        },
      },
      async (request) =>
        assets.listByDistrict(request.auth, request.params.districtId, family, request.query),
    );
    app.put(
      `${base}/:id/district/:districtId`,
      {
        schema: {
          tags: doc,
          summary: `Share one of your ${family} items into a district's library (its owner and creators)`,
          params: District.extend({ id: z.string().min(1).max(64) }),
          response: { 200: LibraryAssetSchema },
        },
      },
      async (request) =>
        assets.shareToDistrict(request.auth, family, request.params.id, request.params.districtId),
    );
    app.delete(
      `${base}/:id/district/:districtId`,
      {
        schema: {
          tags: doc,
          summary:
            "Take an item out of a district's library (its owner any item, a creator their own); the item stays in its owner's library",
          params: District.extend({ id: z.string().min(1).max(64) }),
          response: {
            200: z.object({
              assetId: z.string(),
              districtId: z.string(),
              removed: z.literal(true),
            }),
          },
        },
      },
      async (request) =>
        assets.unshareFromDistrict(
          request.auth,
          family,
          request.params.id,
          request.params.districtId,
        ),
    );
    app.get(
      `${base}/myLibrary`,
      {
        schema: {
          tags: doc,
          summary: `The signed-in user's ${family} items, newest first`,
          querystring: PageRequestSchema,
          response: { 200: Assets },
        },
      },
      async (request) => assets.listMine(request.auth, family, request.query),
    );
    app.get(
      `${base}/byUser/:userId`,
      {
        schema: {
          tags: doc,
          summary: `A user's public ${family} items (all of them for the user)`,
          params: UserParams,
          querystring: PageRequestSchema,
          response: { 200: Assets },
        },
      },
      async (request) =>
        assets.listByUser(request.auth, request.params.userId, family, request.query),
    );
    app.get(
      `${base}/:id`,
      {
        schema: {
          tags: doc,
          summary: `One ${family} item (its owner's, or public)`,
          params: Params,
          response: { 200: LibraryAssetSchema },
        },
      },
      async (request) => assets.get(request.auth, family, request.params.id),
    );
    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags: doc,
          summary: "Edit title, description, tags and the family's own fields",
          params: Params,
          body: PatchSchema,
          response: { 200: LibraryAssetSchema },
        },
      },
      async (request) => assets.update(request.auth, family, request.params.id, request.body),
    );
    app.put(
      `${base}/:id/thumbnail`,
      {
        config: uploadRateLimit,
        schema: {
          tags: doc,
          summary: "Replace the thumbnail (multipart: thumbnail)",
          params: Params,
          response: { 200: LibraryAssetSchema },
        },
      },
      async (request) => {
        const form = await readMultipart(request, {
          fileLimits: { thumbnail: THUMBNAIL_MAX_BYTES },
          maxFiles: 1,
        });
        return assets.replaceThumbnail(request.auth, family, request.params.id, form);
      },
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags: doc,
          summary: "Delete; 409 with the reason while a saved space uses it",
          params: Params,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await assets.delete(request.auth, family, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  const limits = (request: FastifyRequest): PlanLimits => assets.limits(request.auth);

  app.post(
    "/assetService/picture",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary: "Upload a picture (multipart: file, title, description, tags...)",
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        fileLimits: { file: limits(request).fileMaxBytes },
        maxFiles: 1,
      });
      const fields = parseFields(CommonFieldsSchema, form.fields);
      return reply.status(201).send(await assets.createPicture(request.auth, fields, form));
    },
  );

  app.post(
    "/assetService/video",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary:
          "Upload an MP4 (multipart: file, thumbnail) or add a YouTube link (provider Youtube, link)",
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const form = request.isMultipart()
        ? await readMultipart(request, {
            fileLimits: { file: limits(request).fileMaxBytes, thumbnail: THUMBNAIL_MAX_BYTES },
            maxFiles: 2,
          })
        : {
            files: [],
            fields: Object.fromEntries(
              Object.entries((request.body ?? {}) as Record<string, unknown>).map(
                ([key, value]) => [key, (Array.isArray(value) ? value : [value]).map(String)],
              ),
            ),
          };
      const fields = parseFields(CommonFieldsSchema, form.fields);
      const link =
        form.fields.provider?.[0] === "Youtube" ? parseFields(VideoLinkSchema, form.fields) : null;
      return reply.status(201).send(await assets.createVideo(request.auth, fields, form, link));
    },
  );

  app.post(
    "/assetService/audio",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary: "Upload WAV or MP3 audio (multipart: file or audioFile)",
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const max = limits(request).fileMaxBytes;
      const form = await readMultipart(request, {
        fileLimits: { file: max, audioFile: max },
        maxFiles: 1,
      });
      return reply
        .status(201)
        .send(
          await assets.createAudio(
            request.auth,
            parseFields(CommonFieldsSchema, form.fields),
            form,
          ),
        );
    },
  );

  app.post(
    "/assetService/model3d",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary:
          "Upload a 3D model (multipart: file one or more parts, optional thumbnail, title...); 201 with its counts",
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        fileLimits: { file: limits(request).modelMaxBytes, thumbnail: THUMBNAIL_MAX_BYTES },
        maxFiles: MODEL_MAX_PARTS,
      });
      return reply
        .status(201)
        .send(
          await assets.createModel(
            request.auth,
            parseFields(CommonFieldsSchema, form.fields),
            form,
          ),
        );
    },
  );

  app.post(
    "/assetService/text3d",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary: "Create a 3D text or hypertext; unsupported characters are reported",
        body: TextBodySchema,
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const { text, ...fields } = request.body;
      return reply.status(201).send(await assets.createText(request.auth, fields, text));
    },
  );

  app.post(
    "/assetService/webview3d",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary: "Add a web page to show on a panel",
        body: WebViewBodySchema,
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const { url, ...fields } = request.body;
      return reply.status(201).send(await assets.createWebView(request.auth, fields, url));
    },
  );

  app.post(
    "/assetService/infopoint",
    {
      config: uploadRateLimit,
      schema: {
        tags: ["assetService"],
        summary: "Create an info point (title, body, category)",
        body: InfoPointBodySchema,
        response: { 201: LibraryAssetSchema },
      },
    },
    async (request, reply) => {
      const { body, category, ...fields } = request.body;
      return reply
        .status(201)
        .send(await assets.createInfoPoint(request.auth, fields, { body, category }));
    },
  );
};
