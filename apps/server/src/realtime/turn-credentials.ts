import { createHmac } from "node:crypto";
import type { IceServer } from "@atrium/domain";

/** TURN servers with time-limited credentials (TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS). */
export interface TurnSettings {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

/**
 * A TURN credential in the TURN REST API convention (coturn's `use-auth-secret` with
 * `static-auth-secret`): the username is `<expiry in Unix seconds>:<who>`, the password
 * base64(HMAC-SHA1(secret, username)). coturn recomputes it from the shared secret and refuses
 * it after the expiry, so the secret itself never leaves the server.
 */
export function turnCredential(secret: string, who: string, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${who}`;
  const credential = createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential };
}

/**
 * The ICE servers one visitor allowed to speak is handed: ICE_SERVERS as they are, and with
 * TURN_SECRET a TURN entry whose credential is fresh and names them, valid for the TTL.
 */
export function iceServersFor(
  fixed: IceServer[],
  turn: TurnSettings | null,
  who: string,
  nowMs: number,
): IceServer[] {
  if (!turn) return fixed;
  const expiresAt = Math.floor(nowMs / 1000) + turn.ttlSeconds;
  return [...fixed, { urls: turn.urls, ...turnCredential(turn.secret, who, expiresAt) }];
}
