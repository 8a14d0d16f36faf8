import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PublicProfileSchema,
  UserSummarySchema,
} from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MyUserSchema } from "../accounts/schemas.js";
import type { AccountsService } from "../accounts/service.js";
import { readCreateUser, readProfilePatch } from "./form.js";
import type { UsersService } from "./service.js";

const UserParams = z.object({ id: z.string().min(1).max(64) });

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  accounts: AccountsService;
}> = async (app, { users, accounts }) => {
  const tags = ["userService"];

  app.get(
    "/userService/user/search",
    {
      schema: {
        tags,
        summary:
          "Searchable users whose name or username contains q (pages of cp/ipp); without q, the most followed first",
        querystring: z.object({
          q: z.string().max(100).default(""),
          cp: z.coerce.number().int().min(0).max(10_000).default(0),
          ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: { 200: z.array(UserSummarySchema) },
      },
    },
    async (request) => users.search(request.query.q, request.query),
  );

  app.get(
    "/userService/user/many",
    {
      schema: {
        tags,
        summary: "Several users by id (ids=a,b,c), as they appear in lists",
        querystring: z.object({
          ids: z
            .string()
            .max(2000)
            .transform((value) => [
              ...new Set(
                value
                  .split(",")
                  .map((id) => id.trim())
                  .filter(Boolean),
              ),
            ])
            .pipe(z.array(z.string().max(64)).max(100)),
        }),
        response: { 200: z.array(UserSummarySchema) },
      },
    },
    async (request) => users.many(request.query.ids),
  );

  app.post(
    "/userService/user",
    {
      schema: {
        tags,
        summary:
          "Create the profile of an account made by an identity provider (after my-user answered 302); multipart or JSON with name",
        response: { 201: MyUserSchema },
      },
    },
    async (request, reply) => {
      const input = await readCreateUser(request);
      return reply.status(201).send(await accounts.createProfile(request.auth, input));
    },
  );

  app.get(
    "/userService/user/:id",
    {
      schema: {
        tags,
        summary: "A user's public profile (e-mail and sign-in details for the owner and admins)",
        params: UserParams,
        response: { 200: PublicProfileSchema },
      },
    },
    async (request) => users.profile(request.auth, request.params.id),
  );

  app.patch(
    "/userService/user/:id",
    {
      // uploads are limited per account (per address when signed out, which fails anyway)
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags,
        summary:
          "Change settings and profile (JSON or multipart; files profilePicture and coverPhoto with profilePictureCrop and coverPhotoCrop)",
        params: UserParams,
        response: { 200: PublicProfileSchema },
      },
    },
    async (request) => {
      // access first: a signed-out or foreign request never gets its upload read
      const { patch, uploads } = await users.authorizeUpdate(request.auth, request.params.id, () =>
        readProfilePatch(request),
      );
      return (await users.update(request.auth, request.params.id, patch, uploads)).profile;
    },
  );

  app.delete(
    "/userService/user/:id",
    {
      schema: {
        tags,
        summary: "Moderation: an admin deletes another account (owners use /auth/delete-account)",
        params: UserParams,
      },
    },
    async (request, reply) => {
      await accounts.deleteUserAsAdmin(request.auth, request.params.id);
      return reply.status(204).send();
    },
  );
};
