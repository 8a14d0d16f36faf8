import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { startOidcProvider } from "./support/oidc-provider.js";
import { clientFor, sessionCookieOf, signUpUser } from "./support/users.js";

const PUBLIC_URL = "http://localhost:3000";

describe("OpenID Connect sign-in against a real provider", () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/authentication/callback` });
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Test SSO",
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** The browser's trip: our login redirect -> the provider -> our callback. */
  async function signInThroughProvider(returnTo = "/user/me") {
    const start = await t.app.inject({
      method: "GET",
      url: `/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("scope")).toBe("openid profile email");
    const callback = await provider.authorize(authorizationUrl.href);
    expect(callback.pathname).toBe("/authentication/callback");
    return t.app.inject({ method: "GET", url: `${callback.pathname}${callback.search}` });
  }

  it("offers the provider on the sign-in page", async () => {
    const providers = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(providers.json()).toEqual({
      password: true,
      oidc: { name: "Test SSO", loginUrl: "/api/auth/oidc/login" },
    });
  });

  it("first sign-in: my-user answers 302 until the client creates the profile", async () => {
    provider.signInAs({
      sub: "alice-1",
      email: "alice@idp.test",
      email_verified: false,
      name: "Alice",
    });
    const callback = await signInThroughProvider("/user/me");
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/user/me");
    const cookie = sessionCookieOf(callback);
    const setCookie = String(callback.headers["set-cookie"]);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    const headers = { cookie, origin: PUBLIC_URL };
    const before = await t.app.inject({ method: "GET", url: "/api/userService/user/my", headers });
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toBeUndefined();
    expect(before.json()).toMatchObject({
      email: "alice@idp.test",
      name: "Alice",
      hasPassword: false,
    });

    const created = await t.app.inject({
      method: "POST",
      url: "/api/userService/user",
      headers,
      payload: { name: "Alice Liddell" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe("Alice Liddell");
    const after = await t.app.inject({ method: "GET", url: "/api/userService/user/my", headers });
    expect(after.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/userService/user",
      headers,
      payload: { name: "Again" },
    });
    expect(twice.statusCode).toBe(409);

    // the next sign-in finds the same account, with its profile
    const again = await signInThroughProvider("/");
    const next = await t.app.inject({
      method: "GET",
      url: "/api/userService/user/my",
      headers: { cookie: sessionCookieOf(again) },
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().userId).toBe(after.json().userId);
  });

  it("links a verified e-mail to the existing account with that address", async () => {
    const existing = await signUpUser(t, { email: "bob@idp.test", name: "Bob" });
    provider.signInAs({ sub: "bob-1", email: "bob@idp.test", email_verified: true, name: "Bobby" });
    const callback = await signInThroughProvider();
    const me = await t.app.inject({
      method: "GET",
      url: "/api/userService/user/my",
      headers: { cookie: sessionCookieOf(callback) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: existing.userId, name: "Bob" });
  });

  it("never links an unverified e-mail to someone else's account", async () => {
    await signUpUser(t, { email: "carol@idp.test" });
    provider.signInAs({ sub: "mallory", email: "carol@idp.test", email_verified: false });
    const callback = await signInThroughProvider();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/login?error=oidc-email-in-use");
    expect(callback.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a callback whose state it did not issue, and a replayed one", async () => {
    provider.signInAs({ sub: "dave-1", email: "dave@idp.test", email_verified: true });
    const forged = await t.app.inject({
      method: "GET",
      url: "/authentication/callback?code=abc&state=not-ours",
    });
    expect(forged.headers.location).toBe("/login?error=oidc-expired");

    const start = await t.app.inject({ method: "GET", url: "/api/auth/oidc/login" });
    const callback = await provider.authorize(start.headers.location as string);
    const first = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
    });
    expect(first.headers.location).toBe("/");
    const replay = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
    });
    expect(replay.headers.location).toBe("/login?error=oidc-expired");
  });

  it("only returns to same-site paths", async () => {
    provider.signInAs({ sub: "erin-1", email: "erin@idp.test", email_verified: true });
    const callback = await signInThroughProvider("//evil.example/steal");
    expect(callback.headers.location).toBe("/");
  });

  it("an account without a password confirms its deletion with its e-mail", async () => {
    provider.signInAs({ sub: "frank-1", email: "frank@idp.test", email_verified: true, name: "F" });
    const callback = await signInThroughProvider();
    const user = { cookie: sessionCookieOf(callback) } as Parameters<typeof clientFor>[1];
    const as = clientFor(t, user);
    await as({ method: "POST", url: "/api/userService/user", payload: { name: "Frank" } });
    const wrong = await as({
      method: "POST",
      url: "/api/auth/delete-account",
      payload: { confirmEmail: "someone@else.test" },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await as({
      method: "POST",
      url: "/api/auth/delete-account",
      payload: { confirmEmail: "FRANK@idp.test" },
    });
    expect(right.statusCode).toBe(204);
  });
});
