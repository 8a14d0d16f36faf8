import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, sessions, userFollows, users } from "../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { multipartBody, pngImage } from "./support/images.js";
import { clientFor, sessionCookieOf, signUpUser, type TestUser } from "./support/users.js";

describe("account deletion", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function userWithEverything() {
    const user = await signUpUser(t);
    const friend = await signUpUser(t);
    const as = clientFor(t, user);
    const patched = await as({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...multipartBody(
        { bio: "soon gone" },
        {
          profilePicture: {
            data: await pngImage(100, 100),
            filename: "p.png",
            contentType: "image/png",
          },
          coverPhoto: {
            data: await pngImage(300, 100),
            filename: "c.png",
            contentType: "image/png",
          },
        },
      ),
    });
    expect(patched.statusCode).toBe(200);
    await as({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: friend.userId },
    });
    await clientFor(
      t,
      friend,
    )({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: user.userId },
    });
    const secondSession = sessionCookieOf(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password: user.password },
        headers: { origin: t.context.config.publicUrl },
      }),
    );
    return { user, friend, secondSession, pictureUrl: patched.json().profilePicture as string };
  }

  const deleteAccount = (user: TestUser, payload: object) =>
    clientFor(t, user)({ method: "POST", url: "/api/auth/delete-account", payload });

  it("a wrong password answers 400 'Incorrect Password' and deletes nothing", async () => {
    const { user } = await userWithEverything();
    const response = await deleteAccount(user, { password: "not the password" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Incorrect Password");
    const me = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
    expect(me.statusCode).toBe(200);
  });

  it("deletes the account with its sessions, files, follows and profile", async () => {
    const { user, friend, secondSession, pictureUrl } = await userWithEverything();
    const [stored] = await t.context.database.db
      .select()
      .from(files)
      .where(eq(files.ownerId, user.userId));
    expect(stored).toBeDefined();
    expect(await t.context.storage.stat(stored!.storageKey)).not.toBeNull();

    const response = await deleteAccount(user, { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers["set-cookie"])).toMatch(/atrium_session=;/);

    const { db } = t.context.database;
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.ownerId, user.userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(userFollows)
        .where(
          or(eq(userFollows.followerId, user.userId), eq(userFollows.followeeId, user.userId)),
        ),
    ).toEqual([]);
    // the stored contents and thumbnails are gone too, not only their rows
    expect(await t.context.storage.stat(stored!.storageKey)).toBeNull();
    for (const variant of stored!.variants) {
      expect(await t.context.storage.stat(variant.key)).toBeNull();
    }
    expect((await t.app.inject({ method: "GET", url: pictureUrl })).statusCode).toBe(404);

    const other = await t.app.inject({
      method: "GET",
      url: "/api/userService/user/my",
      headers: { cookie: secondSession },
    });
    expect(other.statusCode).toBe(401);
    const profile = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/userService/user/${user.userId}`,
    });
    expect(profile.statusCode).toBe(404);
    const friendProfile = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/userService/user/${friend.userId}`,
    });
    expect(friendProfile.json()).toMatchObject({ numOfFollowers: 0, numOfFollowing: 0 });
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
      headers: { origin: t.context.config.publicUrl },
    });
    expect(signIn.statusCode).toBe(401);
    // the e-mail address is free again
    await expect(signUpUser(t, { email: user.email })).resolves.toBeDefined();
  });

  it("an admin can delete another account (moderation), nobody else can", async () => {
    const target = await signUpUser(t);
    const other = await signUpUser(t);
    const admin = await signUpUser(t, { admin: true });
    const byOther = await clientFor(
      t,
      other,
    )({
      method: "DELETE",
      url: `/api/userService/user/${target.userId}`,
    });
    expect(byOther.statusCode).toBe(403);
    const byAdmin = await clientFor(
      t,
      admin,
    )({
      method: "DELETE",
      url: `/api/userService/user/${target.userId}`,
    });
    expect(byAdmin.statusCode).toBe(204);
    const gone = await clientFor(
      t,
      admin,
    )({
      method: "DELETE",
      url: `/api/userService/user/${target.userId}`,
    });
    expect(gone.statusCode).toBe(404);
  });
});
