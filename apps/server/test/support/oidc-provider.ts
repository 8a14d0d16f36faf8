import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port. Its interactions sign
 * in whoever `signInAs` names and consent to everything, so a test drives the whole
 * authorisation-code flow with PKCE through HTTP redirects.
 */
export async function startOidcProvider(options: { redirectUri: string }) {
  const identities = new Map<string, TestIdentity>();
  let current: TestIdentity | null = null;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "atrium-test";
  const clientSecret = "a-test-client-secret-that-is-long-enough";

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
            format: "jwk",
          }),
          kid: "test-key",
          use: "sig",
          alg: "RS256",
        } as never,
      ],
    },
    // our own interactions below sign in and consent; the provider's demo pages stay off
    features: { devInteractions: { enabled: false } },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["test-cookie-key-one"] },
    findAccount: async (_ctx, sub) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: async () => ({ ...identity }) };
    },
  });

  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return provider.callback()(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        if (!current) throw new Error("no identity to sign in as");
        return await provider.interactionFinished(req, res, {
          login: { accountId: current.sub },
        });
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope("openid profile email");
      const grantId = await grant.save();
      return await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(identity: TestIdentity) {
      identities.set(identity.sub, identity);
      current = identity;
    },
    /**
     * Follows the browser's redirects from the authorisation URL through the provider, with
     * its cookies, until it sends the browser back to the redirect URI: returns that URL.
     */
    async authorize(authorizationUrl: string) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 20; hop += 1) {
        if (url.startsWith(options.redirectUri)) return new URL(url);
        const response = await fetch(url, {
          redirect: "manual",
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair = ""] = header.split(";");
          const [name = "", ...value] = pair.split("=");
          cookies.set(name.trim(), value.join("="));
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`the provider stopped at ${url}: ${response.status}`);
        url = new URL(location, url).href;
      }
      throw new Error("too many redirects");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
