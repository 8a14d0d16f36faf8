import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.js";
import { OIDC_CALLBACK_PATH, type OidcSignIn, OidcSignInError } from "./oidc.js";
import { clientOf } from "./routes.js";
import { SESSION_COOKIE, sessionCookieOptions } from "./sessions.js";

/** Sign-in methods on offer, and the OpenID Connect redirect and callback (no /api prefix). */
export const oidcRoutes: FastifyPluginAsyncZod<{
  oidc: OidcSignIn | null;
  config: Config;
}> = async (app, { oidc, config }) => {
  app.get(
    "/api/auth/providers",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign-in methods: built-in accounts, and the identity provider when configured",
        response: {
          200: z.object({
            password: z.boolean(),
            oidc: z.object({ name: z.string(), loginUrl: z.string() }).nullable(),
          }),
        },
      },
    },
    async () => ({
      password: true,
      oidc: oidc ? { name: oidc.name, loginUrl: "/api/auth/oidc/login" } : null,
    }),
  );

  if (!oidc) return;
  const failed = (reason: string) => `/login?error=${reason}`;

  app.get(
    "/api/auth/oidc/login",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ["auth"],
        summary: "Start signing in with the identity provider (302 to it)",
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
      },
    },
    async (request, reply) => {
      try {
        return reply.redirect(await oidc.start(request.query.returnTo ?? "/"));
      } catch (error) {
        if (error instanceof OidcSignInError) return reply.redirect(failed(error.reason));
        throw error;
      }
    },
  );

  app.get(OIDC_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    try {
      const { token, returnTo } = await oidc.finish(
        new URL(request.url, config.publicUrl),
        clientOf(request),
      );
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config));
      return reply.redirect(returnTo);
    } catch (error) {
      if (error instanceof OidcSignInError) {
        request.log.warn({ err: error.cause ?? error }, "OpenID Connect sign-in failed");
        return reply.redirect(failed(error.reason));
      }
      throw error;
    }
  });
};
