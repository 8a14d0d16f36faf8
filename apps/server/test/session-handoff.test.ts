import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { sessionCookieOf, signUpUser } from "./support/users.js";

describe("sessions on district subdomains", () => {
  describe("base domain with a dot: one cookie for every subdomain", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_URL: "http://atrium.localhost:3000" });
    });
    afterAll(() => t.close());

    it("sets the session cookie for the base domain", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: { origin: "http://atrium.localhost:3000" },
        payload: { email: "dot@example.test", password: "a long enough password", name: "Dot" },
      });
      expect(String(response.headers["set-cookie"])).toContain("Domain=atrium.localhost");
    });
  });

  describe("localhost: the platform hands its session to the subdomain", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_URL: "http://localhost:3000" });
    });
    afterAll(() => t.close());

    const my = (cookie: string, host = "localhost:3000") =>
      t.app.inject({ method: "GET", url: "/api/userService/user/my", headers: { cookie, host } });

    async function handOff(cookie: string | null, to = "http://demo.localhost:3000/user/me") {
      return t.app.inject({
        method: "GET",
        url: `/api/auth/handoff?to=${encodeURIComponent(to)}`,
        headers: { host: "localhost:3000", ...(cookie ? { cookie } : {}) },
      });
    }

    it("keeps the platform's cookie host-only (Chromium would not share Domain=localhost)", async () => {
      const user = await signUpUser(t);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { origin: "http://localhost:3000" },
        payload: { email: user.email, password: user.password },
      });
      expect(String(response.headers["set-cookie"])).not.toContain("Domain=");
    });

    it("gives the subdomain a session of its own that ends with the platform's", async () => {
      const user = await signUpUser(t);
      const start = await handOff(user.cookie);
      expect(start.statusCode).toBe(302);
      const accept = new URL(start.headers.location as string);
      expect(accept.origin).toBe("http://demo.localhost:3000");
      expect(accept.pathname).toBe("/api/auth/handoff/accept");
      expect(accept.searchParams.get("to")).toBe("/user/me");

      const taken = await t.app.inject({
        method: "GET",
        url: `${accept.pathname}${accept.search}`,
        headers: { host: "demo.localhost:3000" },
      });
      expect(taken.statusCode).toBe(302);
      expect(taken.headers.location).toBe("/user/me");
      expect(String(taken.headers["set-cookie"])).not.toContain("Domain=");
      const districtCookie = sessionCookieOf(taken);
      expect(districtCookie).not.toBe(user.cookie);
      const me = await my(districtCookie, "demo.localhost:3000");
      expect(me.statusCode).toBe(200);
      expect(me.json().userId).toBe(user.userId);

      // one code, one use
      const again = await t.app.inject({
        method: "GET",
        url: `${accept.pathname}${accept.search}`,
        headers: { host: "demo.localhost:3000" },
      });
      expect(again.headers["set-cookie"]).toBeUndefined();

      // the sessions list shows one session, not two
      const list = await t.app.inject({
        method: "GET",
        url: "/api/auth/sessions",
        headers: { cookie: districtCookie, host: "demo.localhost:3000" },
      });
      expect(list.json()).toHaveLength(1);
      expect(list.json()[0].current).toBe(true);

      // signing out on the platform signs out the subdomain too
      await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: user.cookie, host: "localhost:3000", origin: "http://localhost:3000" },
      });
      expect((await my(districtCookie, "demo.localhost:3000")).statusCode).toBe(401);
    });

    it("a code only works on the host it was made for", async () => {
      const user = await signUpUser(t);
      const start = await handOff(user.cookie);
      const accept = new URL(start.headers.location as string);
      const stolen = await t.app.inject({
        method: "GET",
        url: `${accept.pathname}${accept.search}`,
        headers: { host: "other.localhost:3000" },
      });
      expect(stolen.headers["set-cookie"]).toBeUndefined();
    });

    it("sends signed-out visitors straight back, and never to another site", async () => {
      const nobody = await handOff(null);
      expect(nobody.headers.location).toBe("http://demo.localhost:3000/user/me");
      const user = await signUpUser(t);
      const evil = await handOff(user.cookie, "https://evil.example/steal");
      expect(evil.headers.location).toBe("/");
      const lookalike = await handOff(user.cookie, "http://demo.localhost.evil.example:3000/");
      expect(lookalike.headers.location).toBe("/");
    });
  });
});
