import {
  ChatLockInputSchema,
  CreateDirectMessageGroupSchema,
  DirectMessageGroupSchema,
  DirectMessageSchema,
  HubKeySchema,
  LiveVisitorCountsQuerySchema,
  LiveVisitorCountsSchema,
  ModerationLogEntrySchema,
  ModerationLogQuerySchema,
  PAGE_SIZE_MAX,
  RelationEntrySchema,
  RemoveVisitorResultSchema,
  RemoveVisitorSchema,
  SendDirectMessageSchema,
  SpaceModerationSchema,
  SpaceMuteInputSchema,
  SpaceUnmuteInputSchema,
  UserRelationInputSchema,
  UserRelationSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Realtime } from "../../realtime/index.js";
import type { DmService } from "./dm-service.js";
import type { LiveCounts } from "./live-counts.js";
import type { RelationsService } from "./relations.js";
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

/** The space cards' live visitor counts (registered once the hubs' presence exists). */
export const liveCountRoutes: FastifyPluginAsyncZod<{ liveCounts: LiveCounts }> = async (
  app,
  { liveCounts },
) => {
  app.get(
    "/communicationInteractionService/livevisitorcount",
    {
      schema: {
        tags: ["communicationInteractionService"],
        summary:
          "Live visitors of each of the given spaces (comma-separated sceneIds, at most 100); empty spaces and spaces the caller may not see are left out",
        querystring: LiveVisitorCountsQuerySchema,
        response: { 200: LiveVisitorCountsSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return liveCounts.counts(request.auth, request.query.sceneIds);
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

const UserId = z.object({ id: z.string().min(1).max(64) });

/**
 * The viewer's creator and visitor menu: blocks and mutes (signed-in users only; a guest's
 * mutes stay in its page), the relation between two users, and the owner's removal of a visitor.
 */
export const relationRoutes: FastifyPluginAsyncZod<{
  relations: RelationsService;
  realtime: Pick<Realtime, "removeVisitor" | "moderation">;
}> = async (app, { relations, realtime }) => {
  const tags = ["communicationInteractionService"];
  const base = "/communicationInteractionService";
  const list = z.array(RelationEntrySchema);

  for (const kind of ["block", "mute"] as const) {
    const path = `${base}/user${kind}`;
    const what = kind === "block" ? "blocked" : "muted";
    app.get(
      path,
      { schema: { tags, summary: `The people I ${what}, latest first`, response: { 200: list } } },
      async (request) => (kind === "block" ? relations.blocks : relations.mutes)(request.auth),
    );
    app.post(
      path,
      {
        schema: {
          tags,
          summary:
            kind === "block"
              ? "Block a user everywhere: they cannot write to me, greet me, and their messages do not reach me"
              : "Mute a user for myself: the viewer hides their chat (and later their voice)",
          body: UserRelationInputSchema,
          response: { 200: list },
        },
      },
      async (request) =>
        (kind === "block" ? relations.block : relations.mute)(request.auth, request.body.userId),
    );
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: kind === "block" ? "Unblock a user" : "Unmute a user",
          params: UserId,
          response: { 200: list },
        },
      },
      async (request) =>
        (kind === "block" ? relations.unblock : relations.unmute)(request.auth, request.params.id),
    );
  }

  app.get(
    `${base}/relation/:id`,
    {
      schema: {
        tags,
        summary: "Whether I blocked or muted a user, and whether they blocked me",
        params: UserId,
        response: { 200: UserRelationSchema },
      },
    },
    async (request) => relations.relation(request.auth, request.params.id),
  );

  app.post(
    `${base}/liveuser/remove`,
    {
      schema: {
        tags,
        summary:
          "The space's owner removes a visitor from its live instance (they may not come back to it for 10 minutes)",
        body: RemoveVisitorSchema,
        response: { 200: RemoveVisitorResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) =>
      realtime.removeVisitor(request.auth, request.body.sceneId, request.body.visitorId),
  );

  // the space owner's moderation (issue 19): mute for everyone, chat lock, the log
  const moderation = realtime.moderation;
  const limited = { rateLimit: { max: 60, timeWindow: 60_000 } };
  app.post(
    `${base}/liveuser/mute`,
    {
      schema: {
        tags,
        summary:
          "The space's owner mutes a visitor for everyone: no public chat, no voice, in every instance of the space and on their next visits",
        body: SpaceMuteInputSchema,
        response: { 200: SpaceModerationSchema },
      },
      config: limited,
    },
    async (request) => moderation.mute(request.auth, request.body.sceneId, request.body.visitorId),
  );
  app.post(
    `${base}/liveuser/unmute`,
    {
      schema: {
        tags,
        summary: "The space's owner lifts a mute for everyone",
        body: SpaceUnmuteInputSchema,
        response: { 200: SpaceModerationSchema },
      },
      config: limited,
    },
    async (request) => moderation.unmute(request.auth, request.body.sceneId, request.body.userId),
  );
  app.post(
    `${base}/liveuser/chatlock`,
    {
      schema: {
        tags,
        summary:
          "The space's owner locks or unlocks the public chat (locked: only the owner writes)",
        body: ChatLockInputSchema,
        response: { 200: SpaceModerationSchema },
      },
      config: limited,
    },
    async (request) =>
      moderation.setChatLock(request.auth, request.body.sceneId, request.body.locked),
  );
  app.get(
    `${base}/liveuser/moderation`,
    {
      schema: {
        tags,
        summary: "The space's moderation: chat lock and mutes (owner only)",
        querystring: z.object({ sceneId: z.string().min(1).max(64) }),
        response: { 200: SpaceModerationSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return moderation.state(request.auth, request.query.sceneId);
    },
  );
  app.get(
    `${base}/liveuser/moderationlog`,
    {
      schema: {
        tags,
        summary: "The owner's moderation log of a space, newest first: who did what to whom, when",
        querystring: ModerationLogQuerySchema,
        response: { 200: z.array(ModerationLogEntrySchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { sceneId, cp, ipp } = request.query;
      return moderation.log(request.auth, sceneId, { cp, ipp });
    },
  );
};
