import { randomBytes } from "node:crypto";
import {
  CommentSchema,
  CreateCommentRequestSchema,
  FavoriteStateSchema,
  LikeStateSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SceneViewResultSchema,
  SpaceActivitySchema,
  SpaceCardSchema,
  UpdateCommentRequestSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SceneSocialService } from "./service.js";

const Id = z.object({ id: z.string().min(1).max(64) });
const Page = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
const SceneRef = z.object({ sceneId: z.string().min(1).max(64) });
/** An anonymous visitor's key for counting views once a day. */
const VISITOR_COOKIE = "atrium_visitor";

export const sceneSocialRoutes: FastifyPluginAsyncZod<{ social: SceneSocialService }> = async (
  app,
  { social },
) => {
  const tags = ["socialInteractionService"];
  const base = "/socialInteractionService";

  app.post(
    `${base}/scenelike`,
    {
      schema: {
        tags,
        summary: "Like or unlike a space (toggle; `liked` sets it)",
        body: SceneRef.extend({ liked: z.boolean().optional() }),
        response: { 200: LikeStateSchema },
      },
    },
    async (request) => social.like(request.auth, request.body.sceneId, request.body.liked),
  );

  app.get(
    `${base}/scenelike/scene/:id`,
    {
      schema: {
        tags,
        summary: "A space's like count and whether you like it",
        params: Id,
        response: { 200: LikeStateSchema },
      },
    },
    async (request) => social.likeState(request.auth, request.params.id),
  );

  app.delete(
    `${base}/scenelike/scene/:id`,
    {
      schema: { tags, summary: "Unlike a space", params: Id, response: { 200: LikeStateSchema } },
    },
    async (request) => social.like(request.auth, request.params.id, false),
  );

  app.get(
    `${base}/scenelike/user/:id`,
    {
      schema: {
        tags,
        summary: "Spaces a user liked",
        params: Id,
        querystring: Page,
        response: { 200: z.array(SpaceCardSchema) },
      },
    },
    async (request) => social.likedBy(request.auth, request.params.id, request.query),
  );

  app.post(
    `${base}/scenecomment`,
    {
      schema: {
        tags,
        summary: "Comment on a space, or reply (parentCommentId)",
        body: CreateCommentRequestSchema,
        response: { 201: CommentSchema },
      },
    },
    async (request, reply) => {
      const created = await social.addComment(request.auth, request.body);
      reply.status(201);
      return created;
    },
  );

  app.get(
    `${base}/scenecomment/scene/:id`,
    {
      schema: {
        tags,
        summary: "A space's comments with their replies (empty when comments are off)",
        params: Id,
        response: { 200: z.array(CommentSchema) },
      },
    },
    async (request) => social.comments(request.auth, request.params.id),
  );

  app.patch(
    `${base}/scenecomment/:id`,
    {
      schema: {
        tags,
        summary: "Edit your comment (marks it edited)",
        params: Id,
        body: UpdateCommentRequestSchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) => social.editComment(request.auth, request.params.id, request.body.body),
  );

  app.delete(
    `${base}/scenecomment/:id`,
    {
      schema: {
        tags,
        summary: "Delete a comment and its replies (its author or the space's owner)",
        params: Id,
        response: { 200: z.object({ commentId: z.string(), deleted: z.boolean() }) },
      },
    },
    async (request) => social.deleteComment(request.auth, request.params.id),
  );

  app.post(
    `${base}/sceneview`,
    {
      schema: {
        tags,
        summary: "Count a visit (once per visitor per day); adds to your history",
        body: SceneRef,
        response: { 200: SceneViewResultSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      let key = request.cookies[VISITOR_COOKIE];
      if (!request.auth && (!key || key.length > 100)) {
        key = randomBytes(16).toString("base64url");
        reply.setCookie(VISITOR_COOKIE, key, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          maxAge: 365 * 24 * 60 * 60,
        });
      }
      return social.view(request.auth, request.body.sceneId, key ?? "");
    },
  );

  app.get(
    `${base}/scenehistory/my`,
    {
      schema: {
        tags,
        summary: "Spaces you visited, latest first",
        querystring: Page,
        response: { 200: z.array(SpaceActivitySchema) },
      },
    },
    async (request) => social.history(request.auth, request.query),
  );

  app.delete(
    `${base}/scenehistory/my`,
    {
      schema: {
        tags,
        summary: "Clear your history",
        response: { 200: z.object({ cleared: z.boolean() }) },
      },
    },
    async (request) => social.clearHistory(request.auth),
  );

  app.post(
    `${base}/scenefavorite`,
    {
      schema: {
        tags,
        summary: "Add or remove a favourite (toggle; `favorite` sets it)",
        body: SceneRef.extend({ favorite: z.boolean().optional() }),
        response: { 200: FavoriteStateSchema },
      },
    },
    async (request) => social.favorite(request.auth, request.body.sceneId, request.body.favorite),
  );

  app.get(
    `${base}/scenefavorite/scene/:id`,
    {
      schema: {
        tags,
        summary: "Whether a space is one of your favourites",
        params: Id,
        response: { 200: FavoriteStateSchema },
      },
    },
    async (request) => social.favoriteState(request.auth, request.params.id),
  );

  app.get(
    `${base}/scenefavorite/my/ids`,
    {
      schema: {
        tags,
        summary:
          "The ids of your favourite spaces, latest first (at most 2000): one call shows the favourite toggles of a page of cards",
        response: { 200: z.object({ sceneIds: z.array(z.string()) }) },
      },
    },
    async (request) => social.favoriteIds(request.auth),
  );

  app.get(
    `${base}/scenefavorite/my`,
    {
      schema: {
        tags,
        summary: "Your favourite spaces, latest first",
        querystring: Page,
        response: { 200: z.array(SpaceActivitySchema) },
      },
    },
    async (request) => social.favorites(request.auth, request.query),
  );
};
