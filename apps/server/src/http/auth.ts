import type { AccountPlan } from "@atrium/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { ForbiddenError, UnauthorizedError } from "../errors.js";

/** Who is making a request: set from the session cookie before any route runs. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  plan: AccountPlan;
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type AuthenticateFn = (token: string) => Promise<AuthContext | null>;

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Resolves `request.auth` from the session cookie, and refuses cookie-authenticated writes
 * from other origins (CSRF defence, in addition to SameSite=Lax): a write that carries the
 * session cookie must come with an Origin (or Referer) of the platform or one of its
 * district subdomains.
 */
export function registerAuth(
  app: FastifyInstance,
  options: { config: Config; cookieName: string; authenticate: AuthenticateFn },
) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[options.cookieName];
    if (!token) return;
    if (unsafeMethods.has(request.method) && !isTrustedOrigin(request, options.config)) {
      throw new ForbiddenError("Cross-site request refused");
    }
    request.auth = await options.authenticate(token);
  });
}

export function isTrustedOrigin(request: FastifyRequest, config: Config) {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (!origin) return false;
  try {
    const url = new URL(origin);
    const platform = new URL(config.publicUrl);
    if (url.protocol !== platform.protocol || url.port !== platform.port) return false;
    return url.hostname === platform.hostname || url.hostname.endsWith(`.${platform.hostname}`);
  } catch {
    return false;
  }
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Access checks services run first. Routes pass `request.auth` to the service, which calls
 * these before anything else: 401 when signed out, 403 when not allowed.
 */
export function assertSignedIn(auth: AuthContext | null): AuthContext {
  if (!auth) throw new UnauthorizedError();
  return auth;
}

export function assertAdmin(auth: AuthContext | null): AuthContext {
  const signedIn = assertSignedIn(auth);
  if (!signedIn.isAdmin) throw new ForbiddenError();
  return signedIn;
}
