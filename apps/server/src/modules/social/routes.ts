import {
  FollowStateSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  UserSummarySchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SocialService } from "./service.js";

const UserParams = z.object({ id: z.string().min(1).max(64) });
const Page = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const socialRoutes: FastifyPluginAsyncZod<{ social: SocialService }> = async (
  app,
  { social },
) => {
  const tags = ["socialInteractionService"];

  app.post(
    "/socialInteractionService/userFollow",
    {
      schema: {
        tags,
        summary: "Follow a user (never yourself)",
        body: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: FollowStateSchema },
      },
    },
    async (request) => social.follow(request.auth, request.body.userId),
  );

  app.get(
    "/socialInteractionService/userFollow/:id",
    {
      schema: {
        tags,
        summary: "Whether you follow the user and they follow you, and their follower count",
        params: UserParams,
        response: { 200: FollowStateSchema },
      },
    },
    async (request) => social.followState(request.auth, request.params.id),
  );

  app.delete(
    "/socialInteractionService/userFollow/:id",
    {
      schema: {
        tags,
        summary: "Unfollow a user",
        params: UserParams,
        response: { 200: FollowStateSchema },
      },
    },
    async (request) => social.unfollow(request.auth, request.params.id),
  );

  for (const list of ["followers", "following"] as const) {
    app.get(
      `/socialInteractionService/userFollow/:id/${list}`,
      {
        schema: {
          tags,
          summary: list === "followers" ? "Who follows the user" : "Whom the user follows",
          params: UserParams,
          querystring: Page,
          response: { 200: z.array(UserSummarySchema) },
        },
      },
      async (request) => social[list](request.params.id, request.query),
    );
  }
};
