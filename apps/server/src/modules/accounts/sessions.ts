import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config.js";

export const SESSION_COOKIE = "atrium_session";

/** Sessions end after 30 days whatever happens, and after 7 days without a request. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function newSessionToken() {
  return randomBytes(32).toString("base64url");
}

/** The database keeps only this digest of the cookie's token. */
export function sessionIdOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The cookie is set for the base domain (`Domain=localhost`, `Domain=atrium.example`) so that
 * every district subdomain shares the session; an IP address cannot have subdomains and keeps
 * a host-only cookie.
 */
export function sessionCookieDomain(baseDomain: string): string | undefined {
  const isIp = /^\d+(\.\d+){3}$/.test(baseDomain) || baseDomain.includes(":");
  return isIp ? undefined : baseDomain;
}

export function sessionCookieOptions(config: Pick<Config, "publicUrl" | "baseDomain">) {
  return {
    domain: sessionCookieDomain(config.baseDomain),
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https:"),
    path: "/",
    maxAge: SESSION_ABSOLUTE_TTL_MS / 1000,
  };
}
