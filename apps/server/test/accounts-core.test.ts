import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../src/db/schema/index.js";
import { createCounters } from "../src/infra/counters/counters.js";
import { createLoginLimiter } from "../src/modules/accounts/login-limiter.js";
import { createAccountsRepo } from "../src/modules/accounts/repo.js";
import { createAccountsService } from "../src/modules/accounts/service.js";
import { createFilesRepo } from "../src/modules/files/repo.js";
import { createFilesService } from "../src/modules/files/service.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, sessionCookieOf, signUpUser } from "./support/users.js";

describe("accounts core: sign-up, sign-in, sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers: { origin: t.context.config.publicUrl, ...headers },
    });

  it("sign-up answers 201 with the user and a secure session cookie", async () => {
    const response = await post("/api/auth/signup", {
      email: "Ada@Example.test",
      password: "a long enough password",
      name: "Ada",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: "Ada",
      email: "Ada@Example.test",
      role: "free-user",
      plan: "free",
      planLabel: "FREE",
      searchable: true,
      autoSave: true,
      isAdmin: false,
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^atrium_session=[\w-]{40,};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure"); // http://localhost
  });

  it("my-user answers the signed-in user, and 401 when signed out", async () => {
    const user = await signUpUser(t, { name: "Grace" });
    const me = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.userId, name: "Grace" });

    const anonymous = await clientFor(t, null)({ method: "GET", url: "/api/userService/user/my" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("auth/session answers 200 either way: the signed-in user, or null for a visitor", async () => {
    const user = await signUpUser(t, { name: "Hedy" });
    const signedIn = await clientFor(t, user)({ method: "GET", url: "/api/auth/session" });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      user: { userId: user.userId, name: "Hedy" },
      needsProfile: false,
    });
    const visitor = await clientFor(t, null)({ method: "GET", url: "/api/auth/session" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null, needsProfile: false });
    const stale = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: "atrium_session=not-a-session" },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().user).toBeNull();
  });

  it("a second sign-up with the same e-mail (any case) does not create a second account", async () => {
    await signUpUser(t, { email: "twice@example.test" });
    const again = await post("/api/auth/signup", {
      email: "TWICE@example.test",
      password: "another password",
      name: "Copy",
    });
    expect(again.statusCode).toBe(409);
  });

  it("sign-up refuses bad input with the field and the reason", async () => {
    const response = await post("/api/auth/signup", {
      email: "not-an-email",
      password: "short",
      name: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { path: string }) => f.path)).toEqual([
      "body.email",
      "body.password",
      "body.name",
    ]);
  });

  it("sign-in gives the same 401 for an unknown e-mail and a wrong password", async () => {
    const user = await signUpUser(t);
    const wrongPassword = await post("/api/auth/login", {
      email: user.email,
      password: "nope nope nope",
    });
    const unknownEmail = await post("/api/auth/login", {
      email: "nobody@example.test",
      password: "nope nope nope",
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe("Wrong e-mail or password");
  });

  it("sign-in rotates the session: the cookie from before no longer works", async () => {
    const user = await signUpUser(t);
    const response = await post(
      "/api/auth/login",
      { email: user.email, password: user.password },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookieOf(response);
    expect(fresh).not.toBe(user.cookie);
    const old = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
    expect(old.statusCode).toBe(401);
    const current = await clientFor(t, { ...user, cookie: fresh })({
      method: "GET",
      url: "/api/userService/user/my",
    });
    expect(current.statusCode).toBe(200);
  });

  it("logout answers 204 and ends the session on the server", async () => {
    const user = await signUpUser(t);
    const as = clientFor(t, user);
    expect((await as({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(204);
    expect((await as({ method: "GET", url: "/api/userService/user/my" })).statusCode).toBe(401);
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const user = await signUpUser(t);
    const response = await clientFor(
      t,
      user,
    )({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    const stillIn = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
    expect(stillIn.statusCode).toBe(200);
  });

  it("accepts writes from a district subdomain of the platform", async () => {
    const user = await signUpUser(t);
    const response = await clientFor(
      t,
      user,
    )({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "http://demo.localhost:3000" },
    });
    expect(response.statusCode).toBe(204);
  });

  it("a session ends after 7 days without a request, and 30 days after sign-in whatever happens", async () => {
    const idle = await signUpUser(t);
    await t.context.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, idle.userId));
    const idleAnswer = await clientFor(t, idle)({ method: "GET", url: "/api/userService/user/my" });
    expect(idleAnswer.statusCode).toBe(401);

    const old = await signUpUser(t);
    await t.context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.userId));
    const oldAnswer = await clientFor(t, old)({ method: "GET", url: "/api/userService/user/my" });
    expect(oldAnswer.statusCode).toBe(401);

    // a session in use stays alive: its last activity moves on
    const active = await signUpUser(t);
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000);
    await t.context.database.db
      .update(sessions)
      .set({ lastSeenAt: sixDaysAgo })
      .where(eq(sessions.userId, active.userId));
    expect(
      (await clientFor(t, active)({ method: "GET", url: "/api/userService/user/my" })).statusCode,
    ).toBe(200);
    const [row] = await t.context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, active.userId));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(sixDaysAgo.getTime());
  });

  it("a failed sign-in leaves the current session alone", async () => {
    const user = await signUpUser(t);
    const failed = await post(
      "/api/auth/login",
      { email: user.email, password: "not my password at all" },
      { cookie: user.cookie },
    );
    expect(failed.statusCode).toBe(401);
    const me = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
    expect(me.statusCode).toBe(200);
  });

  it("housekeeping removes ended sessions and keeps live ones", async () => {
    const ended = await signUpUser(t);
    const live = await signUpUser(t);
    await t.context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, ended.userId));
    const service = createAccountsService({
      repo: createAccountsRepo(t.context.database.db),
      files: createFilesService(createFilesRepo(t.context.database.db), t.context.storage),
      limiter: createLoginLimiter(createCounters(null)),
      mailer: t.context.mailer,
      config: t.context.config,
      logger: t.context.logger,
    });
    await service.purgeExpired();
    const { db } = t.context.database;
    expect(await db.select().from(sessions).where(eq(sessions.userId, ended.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, live.userId))).toHaveLength(
      1,
    );
  });
});
