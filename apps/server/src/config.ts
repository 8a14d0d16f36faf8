import path from "node:path";
import { IceServersSchema } from "@atrium/domain";
import { z } from "zod";
import { DEFAULT_DATA_DIR, setting } from "./db/embedded.js";
import type { TurnSettings } from "./realtime/turn-credentials.js";

// Every setting Atrium reads from the environment, validated once at start-up. The
// README's configuration table lists the same variables; a test keeps the two in step.

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    })
    .optional();

export const configSchema = z.object({
  NODE_ENV: z
    .enum(["development", "test", "production"])
    .default("development")
    .describe("Runtime mode. `production` turns on Secure cookies when PUBLIC_URL is https."),
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .default(3000)
    .describe("HTTP port the platform listens on."),
  HOST: z.string().min(1).default("0.0.0.0").describe("Interface to bind."),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .describe(
      "Public origin of the platform (scheme, host, port). Default: http://localhost:{PORT}. Used for links in e-mails, share links and the Origin check.",
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default(DEFAULT_DATA_DIR)
    .describe("Directory for the embedded database (`pg/`) and local files (`files/`)."),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]).describe(
    "PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR/pg.",
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe("Connections per instance in the PostgreSQL pool."),
  REDIS_URL: optionalUrl(["redis", "rediss"]).describe(
    "Redis connection string. Unset: in-memory rate-limit counters and real-time fan-out (single instance).",
  ),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("pino log level of the request and application logs."),
  TRUST_PROXY: booleanFlag
    .default(false)
    .describe("Trust X-Forwarded-* headers (set behind a load balancer)."),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return [];
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be a JSON array" });
        return z.NEVER;
      }
      const parsed = IceServersSchema.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must be a JSON array of { urls, username?, credential? }: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    })
    .describe(
      'STUN/TURN servers for voice chat, as RTCPeerConnection takes them: a JSON array such as [{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]. Unset: none (enough on one machine or one LAN; docs/realtime.md).',
    ),
  TURN_URLS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const urls = (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean);
      const bad = urls.find((url) => !/^turns?:[^\s]+$/.test(url));
      if (bad !== undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must be turn: or turns: URLs separated by commas (${bad})`,
        });
        return z.NEVER;
      }
      return urls;
    })
    .describe(
      "TURN servers that take time-limited credentials (coturn's use-auth-secret), separated by commas: turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349. Set with TURN_SECRET.",
    ),
  TURN_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      "coturn's static-auth-secret: each visitor allowed to speak gets a TURN credential for TURN_URLS signed with it (HMAC-SHA1), valid TURN_TTL_SECONDS; the secret never reaches browsers.",
    ),
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(604800)
    .default(3600)
    .describe("How long a TURN credential handed to a visitor stays valid, in seconds."),
  JANUS_URL: optionalUrl(["http", "https"]).describe(
    "The Janus WebRTC server's HTTP API (http://127.0.0.1:8088/janus): voice goes through its VideoRoom plugin, one room per scene instance. Keep the API private (only the server talks to it; browsers reach Janus's media ports only). Unset: voice is peer to peer (docs/realtime.md).",
  ),
  JANUS_API_SECRET: z
    .string()
    .min(8)
    .optional()
    .describe(
      "Janus's api_secret (janus.jcfg), sent with every request; with JANUS_ADMIN_KEY it also keys the rooms' secrets and PINs (the same on every app instance).",
    ),
  JANUS_ADMIN_KEY: z
    .string()
    .min(8)
    .optional()
    .describe(
      "The VideoRoom plugin's admin_key (janus.plugin.videoroom.jcfg): only who holds it creates rooms.",
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1_048_576)
    .describe("Largest JSON body accepted, in bytes (uploads have their own limits)."),
  SMTP_URL: optionalUrl(["smtp", "smtps"]).describe(
    "SMTP server for outgoing mail (smtp://user:pass@host:587). Unset: mail is written to the outbox table and the log only.",
  ),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .describe("Sender of outgoing mail. Default: Atrium <no-reply@{host of PUBLIC_URL}>."),
  OIDC_ISSUER: optionalUrl(["https", "http"]).describe(
    "OpenID Connect issuer URL (e.g. a Keycloak realm). With OIDC_CLIENT_ID and OIDC_CLIENT_SECRET it adds single sign-on beside the built-in accounts; the callback is {PUBLIC_URL}/authentication/callback.",
  ),
  OIDC_CLIENT_ID: z.string().min(1).optional().describe("OpenID Connect client id."),
  OIDC_CLIENT_SECRET: z.string().min(1).optional().describe("OpenID Connect client secret."),
  OIDC_NAME: z
    .string()
    .min(1)
    .max(40)
    .default("Single sign-on")
    .describe("Label of the identity provider on the sign-in page."),
  CONTACT_TO: z
    .string()
    .email()
    .optional()
    .describe(
      "Inbox that receives the contact form's messages. Default: contact@{host of PUBLIC_URL}.",
    ),
  SEED_DEMO: booleanFlag.default(true).describe("Seed demo content when the database is empty."),
  SEARCH_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2000)
    .describe("How long signed-out explore searches are answered from memory (0: never)."),
  SIGNUP_LIMIT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe("Sign-ups accepted from one address per hour (more get 429)."),
  SLOT_EXPIRY_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000)
    .describe("How often the free-slot expiry job runs (it unpublishes spaces of expired slots)."),
  SLOT_KEEP_ALIVE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60 * 1000)
    .describe(
      "How often the keep-alive job runs (it charges 600 credits a month per purchased slot; an unpaid slot is suspended and its space unpublished).",
    ),
  TRANSLATIONS_URL: z
    .string()
    .url()
    .optional()
    .describe(
      "Optional URL of an external translation file (JSON) the web app merges over English.",
    ),
  SOCIAL_LINKS: z
    .string()
    .default(
      "linkedin=https://www.linkedin.com/company/atrium-spaces,instagram=https://www.instagram.com/atrium.spaces,youtube=https://www.youtube.com/@atrium-spaces,x=https://x.com/atriumspaces",
    )
    .refine(
      (value) =>
        value === "" ||
        value.split(",").every((pair) => /^[a-z]+=https:\/\/\S+$/i.test(pair.trim())),
      { message: "must be comma-separated name=https://... pairs" },
    )
    .describe("Social accounts shown in the footer, as `name=url` pairs separated by commas."),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(3_145_728)
    .describe(
      "Largest picture, video or audio upload on the Free plan, in bytes (Standard 4x, Pro 8x).",
    ),
  MODEL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4_194_304)
    .describe(
      "Largest 3D model file (each part of a model upload) on the Free plan, in bytes (Standard 4x, Pro 8x).",
    ),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(268_435_456)
    .describe("Library storage per user on the Free plan, in bytes (Standard 8x, Pro 40x)."),
  S3_BUCKET: z
    .string()
    .min(3)
    .optional()
    .describe("S3-compatible bucket for stored files. Unset: files live in DATA_DIR/files."),
  S3_ENDPOINT: optionalUrl(["https", "http"]).describe(
    "Endpoint of an S3-compatible service (MinIO, R2, Ceph...). Unset: AWS S3.",
  ),
  S3_REGION: z.string().min(1).default("us-east-1").describe("Region of the S3 bucket."),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe("S3 access key. Unset: the AWS SDK's usual credential chain."),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe("S3 secret key."),
  S3_FORCE_PATH_STYLE: booleanFlag
    .optional()
    .describe(
      "Address the bucket in the path rather than the host name. Default: true with S3_ENDPOINT, false for AWS.",
    ),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/-]*$/, "lowercase letters, digits, / and -")
    .optional()
    .describe("Key prefix inside the bucket, so several deployments can share one."),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\S+$/,
      "must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)",
    )
    .optional()
    .describe(
      "Stripe secret key. With STRIPE_WEBHOOK_SECRET it makes Stripe the card payment provider; unset: the built-in sandbox.",
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional()
    .describe(
      "Signing secret of the Stripe webhook endpoint {PUBLIC_URL}/api/marketplaceService/stripe/webhook.",
    ),
  STRIPE_API_URL: optionalUrl(["https", "http"]).describe(
    "Origin of the Stripe API (a local stand-in or stripe-mock). Default: https://api.stripe.com.",
  ),
  WEB_DIST_DIR: z
    .string()
    .optional()
    .describe("Directory of the built web app. Default: apps/web/dist in this checkout."),
});

export type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  publicUrl: string;
  /** Host of PUBLIC_URL: district subdomains live under it (demo.localhost). */
  baseDomain: string;
  mailFrom: string;
  contactTo: string;
  socialLinks: { name: string; url: string }[];
  dataDir: string;
  databaseKind: "pglite" | "postgres";
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
  /** Stripe as the card payment provider; null: the built-in sandbox. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** TURN with time-limited credentials (coturn's use-auth-secret); null: ICE_SERVERS only. */
  turn: TurnSettings | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const SECRET_NAME = /SECRET|_KEY$/;

/** Reads and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, setting(env[key])]),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        // a secret's value never reaches the log, even a malformed one
        const shown = SECRET_NAME.test(name) ? "(hidden)" : JSON.stringify(known[name] ?? "");
        return `${name}=${shown}: ${issue.message}`;
      }),
    );
  }
  const raw = parsed.data;
  const oidcParts = [raw.OIDC_ISSUER, raw.OIDC_CLIENT_ID, raw.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError([
      "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three for OpenID Connect sign-in, or none",
    ]);
  }
  if (Boolean(raw.STRIPE_SECRET_KEY) !== Boolean(raw.STRIPE_WEBHOOK_SECRET)) {
    const [missing, present] = raw.STRIPE_SECRET_KEY
      ? ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"]
      : ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"];
    throw new ConfigError([
      `${missing}: required with ${present} (set both for Stripe payments, or neither for the built-in sandbox)`,
    ]);
  }
  if (Boolean(raw.TURN_SECRET) !== raw.TURN_URLS.length > 0) {
    throw new ConfigError([
      raw.TURN_SECRET
        ? "TURN_URLS: required with TURN_SECRET (the TURN servers its credentials are for)"
        : "TURN_SECRET: required with TURN_URLS (coturn's static-auth-secret), or list fixed credentials in ICE_SERVERS",
    ]);
  }
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, "");
  return {
    ...raw,
    publicUrl,
    baseDomain: new URL(publicUrl).hostname,
    mailFrom: raw.MAIL_FROM ?? `Atrium <no-reply@${new URL(publicUrl).hostname}>`,
    contactTo: raw.CONTACT_TO ?? `contact@${new URL(publicUrl).hostname}`,
    socialLinks: raw.SOCIAL_LINKS.split(",")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const [name = "", ...rest] = pair.split("=");
        return { name, url: rest.join("=") };
      }),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseKind: raw.DATABASE_URL ? "postgres" : "pglite",
    oidc:
      raw.OIDC_ISSUER && raw.OIDC_CLIENT_ID && raw.OIDC_CLIENT_SECRET
        ? {
            issuer: raw.OIDC_ISSUER,
            clientId: raw.OIDC_CLIENT_ID,
            clientSecret: raw.OIDC_CLIENT_SECRET,
            name: raw.OIDC_NAME,
          }
        : null,
    turn: raw.TURN_SECRET
      ? { urls: raw.TURN_URLS, secret: raw.TURN_SECRET, ttlSeconds: raw.TURN_TTL_SECONDS }
      : null,
    stripe:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            apiUrl: raw.STRIPE_API_URL ?? null,
          }
        : null,
  };
}
