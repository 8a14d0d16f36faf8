import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

type Actor = "signedOut" | "owner" | "other" | "admin";
const ACTORS: Actor[] = ["signedOut", "owner", "other", "admin"];

interface Cast {
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  /** The id of the owner's session (from the sessions list). */
  ownerSessionId: string;
  imageId: string;
}

interface Row {
  route: string;
  request: (cast: Cast) => InjectOptions;
  expected: Record<Actor, number>;
  /** The call changes what the cast is: each actor gets a fresh cast. */
  destructive?: boolean;
}

// Every route of the accounts issue, for each kind of caller (issue 3, Security).
const rows: Row[] = [
  {
    route: "GET /api/userService/user/my",
    request: () => ({ method: "GET", url: "/api/userService/user/my" }),
    expected: { signedOut: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "PATCH /api/userService/user/{id}",
    request: ({ owner }) => ({
      method: "PATCH",
      url: `/api/userService/user/${owner.userId}`,
      payload: { searchable: false },
    }),
    expected: { signedOut: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: "GET /api/userService/user/{id}",
    request: ({ owner }) => ({ method: "GET", url: `/api/userService/user/${owner.userId}` }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "DELETE /api/userService/user/{id}",
    request: ({ owner }) => ({ method: "DELETE", url: `/api/userService/user/${owner.userId}` }),
    expected: { signedOut: 401, owner: 403, other: 403, admin: 204 },
    destructive: true,
  },
  {
    route: "POST /api/userService/user (profile already made)",
    request: () => ({ method: "POST", url: "/api/userService/user", payload: { name: "X" } }),
    expected: { signedOut: 401, owner: 409, other: 409, admin: 409 },
  },
  {
    route: "GET /api/userService/user/search",
    request: () => ({ method: "GET", url: "/api/userService/user/search?q=test" }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/userService/user/many",
    request: ({ owner, other }) => ({
      method: "GET",
      url: `/api/userService/user/many?ids=${owner.userId},${other.userId}`,
    }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/auth/password",
    request: () => ({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: "wrong one", newPassword: "a perfectly new one" },
    }),
    expected: { signedOut: 401, owner: 400, other: 400, admin: 400 },
  },
  {
    route: "GET /api/auth/sessions",
    request: () => ({ method: "GET", url: "/api/auth/sessions" }),
    expected: { signedOut: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "DELETE /api/auth/sessions/{id} (the owner's)",
    request: ({ ownerSessionId }) => ({
      method: "DELETE",
      url: `/api/auth/sessions/${ownerSessionId}`,
    }),
    // nobody but the owner can end a session, not even an admin (it is not theirs to see)
    expected: { signedOut: 401, owner: 204, other: 404, admin: 404 },
    destructive: true,
  },
  {
    route: "DELETE /api/auth/sessions",
    request: () => ({ method: "DELETE", url: "/api/auth/sessions" }),
    expected: { signedOut: 401, owner: 204, other: 204, admin: 204 },
  },
  {
    route: "POST /api/auth/delete-account (wrong password)",
    request: () => ({
      method: "POST",
      url: "/api/auth/delete-account",
      payload: { password: "not it at all" },
    }),
    expected: { signedOut: 401, owner: 400, other: 400, admin: 400 },
  },
  {
    route: "POST /api/auth/delete-account (own password)",
    request: ({ owner }) => ({
      method: "POST",
      url: "/api/auth/delete-account",
      payload: { password: owner.password },
    }),
    // only the owner's own password deletes, and it deletes the caller's own account
    expected: { signedOut: 401, owner: 204, other: 400, admin: 400 },
    destructive: true,
  },
  {
    route: "POST /api/socialInteractionService/userFollow (the owner)",
    request: ({ owner }) => ({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: owner.userId },
    }),
    expected: { signedOut: 401, owner: 400, other: 200, admin: 200 },
  },
  {
    route: "DELETE /api/socialInteractionService/userFollow/{id}",
    request: ({ owner }) => ({
      method: "DELETE",
      url: `/api/socialInteractionService/userFollow/${owner.userId}`,
    }),
    expected: { signedOut: 401, owner: 200, other: 200, admin: 200 },
  },
  ...(["", "/followers", "/following"] as const).map(
    (suffix): Row => ({
      route: `GET /api/socialInteractionService/userFollow/{id}${suffix}`,
      request: ({ owner }) => ({
        method: "GET",
        url: `/api/socialInteractionService/userFollow/${owner.userId}${suffix}`,
      }),
      expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
    }),
  ),
  {
    route: "GET /api/fileService/file/{id}",
    request: ({ imageId }) => ({ method: "GET", url: `/api/fileService/file/${imageId}` }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/fileService/thumbnail/{id}",
    request: ({ imageId }) => ({ method: "GET", url: `/api/fileService/thumbnail/${imageId}` }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/avatarService/avatar",
    request: () => ({ method: "GET", url: "/api/avatarService/avatar" }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/auth/providers",
    request: () => ({ method: "GET", url: "/api/auth/providers" }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/auth/password/forgot",
    request: ({ owner }) => ({
      method: "POST",
      url: "/api/auth/password/forgot",
      payload: { email: owner.email },
    }),
    expected: { signedOut: 202, owner: 202, other: 202, admin: 202 },
  },
  {
    route: "POST /api/auth/password/reset (no valid link)",
    request: () => ({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { token: "x".repeat(43), password: "some new password" },
    }),
    expected: { signedOut: 400, owner: 400, other: 400, admin: 400 },
  },
  {
    route: "POST /api/auth/signup (a new address)",
    request: () => ({
      method: "POST",
      url: "/api/auth/signup",
      remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        email: `matrix-${Math.random().toString(36).slice(2)}@example.test`,
        password: "a matrix test password",
        name: "Matrix",
      },
    }),
    expected: { signedOut: 201, owner: 201, other: 201, admin: 201 },
    destructive: true,
  },
  {
    route: "POST /api/auth/login (wrong password)",
    request: ({ owner }) => ({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: "definitely wrong" },
    }),
    expected: { signedOut: 401, owner: 401, other: 401, admin: 401 },
  },
  {
    route: "GET /api/avatarService/model/{id}.glb",
    request: () => ({ method: "GET", url: "/api/avatarService/model/juniper.glb" }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/avatarService/thumbnail/{id}.png",
    request: () => ({ method: "GET", url: "/api/avatarService/thumbnail/juniper.png" }),
    expected: { signedOut: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/auth/handoff",
    request: () => ({
      method: "GET",
      url: `/api/auth/handoff?to=${encodeURIComponent("http://demo.localhost:3000/")}`,
    }),
    expected: { signedOut: 302, owner: 302, other: 302, admin: 302 },
  },
  {
    route: "GET /api/auth/handoff/accept (no valid code)",
    request: () => ({ method: "GET", url: "/api/auth/handoff/accept?code=nope&to=/" }),
    expected: { signedOut: 302, owner: 302, other: 302, admin: 302 },
  },
  {
    route: "POST /api/auth/logout",
    request: () => ({ method: "POST", url: "/api/auth/logout" }),
    expected: { signedOut: 204, owner: 204, other: 204, admin: 204 },
    destructive: true,
  },
];

describe("authorisation matrix of the accounts routes", () => {
  let t: TestApp;
  let shared: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    shared = await makeCast();
  });
  afterAll(() => t.close());

  async function makeCast(): Promise<Cast> {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const admin = await signUpUser(t, { admin: true });
    const sessions = await clientFor(t, owner)({ method: "GET", url: "/api/auth/sessions" });
    const { multipartBody, pngImage } = await import("./support/images.js");
    const patched = await clientFor(
      t,
      owner,
    )({
      method: "PATCH",
      url: `/api/userService/user/${owner.userId}`,
      ...multipartBody(
        {},
        {
          profilePicture: {
            data: await pngImage(32, 32),
            filename: "p.png",
            contentType: "image/png",
          },
        },
      ),
    });
    return {
      owner,
      other,
      admin,
      ownerSessionId: sessions.json()[0].id,
      imageId: String(patched.json().profilePicture).split("/").pop()!,
    };
  }

  for (const row of rows) {
    for (const actor of ACTORS) {
      it(`${row.route} as ${actor} -> ${row.expected[actor]}`, async () => {
        const cast = row.destructive ? await makeCast() : shared;
        const caller = actor === "signedOut" ? null : cast[actor];
        const response = await clientFor(t, caller)(row.request(cast));
        expect(response.statusCode, response.body).toBe(row.expected[actor]);
      });
    }
  }

  it("the public profile shows the e-mail to the owner and admins only", async () => {
    const url = `/api/userService/user/${shared.owner.userId}`;
    for (const actor of ACTORS) {
      const caller = actor === "signedOut" ? null : shared[actor];
      const profile = (await clientFor(t, caller)({ method: "GET", url })).json();
      const sees = actor === "owner" || actor === "admin";
      expect(profile.email, actor).toBe(sees ? shared.owner.email : null);
    }
  });
});
