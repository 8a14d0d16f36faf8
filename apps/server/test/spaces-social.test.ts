import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { createDraft, publishedSpace, SCENES, SOCIAL } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// /api/socialInteractionService for spaces: likes, threaded comments, daily views, history and
// favourites, with who may do what.

let t: TestApp;
let owner: TestUser;
let fan: TestUser;
let other: TestUser;
let sceneId: string;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  owner = await signUpUser(t, { name: "Olive Owner" });
  fan = await signUpUser(t, { name: "Fay Fan" });
  other = await signUpUser(t, { name: "Otto Other" });
  sceneId = (await publishedSpace(t, owner, { title: "Social space" })).sceneId;
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => clientFor(t, user);

describe("likes", () => {
  it("toggles a like and counts it; signed-out visitors read the count only", async () => {
    const like = () =>
      as(fan)({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId } });
    expect((await like()).json()).toEqual({ sceneId, liked: true, likes: 1 });
    const state = await as(fan)({ method: "GET", url: `${SOCIAL}/scenelike/scene/${sceneId}` });
    expect(state.json()).toEqual({ sceneId, liked: true, likes: 1 });
    const anonymous = await as(null)({
      method: "GET",
      url: `${SOCIAL}/scenelike/scene/${sceneId}`,
    });
    expect(anonymous.json()).toEqual({ sceneId, liked: false, likes: 1 });
    expect((await like()).json()).toEqual({ sceneId, liked: false, likes: 0 });
    await like();
    const card = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${sceneId}`,
    });
    expect(card.json().likes).toBe(1);
    const liked = await as(null)({ method: "GET", url: `${SOCIAL}/scenelike/user/${fan.userId}` });
    expect((liked.json() as { sceneId: string }[]).map((entry) => entry.sceneId)).toEqual([
      sceneId,
    ]);
    expect(
      (await as(null)({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await as(fan)({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId: "nope" } }))
        .statusCode,
    ).toBe(404);
  });

  it("a draft cannot be liked by others", async () => {
    const draft = await createDraft(t, owner);
    const response = await as(fan)({
      method: "POST",
      url: `${SOCIAL}/scenelike`,
      payload: { sceneId: draft.sceneId },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("comments", () => {
  it("threads replies, marks edits, and lets the author or the owner delete", async () => {
    const post = (user: TestUser, body: string, parentCommentId: string | null = null) =>
      as(user)({
        method: "POST",
        url: `${SOCIAL}/scenecomment`,
        payload: { sceneId, body, parentCommentId },
      });
    const first = await post(fan, "Lovely light in here");
    expect(first.statusCode).toBe(201);
    const comment = first.json();
    expect(comment).toMatchObject({
      body: "Lovely light in here",
      edited: false,
      user: { userId: fan.userId },
    });
    const reply = (await post(owner, "Thank you!", comment.commentId)).json();
    expect(reply.parentCommentId).toBe(comment.commentId);

    const list = await as(null)({ method: "GET", url: `${SOCIAL}/scenecomment/scene/${sceneId}` });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].childComments[0].body).toBe("Thank you!");
    const card = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${sceneId}`,
    });
    expect(card.json().commentsCount).toBe(2);

    const edit = (user: TestUser, id: string, body: string) =>
      as(user)({ method: "PATCH", url: `${SOCIAL}/scenecomment/${id}`, payload: { body } });
    expect((await edit(other, comment.commentId, "hijack")).statusCode).toBe(403);
    const edited = await edit(fan, comment.commentId, "Lovely light!");
    expect(edited.json()).toMatchObject({ body: "Lovely light!", edited: true });
    expect((await edit(fan, comment.commentId, "   ")).statusCode).toBe(400);

    const remove = (user: TestUser, id: string) =>
      as(user)({ method: "DELETE", url: `${SOCIAL}/scenecomment/${id}` });
    const byOther = (await post(other, "Spam")).json();
    expect((await remove(fan, byOther.commentId)).statusCode).toBe(403);
    expect((await remove(owner, byOther.commentId)).statusCode).toBe(200);
    expect((await remove(fan, comment.commentId)).statusCode).toBe(200);
    const after = await as(null)({ method: "GET", url: `${SOCIAL}/scenecomment/scene/${sceneId}` });
    expect(after.json()).toEqual([]);
    const counted = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${sceneId}`,
    });
    expect(counted.json().commentsCount).toBe(0);
  });

  it("refuses replies to another space's comment, empty bodies and signed-out writers", async () => {
    const elsewhere = await publishedSpace(t, other, { title: "Elsewhere" });
    const foreign = (
      await as(other)({
        method: "POST",
        url: `${SOCIAL}/scenecomment`,
        payload: { sceneId: elsewhere.sceneId, body: "Hi" },
      })
    ).json();
    const reply = await as(fan)({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, body: "Reply", parentCommentId: foreign.commentId },
    });
    expect(reply.statusCode).toBe(400);
    expect(
      (
        await as(fan)({
          method: "POST",
          url: `${SOCIAL}/scenecomment`,
          payload: { sceneId, body: "" },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(null)({
          method: "POST",
          url: `${SOCIAL}/scenecomment`,
          payload: { sceneId, body: "x" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("comments switched off for a space: none listed, none accepted", async () => {
    await as(owner)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      payload: { comments: false },
    });
    const post = await as(fan)({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, body: "Hello?" },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe("Comments are turned off for this space");
    await as(owner)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      payload: { comments: true },
    });
  });
});

describe("views, history and favourites", () => {
  it("counts a view once per visitor per day and records signed-in visits in the history", async () => {
    const view = (user: TestUser | null, cookie?: string) =>
      as(user)({
        method: "POST",
        url: `${SOCIAL}/sceneview`,
        payload: { sceneId },
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const first = await view(fan);
    expect(first.json()).toMatchObject({ counted: true, views: 1 });
    expect((await view(fan)).json()).toMatchObject({ counted: false, views: 1 });
    const anonymous = await view(null);
    expect(anonymous.json()).toMatchObject({ counted: true, views: 2 });
    const visitorCookie = String(anonymous.headers["set-cookie"]).split(";")[0] as string;
    expect((await view(null, visitorCookie)).json()).toMatchObject({ counted: false, views: 2 });

    const history = await as(fan)({ method: "GET", url: `${SOCIAL}/scenehistory/my` });
    expect(history.statusCode).toBe(200);
    expect(history.json()[0].space.sceneId).toBe(sceneId);
    expect((await as(null)({ method: "GET", url: `${SOCIAL}/scenehistory/my` })).statusCode).toBe(
      401,
    );
    await as(fan)({ method: "DELETE", url: `${SOCIAL}/scenehistory/my` });
    expect((await as(fan)({ method: "GET", url: `${SOCIAL}/scenehistory/my` })).json()).toEqual([]);
  });

  it("adds and removes favourites", async () => {
    const toggle = () =>
      as(fan)({ method: "POST", url: `${SOCIAL}/scenefavorite`, payload: { sceneId } });
    expect((await toggle()).json()).toEqual({ sceneId, favorite: true });
    const state = await as(fan)({ method: "GET", url: `${SOCIAL}/scenefavorite/scene/${sceneId}` });
    expect(state.json().favorite).toBe(true);
    const list = await as(fan)({ method: "GET", url: `${SOCIAL}/scenefavorite/my` });
    expect(list.json()[0].space.title).toBe("Social space");
    // the cards of a page read every favourite id in one call
    const ids = await as(fan)({ method: "GET", url: `${SOCIAL}/scenefavorite/my/ids` });
    expect(ids.json()).toEqual({ sceneIds: [sceneId] });
    expect(
      (await as(null)({ method: "GET", url: `${SOCIAL}/scenefavorite/my/ids` })).statusCode,
    ).toBe(401);
    expect((await toggle()).json()).toEqual({ sceneId, favorite: false });
    expect(
      (await as(fan)({ method: "GET", url: `${SOCIAL}/scenefavorite/my/ids` })).json(),
    ).toEqual({ sceneIds: [] });
    expect((await as(fan)({ method: "GET", url: `${SOCIAL}/scenefavorite/my` })).json()).toEqual(
      [],
    );
  });

  it("deleting a space takes its likes, comments, views and favourites with it", async () => {
    const space = await publishedSpace(t, fan, { title: "Short-lived" });
    await as(other)({
      method: "POST",
      url: `${SOCIAL}/scenelike`,
      payload: { sceneId: space.sceneId },
    });
    await as(other)({
      method: "POST",
      url: `${SOCIAL}/scenefavorite`,
      payload: { sceneId: space.sceneId },
    });
    await as(fan)({ method: "POST", url: `${SCENES}/sceneactions/${space.sceneId}/delete` });
    expect((await as(other)({ method: "GET", url: `${SOCIAL}/scenefavorite/my` })).json()).toEqual(
      [],
    );
    expect(
      (await as(null)({ method: "GET", url: `${SOCIAL}/scenelike/user/${other.userId}` })).json(),
    ).toEqual([]);
  });
});

describe("account deletion", () => {
  it("takes the person's spaces, slots, likes and comments with the account", async () => {
    const leaving = await signUpUser(t, { name: "Lea Leaving" });
    const space = await publishedSpace(t, leaving, { title: "Goodbye hall" });
    await as(leaving)({ method: "POST", url: `${SOCIAL}/scenelike`, payload: { sceneId } });
    await as(leaving)({
      method: "POST",
      url: `${SOCIAL}/scenecomment`,
      payload: { sceneId, body: "Bye!" },
    });
    const before = (
      await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${sceneId}` })
    ).json();
    const response = await as(leaving)({
      method: "POST",
      url: "/api/auth/delete-account",
      payload: { password: leaving.password },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${space.sceneId}` }))
        .statusCode,
    ).toBe(404);
    const comments = (
      await as(null)({ method: "GET", url: `${SOCIAL}/scenecomment/scene/${sceneId}` })
    ).json();
    expect(JSON.stringify(comments)).not.toContain("Bye!");
    const after = (
      await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${sceneId}` })
    ).json();
    expect(after.likes).toBe(before.likes - 1);
    expect(after.commentsCount).toBe(before.commentsCount - 1);
  });
});
