import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { jpegWithMetadata, multipartBody, pngImage } from "./support/images.js";
import { clientFor, signUpUser } from "./support/users.js";

describe("profiles, settings, search and follows", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("PATCH user as JSON changes settings and profile fields, and my-user shows them", async () => {
    const user = await signUpUser(t);
    const as = clientFor(t, user);
    const response = await as({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      payload: {
        searchable: false,
        autoSave: false,
        hideContentLibrary: true,
        hideGroups: true,
        language: "en",
        bio: "I build museums.",
        city: "Athens",
        country: "Greece",
        birthday: "1990-04-01",
        occupation: "Curator",
        website: "https://curator.example.org",
        username: "The.Curator",
        socialMedia: [{ name: "Instagram", url: "https://instagram.com/curator" }],
        avatar: "coral",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: user.userId,
      bio: "I build museums.",
      username: "the.curator",
      email: user.email,
      avatar: "coral",
      numOfFollowers: 0,
      numPublishedSpaces: 0,
    });
    const me = (await as({ method: "GET", url: "/api/userService/user/my" })).json();
    expect(me).toMatchObject({
      searchable: false,
      autoSave: false,
      hideContentLibrary: true,
      hideGroups: true,
      username: "the.curator",
    });
  });

  it("PATCH user as multipart (the spec's form) works too", async () => {
    const user = await signUpUser(t);
    const form = multipartBody({ searchable: "false", autoSave: "true", city: "Lyon" });
    const response = await clientFor(
      t,
      user,
    )({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...form,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().city).toBe("Lyon");
  });

  it("refuses bad profile input with the field and the spec's message", async () => {
    const user = await signUpUser(t);
    const as = clientFor(t, user);
    const social = await as({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      payload: { socialMedia: [{ name: "Facebook", url: "https://example.com/me" }] },
    });
    expect(social.statusCode).toBe(400);
    expect(social.json().fields).toEqual([
      { path: "body.socialMedia.0.url", message: "Please provide a valid Facebook url" },
    ]);
    for (const payload of [
      { birthday: "1990-13-45" },
      { searchable: "maybe" },
      { avatar: "not-an-avatar" },
      { website: "javascript:alert(1)" },
      { username: "a" },
      { unknownField: 1 },
      { name: "" },
    ]) {
      const response = await as({
        method: "PATCH",
        url: `/api/userService/user/${user.userId}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("a username belongs to one account", async () => {
    const first = await signUpUser(t);
    const second = await signUpUser(t);
    await clientFor(
      t,
      first,
    )({
      method: "PATCH",
      url: `/api/userService/user/${first.userId}`,
      payload: { username: "unique_name" },
    });
    const taken = await clientFor(
      t,
      second,
    )({
      method: "PATCH",
      url: `/api/userService/user/${second.userId}`,
      payload: { username: "Unique_Name" },
    });
    expect(taken.statusCode).toBe(409);
  });

  it("stores a cropped, re-encoded profile picture without its metadata", async () => {
    const user = await signUpUser(t);
    const photo = await jpegWithMetadata(400, 300);
    const form = multipartBody(
      {
        profilePictureCrop: JSON.stringify({ x: 100, y: 50, width: 200, height: 200, rotation: 0 }),
      },
      { profilePicture: { data: photo, filename: "me.jpg", contentType: "image/jpeg" } },
    );
    const as = clientFor(t, user);
    const response = await as({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...form,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/fileService\/file\/[\w-]+$/);
    const file = await t.app.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 200]);
    expect(metadata.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
    // the crop took the middle: its left edge is the gradient's quarter, not its start
    const { data } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(50);

    const replaced = await as({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...multipartBody(
        {},
        {
          profilePicture: {
            data: await pngImage(64, 64),
            filename: "new.png",
            contentType: "image/png",
          },
        },
      ),
    });
    expect(replaced.json().profilePicture).not.toBe(url);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("applies the crop step's rotation", async () => {
    const user = await signUpUser(t);
    const form = multipartBody(
      { coverPhotoCrop: JSON.stringify({ x: 0, y: 0, width: 300, height: 100, rotation: 90 }) },
      {
        coverPhoto: {
          data: await pngImage(100, 400),
          filename: "c.png",
          contentType: "image/png",
        },
      },
    );
    const response = await clientFor(
      t,
      user,
    )({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...form,
    });
    expect(response.statusCode).toBe(200);
    const file = await t.app.inject({ method: "GET", url: response.json().coverPhoto });
    const metadata = await sharp(file.rawPayload).metadata();
    // a 100x400 portrait turned a quarter is 400x100: the 300x100 crop fits inside it
    expect([metadata.width, metadata.height]).toEqual([300, 100]);
  });

  it("refuses a file that is not an image whatever its name and type say", async () => {
    const user = await signUpUser(t);
    const response = await clientFor(
      t,
      user,
    )({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...multipartBody(
        {},
        {
          profilePicture: {
            data: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            ),
            filename: "me.png",
            contentType: "image/png",
          },
        },
      ),
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const user = await signUpUser(t);
    // a tiny PNG whose header claims 20000 x 20000 pixels (1.6 GB once decoded)
    const bomb = await pngImage(1, 1);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(2_000_000);
    const response = await clientFor(
      t,
      user,
    )({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...multipartBody(
        {},
        { profilePicture: { data: bomb, filename: "b.png", contentType: "image/png" } },
      ),
    });
    expect(response.statusCode).toBe(413);
  });

  it("refuses a picture over the size limit while it streams in", async () => {
    const user = await signUpUser(t);
    const response = await clientFor(
      t,
      user,
    )({
      method: "PATCH",
      url: `/api/userService/user/${user.userId}`,
      ...multipartBody(
        {},
        {
          profilePicture: {
            data: Buffer.alloc(11 * 1024 * 1024, 1),
            filename: "big.png",
            contentType: "image/png",
          },
        },
      ),
    });
    expect(response.statusCode).toBe(413);
  });

  it("the public profile hides the e-mail from others and shows it to its owner", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const byOther = await clientFor(
      t,
      other,
    )({
      method: "GET",
      url: `/api/userService/user/${owner.userId}`,
    });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json().email).toBeNull();
    const anonymous = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/userService/user/${owner.userId}`,
    });
    expect(anonymous.json().email).toBeNull();
    const missing = await clientFor(t, null)({ method: "GET", url: "/api/userService/user/nope" });
    expect(missing.statusCode).toBe(404);
  });

  it("user search finds searchable users by name or username, never the others", async () => {
    const visible = await signUpUser(t, { name: "Zelda Searchable" });
    const hidden = await signUpUser(t, { name: "Zelda Hidden" });
    await clientFor(
      t,
      hidden,
    )({
      method: "PATCH",
      url: `/api/userService/user/${hidden.userId}`,
      payload: { searchable: false },
    });
    const results = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: "/api/userService/user/search?q=zelda",
    });
    expect(results.statusCode).toBe(200);
    const ids = (results.json() as { userId: string }[]).map((user) => user.userId);
    expect(ids).toContain(visible.userId);
    expect(ids).not.toContain(hidden.userId);
    const wildcard = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: "/api/userService/user/search?q=%25",
    });
    expect(wildcard.json()).toEqual([]);
    const page = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: "/api/userService/user/search?q=zelda&cp=0&ipp=1000",
    });
    expect(page.statusCode).toBe(400);
  });

  it("user search with no text lists creators, the most followed first, never the hidden", async () => {
    const popular = await signUpUser(t, { name: "Quill Popular" });
    const liked = await signUpUser(t, { name: "Quill Liked" });
    const hidden = await signUpUser(t, { name: "Quill Hidden" });
    await clientFor(
      t,
      hidden,
    )({
      method: "PATCH",
      url: `/api/userService/user/${hidden.userId}`,
      payload: { searchable: false },
    });
    const fans = await Promise.all([1, 2, 3].map((n) => signUpUser(t, { name: `Quill Fan ${n}` })));
    const follow = (fan: (typeof fans)[number], followeeId: string) =>
      clientFor(
        t,
        fan,
      )({
        method: "POST",
        url: "/api/socialInteractionService/userFollow",
        payload: { userId: followeeId },
      });
    for (const fan of fans)
      expect((await follow(fan, popular.userId)).statusCode).toBeLessThan(300);
    expect((await follow(fans[0]!, liked.userId)).statusCode).toBeLessThan(300);
    expect((await follow(fans[1]!, hidden.userId)).statusCode).toBeLessThan(300);

    const all: string[] = [];
    for (let cp = 0; ; cp++) {
      const page = await clientFor(
        t,
        null,
      )({
        method: "GET",
        url: `/api/userService/user/search?cp=${cp}&ipp=50`,
      });
      expect(page.statusCode).toBe(200);
      const ids = (page.json() as { userId: string }[]).map((user) => user.userId);
      all.push(...ids);
      if (ids.length < 50) break;
    }
    expect(all).toContain(fans[2]!.userId);
    expect(all).not.toContain(hidden.userId);
    expect(all.indexOf(popular.userId)).toBeLessThan(all.indexOf(liked.userId));
    expect(all.indexOf(liked.userId)).toBeLessThan(all.indexOf(fans[0]!.userId));
    expect(new Set(all).size).toBe(all.length);
    const blank = await clientFor(
      t,
      null,
    )({ method: "GET", url: "/api/userService/user/search?q=%20%20" });
    expect((blank.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it("follows: follow, counts, lists, unfollow, never yourself", async () => {
    const star = await signUpUser(t, { name: "Star" });
    const fan = await signUpUser(t, { name: "Fan" });
    const asFan = clientFor(t, fan);
    const self = await clientFor(
      t,
      star,
    )({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: star.userId },
    });
    expect(self.statusCode).toBe(400);

    const follow = await asFan({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: star.userId },
    });
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({ following: true, followedBy: false, numOfFollowers: 1 });
    // following twice is still one follow
    await asFan({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: star.userId },
    });
    const followers = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/socialInteractionService/userFollow/${star.userId}/followers`,
    });
    expect(followers.json()).toEqual([
      expect.objectContaining({ userId: fan.userId, name: "Fan" }),
    ]);
    const following = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/socialInteractionService/userFollow/${fan.userId}/following`,
    });
    expect(following.json()).toEqual([expect.objectContaining({ userId: star.userId })]);
    const profile = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/userService/user/${fan.userId}`,
    });
    expect(profile.json()).toMatchObject({ numOfFollowers: 0, numOfFollowing: 1 });

    const unfollow = await asFan({
      method: "DELETE",
      url: `/api/socialInteractionService/userFollow/${star.userId}`,
    });
    expect(unfollow.json()).toEqual({ following: false, followedBy: false, numOfFollowers: 0 });
    const missing = await asFan({
      method: "POST",
      url: "/api/socialInteractionService/userFollow",
      payload: { userId: "no-such-user" },
    });
    expect(missing.statusCode).toBe(404);
  });
});
