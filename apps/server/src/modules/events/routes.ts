import {
  CreateSceneEventSchema,
  EventMessageSchema,
  EventMessagesQuerySchema,
  eventMessages,
  SceneEventSchema,
  UpdateSceneEventSchema,
} from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart } from "../assets/multipart.js";
import type { EventsService } from "./service.js";

const IdParams = z.object({ id: z.string().min(1).max(64) });
const SceneParams = z.object({ sceneId: z.string().min(1).max(64) });
/** A cover image may hold this many bytes. */
const COVER_LIMIT = 10 * 1024 * 1024;

declare module "fastify" {
  interface FastifyRequest {
    /** The event's cover image sent with a multipart create or change. */
    eventCover?: Buffer | null;
  }
}

/**
 * Create and change take JSON, or multipart with the same fields as text and the image in
 * `cover`: the form is read before validation, so both go through the same body schema.
 */
async function formBeforeValidation(request: FastifyRequest) {
  request.eventCover = null;
  if (!request.isMultipart()) return;
  const upload = await readMultipart(request, { fileLimits: { cover: COVER_LIMIT }, maxFiles: 1 });
  const body: Record<string, string> = {};
  for (const [name, values] of Object.entries(upload.fields)) body[name] = values[0] ?? "";
  request.body = body;
  const file = upload.files[0];
  if (file) request.eventCover = Buffer.from(file.bytes);
}

/** /api/communicationInteractionService/sceneevent: a space's scheduled events (issue 19). */
export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (
  app,
  { events },
) => {
  const tags = ["communicationInteractionService"];
  const base = "/communicationInteractionService/sceneevent";

  app.get(
    `${base}/scene/:sceneId`,
    {
      schema: {
        tags,
        summary: "The space's upcoming and live events, by start (whoever may visit the space)",
        params: SceneParams,
        response: { 200: z.array(SceneEventSchema) },
      },
    },
    async (request) => events.listForScene(request.auth, request.params.sceneId),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "One event, also when over or cancelled (whoever may visit its space)",
        params: IdParams,
        response: { 200: SceneEventSchema },
      },
    },
    async (request) => events.get(request.auth, request.params.id),
  );

  app.post(
    base,
    {
      preValidation: formBeforeValidation,
      schema: {
        tags,
        summary: `Schedule an event in your space (JSON, or multipart with the image in 'cover'); 400 for a start in the past ('${eventMessages.past}') or a zero duration`,
        body: CreateSceneEventSchema,
        response: { 201: SceneEventSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await events.create(request.auth, request.body, request.eventCover ?? null)),
  );

  app.patch(
    `${base}/:id`,
    {
      preValidation: formBeforeValidation,
      schema: {
        tags,
        summary:
          "Change an event of your space not over nor cancelled (JSON, or multipart with 'cover')",
        params: IdParams,
        body: UpdateSceneEventSchema,
        response: { 200: SceneEventSchema },
      },
    },
    async (request) =>
      events.update(request.auth, request.params.id, request.body, request.eventCover ?? null),
  );

  app.post(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        summary: "Cancel an event of your space (it stays, marked cancelled)",
        params: IdParams,
        response: { 200: SceneEventSchema },
      },
    },
    async (request) => events.cancel(request.auth, request.params.id),
  );

  app.get(
    `${base}/:id/messages`,
    {
      schema: {
        tags,
        summary: "The event chat's latest messages, oldest first (sent over liveuserhub)",
        params: IdParams,
        querystring: EventMessagesQuerySchema,
        response: { 200: z.array(EventMessageSchema) },
      },
    },
    async (request) => events.messages(request.auth, request.params.id, request.query.limit),
  );
};
