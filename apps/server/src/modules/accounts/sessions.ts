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

export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https:"),
    path: "/",
    maxAge: SESSION_ABSOLUTE_TTL_MS / 1000,
  };
}
