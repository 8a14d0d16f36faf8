import {
  CreateDirectMessageGroupSchema,
  DirectMessageGroupSchema,
  DirectMessageSchema,
  HubKeySchema,
  PAGE_SIZE_MAX,
  SendDirectMessageSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DmService } from "./dm-service.js";
import type { CommunicationService } from "./service.js";

export const communicationRoutes: FastifyPluginAsyncZod<{
  communication: CommunicationService;
}> = async (app, { communication }) => {
  const tags = ["communicationInteractionService"];
  const base = "/communicationInteractionService";

  app.get(
    `${base}/key`,
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          "A short-lived token for the hubs (a guest token for a public space when signed out)",
        querystring: z.object({ sceneId: z.string().min(1).max(64).optional() }),
        response: { 200: HubKeySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return communication.key(request.auth, request.query.sceneId);
    },
  );

  app.head(
    `${base}/key`,
    {
      schema: {
        tags,
        summary: "Probe a hub token: 200 while it is good, 401 otherwise",
        querystring: z.object({ access_token: z.string().min(1).max(4096) }),
      },
    },
    async (request, reply) => {
      await communication.probe(request.query.access_token);
      reply.header("cache-control", "no-store");
      return reply.code(200).send();
    },
  );
};

const GroupId = z.object({ id: z.string().min(1).max(64) });

export const directMessageRoutes: FastifyPluginAsyncZod<{ dms: DmService }> = async (
  app,
  { dms },
) => {
  const tags = ["communicationInteractionService"];
  const base = "/communicationInteractionService/directmessagegroup";

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Start a direct message group (two people share one group)",
        body: CreateDirectMessageGroupSchema,
        response: { 200: DirectMessageGroupSchema, 201: DirectMessageGroupSchema },
      },
    },
    async (request, reply) => {
      const { created, group } = await dms.create(request.auth, request.body);
      return reply.code(created ? 201 : 200).send(group);
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "My direct message groups, latest message first",
        response: { 200: z.array(DirectMessageGroupSchema) },
      },
    },
    async (request) => dms.mine(request.auth),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "A direct message group (members only)",
        params: GroupId,
        response: { 200: DirectMessageGroupSchema },
      },
    },
    async (request) => dms.get(request.auth, request.params.id),
  );

  app.get(
    `${base}/:id/messages`,
    {
      schema: {
        tags,
        summary: "A page of a group's history: cp 0 is the latest page, oldest first within it",
        params: GroupId,
        querystring: z.object({
          cp: z.coerce.number().int().min(0).max(10_000).default(0),
          ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
        }),
        response: { 200: z.array(DirectMessageSchema) },
      },
    },
    async (request) => dms.messages(request.auth, request.params.id, request.query),
  );

  app.post(
    `${base}/:id/messages`,
    {
      schema: {
        tags,
        summary: "Send a message to a group (also pushed over directmessagegrouphub)",
        params: GroupId,
        body: SendDirectMessageSchema,
        response: { 201: DirectMessageSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: 10_000 } },
    },
    async (request, reply) =>
      reply.code(201).send(await dms.send(request.auth, request.params.id, request.body.text)),
  );
};
