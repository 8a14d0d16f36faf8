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
 * The cookie is set for the base domain (`Domain=atrium.example`) so that every district
 * subdomain shares the session. A single-label base domain (`localhost`) or an IP address
 * cannot carry a shared cookie: Chromium keeps `Domain=localhost` cookies host-only (checked in
 * e2e/tests/subdomain-session.spec.ts), so there the cookie stays host-only and district
 * subdomains receive the session through a handoff (see session-handoff-routes.ts).
 */
export function sessionCookieDomain(baseDomain: string): string | undefined {
  const isIp = /^\d+(\.\d+){3}$/.test(baseDomain) || baseDomain.includes(":");
  return isIp || !baseDomain.includes(".") ? undefined : baseDomain;
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
