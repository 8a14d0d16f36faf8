import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.js";
import { safeReturnPath } from "./oidc.js";
import { clientOf } from "./routes.js";
import type { AccountsService } from "./service.js";
import { SESSION_COOKIE, sessionCookieOptions } from "./sessions.js";

/**
 * Hands the platform's session to a district subdomain when one cookie cannot cover both
 * (localhost): the subdomain's page sends the browser to /api/auth/handoff on the platform
 * host, which comes back to the subdomain with a one-time code it trades for its own cookie.
 */
export const sessionHandoffRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  config: Config;
}> = async (app, { service, config }) => {
  const platform = new URL(config.publicUrl);
  /** A district subdomain of the platform, on the same scheme and port. */
  const districtOrigin = (value: string) => {
    try {
      const url = new URL(value);
      const ok =
        url.protocol === platform.protocol &&
        url.port === platform.port &&
        url.hostname.endsWith(`.${platform.hostname}`);
      return ok ? url : null;
    } catch {
      return null;
    }
  };

  app.get(
    "/auth/handoff",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["auth"],
        summary:
          "On the platform host: send the signed-in session to a district subdomain (302 there, with a one-time code)",
        querystring: z.object({ to: z.string().max(1000) }),
      },
    },
    async (request, reply) => {
      const target = districtOrigin(request.query.to);
      if (!target) return reply.redirect("/");
      const back = `${target.pathname}${target.search}`;
      const code = await service.createHandoff(request.auth, target.host);
      // nobody signed in here: straight back to the page (which asks once per tab)
      if (!code) return reply.redirect(`${target.origin}${back}`);
      const accept = new URL("/api/auth/handoff/accept", target.origin);
      accept.searchParams.set("code", code);
      accept.searchParams.set("to", back);
      return reply.redirect(accept.href);
    },
  );

  app.get(
    "/auth/handoff/accept",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["auth"],
        summary: "On a district subdomain: trade a handoff code for this host's session cookie",
        querystring: z.object({
          code: z.string().max(200).optional(),
          to: z.string().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const host = String(request.headers.host ?? "");
      const token = request.query.code
        ? await service.acceptHandoff(request.query.code, host, clientOf(request))
        : null;
      if (token) {
        // host-only on purpose: this cookie belongs to this subdomain alone
        reply.setCookie(SESSION_COOKIE, token, {
          ...sessionCookieOptions(config),
          domain: undefined,
        });
      }
      return reply.redirect(safeReturnPath(request.query.to));
    },
  );
};
