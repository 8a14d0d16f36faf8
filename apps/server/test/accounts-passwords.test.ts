import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets } from "../src/db/schema/index.js";
import { LOGIN_LIMITS } from "../src/modules/accounts/login-limiter.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, sessionCookieOf, signUpUser } from "./support/users.js";

describe("accounts: passwords, reset links, sessions and sign-in limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress = "127.0.0.1") =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress,
      headers: { origin: t.context.config.publicUrl },
    });
  const me = (cookie: string) =>
    t.app.inject({ method: "GET", url: "/api/userService/user/my", headers: { cookie } });

  async function resetMailFor(email: string) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const rows = await t.context.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email));
      if (rows.length) return rows.at(-1)!;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }

  it("sign-up refuses a password on the list of common passwords, and a short one", async () => {
    const common = await post(
      "/api/auth/signup",
      { email: "common@example.test", password: "Password123", name: "Common" },
      "10.1.0.1",
    );
    expect(common.statusCode).toBe(400);
    expect(common.json().fields[0].path).toBe("body.password");
    expect(common.json().message).toMatch(/too common/);
    const short = await post(
      "/api/auth/signup",
      { email: "short@example.test", password: "1234567", name: "Short" },
      "10.1.0.1",
    );
    expect(short.statusCode).toBe(400);
  });

  it("a duplicate sign-up gets a 409 that does not confirm the account, and no session", async () => {
    const user = await signUpUser(t);
    const again = await post(
      "/api/auth/signup",
      { email: user.email.toUpperCase(), password: "another long password", name: "X" },
      "10.1.0.2",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cannot be used to create an account/);
    expect(again.headers["set-cookie"]).toBeUndefined();
    // the address's owner is told about the attempt
    const notice = await resetMailFor(user.email);
    expect(notice?.kind).toBe("sign-up-existing");
  });

  it("password change needs the current password and ends every other session", async () => {
    const user = await signUpUser(t);
    const other = sessionCookieOf(
      await post("/api/auth/login", { email: user.email, password: user.password }),
    );
    const as = clientFor(t, user);
    const wrong = await as({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: "not my password", newPassword: "a brand new passphrase" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Incorrect Password");

    const common = await as({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: user.password, newPassword: "password123" },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields[0].path).toBe("body.newPassword");

    const changed = await as({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: user.password, newPassword: "a brand new passphrase" },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const oldPassword = await post("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post("/api/auth/login", {
      email: user.email,
      password: "a brand new passphrase",
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it("forgot-password answers the same for a known and an unknown e-mail", async () => {
    const user = await signUpUser(t);
    const known = await post("/api/auth/password/forgot", { email: user.email }, "10.2.0.1");
    const unknown = await post(
      "/api/auth/password/forgot",
      { email: "nobody-here@example.test" },
      "10.2.0.1",
    );
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await resetMailFor(user.email)).not.toBeNull();
    expect(await resetMailFor("nobody-here@example.test")).toBeNull();
  });

  it("a reset link sets a new password once, ends every session, and then is spent", async () => {
    const user = await signUpUser(t);
    await post("/api/auth/password/forgot", { email: user.email }, "10.2.0.2");
    const mail = await resetMailFor(user.email);
    const link = /https?:\/\/\S+\/login\/reset\?token=([\w-]+)/.exec(mail!.textBody);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const common = await post(
      "/api/auth/password/reset",
      { token, password: "qwertyuiop" },
      "10.2.0.2",
    );
    expect(common.statusCode).toBe(400);

    const reset = await post(
      "/api/auth/password/reset",
      { token, password: "reset to something new" },
      "10.2.0.2",
    );
    // the common-password refusal above spent the link: a link is single-use whatever happens
    expect(reset.statusCode).toBe(400);

    await post("/api/auth/password/forgot", { email: user.email }, "10.2.0.2");
    const second = await waitForNewMail(user.email, mail!.id);
    const fresh = /token=([\w-]+)/.exec(second.textBody)![1]!;
    const ok = await post(
      "/api/auth/password/reset",
      { token: fresh, password: "reset to something new" },
      "10.2.0.2",
    );
    expect(ok.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(401);
    const again = await post(
      "/api/auth/password/reset",
      { token: fresh, password: "and once more please" },
      "10.2.0.2",
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, already used or expired/);
    const signIn = await post("/api/auth/login", {
      email: user.email,
      password: "reset to something new",
    });
    expect(signIn.statusCode).toBe(200);
  });

  async function waitForNewMail(email: string, previousId: string) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const mail = await resetMailFor(email);
      if (mail && mail.id !== previousId) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("no second mail");
  }

  it("an expired reset link does nothing", async () => {
    const user = await signUpUser(t);
    await post("/api/auth/password/forgot", { email: user.email }, "10.2.0.3");
    const mail = await resetMailFor(user.email);
    const token = /token=([\w-]+)/.exec(mail!.textBody)![1]!;
    await t.context.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const reset = await post(
      "/api/auth/password/reset",
      { token, password: "too late for this one" },
      "10.2.0.3",
    );
    expect(reset.statusCode).toBe(400);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("lists the account's sessions and signs out any of them", async () => {
    const user = await signUpUser(t);
    const second = sessionCookieOf(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password: user.password },
        headers: { origin: t.context.config.publicUrl, "user-agent": "Phone browser" },
      }),
    );
    const as = clientFor(t, user);
    const list = await as({ method: "GET", url: "/api/auth/sessions" });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; current: boolean; userAgent: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phone = sessions.find((s) => s.userAgent === "Phone browser")!;
    expect(phone.current).toBe(false);

    const stranger = await signUpUser(t);
    const foreign = await clientFor(
      t,
      stranger,
    )({
      method: "DELETE",
      url: `/api/auth/sessions/${phone.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(second)).statusCode).toBe(200);

    const ended = await as({ method: "DELETE", url: `/api/auth/sessions/${phone.id}` });
    expect(ended.statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("signing out every other session keeps this one", async () => {
    const user = await signUpUser(t);
    const other = sessionCookieOf(
      await post("/api/auth/login", { email: user.email, password: user.password }),
    );
    const response = await clientFor(t, user)({ method: "DELETE", url: "/api/auth/sessions" });
    expect(response.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("failed sign-ins are limited per account: 429 with Retry-After, even with the right password", async () => {
    const user = await signUpUser(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccount.failures; i += 1) {
      // from different addresses: the per-account limit is what stops them
      const failed = await post(
        "/api/auth/login",
        { email: user.email, password: `wrong guess ${i}` },
        `10.3.0.${i + 1}`,
      );
      expect(failed.statusCode).toBe(401);
    }
    const limited = await post(
      "/api/auth/login",
      { email: user.email, password: user.password },
      "10.3.1.1",
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // an unknown e-mail is limited exactly the same way (no enumeration through the limiter)
    for (let i = 0; i < LOGIN_LIMITS.perAccount.failures; i += 1) {
      await post(
        "/api/auth/login",
        { email: "ghost@example.test", password: `guess ${i}` },
        `10.4.0.${i + 1}`,
      );
    }
    const ghost = await post(
      "/api/auth/login",
      { email: "ghost@example.test", password: "guess" },
      "10.4.1.1",
    );
    expect(ghost.statusCode).toBe(429);
  });

  it("failed sign-ins are limited per address across accounts", async () => {
    const address = "10.5.0.1";
    for (let i = 0; i < LOGIN_LIMITS.perIp.failures; i += 1) {
      await post(
        "/api/auth/login",
        { email: `spray${i}@example.test`, password: "Summer2024!" },
        address,
      );
    }
    const user = await signUpUser(t);
    const limited = await post(
      "/api/auth/login",
      { email: user.email, password: user.password },
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    const elsewhere = await post(
      "/api/auth/login",
      { email: user.email, password: user.password },
      "10.5.0.2",
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("sign-ups per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: "2" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("are limited to SIGNUP_LIMIT_PER_HOUR: the next one gets 429, another address is not affected", async () => {
    const signUp = (index: number, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email: `limit${index}@example.test`, password: "Quiet-Harbour-42", name: "Lim" },
        remoteAddress,
        headers: { origin: t.context.config.publicUrl },
      });
    expect((await signUp(1, "10.6.0.1")).statusCode).toBe(201);
    expect((await signUp(2, "10.6.0.1")).statusCode).toBe(201);
    const limited = await signUp(3, "10.6.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await signUp(4, "10.6.0.2")).statusCode).toBe(201);
  });
});
