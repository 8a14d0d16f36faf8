import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { loadJose } from "../infra/packages.js";
import { query } from "../modules/scenes/rows.js";

/** Hub tokens live this long: a client asks the key endpoint for a new one on each connect. */
export const HUB_TOKEN_TTL_SECONDS = 300;
const ISSUER = "atrium";
const AUDIENCE = "atrium-hubs";

/** Who a hub connection is: a signed-in user or a guest on one public space. */
export interface HubIdentity {
  userId: string;
  guest: boolean;
  name: string;
  profilePicture: string | null;
  /** The user's avatar (catalogue id); null for guests and users who chose none. */
  avatarId: string | null;
  /** The account's plan and role, for the spaces' access rules (signed-in users only). */
  plan: string | null;
  isAdmin: boolean;
  /** A guest's token opens only the space it was given for. */
  sceneId: string | null;
}

/**
 * Signs and checks hub tokens (HS256 JWTs). The signing key is one random secret per
 * deployment kept in the database, so every app instance accepts every other's tokens.
 */
export function createHubTokens(db: Database, now: () => Date = () => new Date()) {
  let secret: Promise<Uint8Array> | null = null;
  const key = () => {
    secret ??= (async () => {
      await query(
        db,
        sql`INSERT INTO hub_signing_keys (id, secret) VALUES ('current', ${randomBytes(32)})
            ON CONFLICT (id) DO NOTHING`,
      );
      const [row] = await query<{ secret: Uint8Array | string }>(
        db,
        sql`SELECT secret FROM hub_signing_keys WHERE id = 'current'`,
      );
      if (!row) throw new Error("hub signing key missing");
      return typeof row.secret === "string"
        ? new Uint8Array(Buffer.from(row.secret.replace(/^\\x/, ""), "hex"))
        : new Uint8Array(row.secret);
    })().catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };

  return {
    async issue(identity: HubIdentity) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + HUB_TOKEN_TTL_SECONDS;
      const { SignJWT } = await loadJose();
      const token = await new SignJWT({
        guest: identity.guest,
        name: identity.name,
        pic: identity.profilePicture,
        av: identity.avatarId,
        plan: identity.plan,
        adm: identity.isAdmin,
        scn: identity.sceneId,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(identity.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key());
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },

    /** The identity of a valid token; null for a forged, expired or malformed one. */
    async verify(token: string): Promise<HubIdentity | null> {
      const { errors: joseErrors, jwtVerify } = await loadJose();
      try {
        const { payload } = await jwtVerify(token, await key(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: now(),
        });
        if (typeof payload.sub !== "string") return null;
        return {
          userId: payload.sub,
          guest: payload.guest === true,
          name: typeof payload.name === "string" ? payload.name : "Guest",
          profilePicture: typeof payload.pic === "string" ? payload.pic : null,
          avatarId: typeof payload.av === "string" ? payload.av : null,
          plan: typeof payload.plan === "string" ? payload.plan : null,
          isAdmin: payload.adm === true,
          sceneId: typeof payload.scn === "string" ? payload.scn : null,
        };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export type HubTokens = ReturnType<typeof createHubTokens>;
