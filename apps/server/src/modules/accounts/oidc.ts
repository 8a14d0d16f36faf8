import type * as OpenIdClient from "openid-client";
import type { Config } from "../../config.js";
import { loadOpenIdClient } from "../../infra/packages.js";
import type { AccountsRepo } from "./repo.js";
import type { AccountsService, ClientInfo } from "./service.js";

/** A pending sign-in lasts this long between the redirect and the callback. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
export const OIDC_CALLBACK_PATH = "/authentication/callback";

/** Why an OpenID Connect sign-in did not finish; the sign-in page explains each. */
export type OidcFailure = "oidc-unavailable" | "oidc-expired" | "oidc-failed" | "oidc-email-in-use";

export class OidcSignInError extends Error {
  constructor(
    readonly reason: OidcFailure,
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = "OidcSignInError";
  }
}

/** Only same-site paths are followed after sign-in: never another host. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  if (value.includes("\\") || /[\r\n]/.test(value)) return "/";
  return value.slice(0, 500);
}

/**
 * OpenID Connect sign-in (authorisation code with PKCE, scopes openid profile email). An
 * identity signs in the account it is linked to; a new identity is linked to the account with
 * the same *verified* e-mail, or gets a new account without a profile, which my-user reports
 * with a 302 until the client creates the profile (spec 2 §7.1).
 */
export function createOidcSignIn(options: {
  config: Pick<Config, "oidc" | "publicUrl">;
  repo: AccountsRepo;
  accounts: AccountsService;
}) {
  const settings = options.config.oidc!;
  const redirectUri = `${options.config.publicUrl}${OIDC_CALLBACK_PATH}`;
  const insecure = settings.issuer.startsWith("http:");
  let discovered: Promise<OpenIdClient.Configuration> | null = null;

  // openid-client is loaded by the first sign-in with the provider (docs/startup.md)
  const configuration = () => {
    discovered ??= loadOpenIdClient()
      .then((client) =>
        client.discovery(
          new URL(settings.issuer),
          settings.clientId,
          { redirect_uris: [redirectUri] },
          client.ClientSecretBasic(settings.clientSecret),
          // plain http only for a provider run locally (tests, a Keycloak on this machine)
          insecure ? { execute: [client.allowInsecureRequests] } : {},
        ),
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new OidcSignInError("oidc-unavailable", error);
      });
    return discovered;
  };

  return {
    name: settings.name,

    /** Where to send the browser to sign in; the checks wait in the database for the callback. */
    async start(returnTo: string) {
      const config = await configuration();
      const client = await loadOpenIdClient();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await options.repo.insertOidcLogin({
        state,
        codeVerifier,
        nonce,
        returnTo: safeReturnPath(returnTo),
        expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
      });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid profile email",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      }).href;
    },

    /** Finishes the sign-in from the callback URL: a session token and where to go next. */
    async finish(callbackUrl: URL, clientInfo: ClientInfo) {
      const config = await configuration();
      const client = await loadOpenIdClient();
      const state = callbackUrl.searchParams.get("state") ?? "";
      const pending = await options.repo.takeOidcLogin(state, new Date());
      if (!pending) throw new OidcSignInError("oidc-expired");

      let tokens: Awaited<ReturnType<typeof OpenIdClient.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcSignInError("oidc-failed", error);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError("oidc-failed");
      let profile: Record<string, unknown> = { ...claims };
      if (!claims.email) {
        profile = {
          ...profile,
          ...(await client
            .fetchUserInfo(config, tokens.access_token, claims.sub)
            .catch(() => ({}))),
        };
      }
      const issuer = String(claims.iss);
      const userId = await this.accountFor(issuer, claims.sub, profile);
      const token = await options.accounts.startSession(userId, clientInfo);
      return { token, returnTo: pending.returnTo };
    },

    async accountFor(issuer: string, subject: string, profile: Record<string, unknown>) {
      const linked = await options.repo.findIdentity(issuer, subject);
      if (linked) return linked.userId;
      const email = typeof profile.email === "string" ? profile.email.slice(0, 254) : null;
      const verified = profile.email_verified === true;
      if (email) {
        const existing = await options.repo.findUserByEmail(email);
        if (existing) {
          // linking by an unverified address would let anyone take over the account
          if (!verified) throw new OidcSignInError("oidc-email-in-use");
          await options.repo.insertIdentity({ issuer, subject, userId: existing.id, email });
          return existing.id;
        }
      }
      const suggestedName = [profile.name, profile.preferred_username, profile.given_name].find(
        (value): value is string => typeof value === "string" && value.trim() !== "",
      );
      const created = await options.repo.insertUser({
        email: email ?? `${subject}@${new URL(issuer).hostname}.invalid`,
        name: (suggestedName ?? "").trim().slice(0, 100),
        passwordHash: null,
        loginProvider: "oidc",
        profileCreatedAt: null,
      });
      if (!created) throw new OidcSignInError("oidc-email-in-use");
      await options.repo.insertIdentity({ issuer, subject, userId: created.id, email });
      return created.id;
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;
