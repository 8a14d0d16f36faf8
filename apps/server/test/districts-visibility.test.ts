import { messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { createDistrict, DISTRICT, GROUP, join } from "./support/districts.js";
import { publishedSpace, SCENES, SOCIAL } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Districts (issue 18): groups in spaces' privacy and communication lists, and the district
// visibility choices (public/private, hidden/visible, listed/unlisted) in search, explore and
// direct access.

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let host: TestUser;
let district: { districtId: string; subdomain: string };
let spaceId: string;

const as = (user: TestUser | null) => clientFor(t, user);

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  owner = await signUpUser(t, { name: "Vera Owner", plan: "pro" });
  member = await signUpUser(t, { name: "Max Member" });
  other = await signUpUser(t, { name: "Nia Nogroup" });
  outsider = await signUpUser(t, { name: "Omar Outsider" });
  host = await signUpUser(t, { name: "Hal Host", plan: "standard" });
  district = await createDistrict(t, owner, { title: "Harbour Quarter", subdomain: "harbour" });
  await join(t, owner, district.districtId, member, "Guest");
  await join(t, owner, district.districtId, other, "Guest");
  spaceId = (
    await publishedSpace(t, owner, { title: "Harbour lighthouse", districtId: district.districtId })
  ).sceneId;
});
afterAll(async () => {
  await t.close();
});

const setDistrict = async (patch: Record<string, boolean>) => {
  const response = await as(owner)({
    method: "PATCH",
    url: `${DISTRICT}/${district.districtId}/admin`,
    payload: patch,
  });
  expect(response.statusCode, response.body).toBe(200);
};
const searchIds = async (user: TestUser | null, q: string) =>
  (await as(user)({ method: "GET", url: `${SCENES}/publishedscene/metadata/search?q=${q}` }))
    .json()
    .map((card: { sceneId: string }) => card.sceneId);
const districtIds = async (user: TestUser | null, q = "") =>
  (await as(user)({ method: "GET", url: `${DISTRICT}/search?q=${q}` }))
    .json()
    .map((d: { districtId: string }) => d.districtId);
const cardStatus = async (user: TestUser | null) =>
  (await as(user)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${spaceId}` }))
    .statusCode;

describe("groups in spaces' privacy and communication lists", () => {
  it("a group member views and chats in a space restricted to the group; others do not", async () => {
    const created = await as(owner)({
      method: "POST",
      url: GROUP,
      payload: {
        districtId: district.districtId,
        title: "Crew",
        description: "The harbour crew",
        members: [member.userId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json().groupId as string;
    // any creator may name a group in their space's lists: its members are let in
    const draft = await publishedSpace(t, host, { title: "Crew cabin" });
    const restrict = await as(host)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${draft.sceneId}`,
      payload: {
        privacyACLEnabled: true,
        groupPrivacyACL: [groupId],
        communicationACLEnabled: true,
        groupCommunicationACL: [groupId],
      },
    });
    expect(restrict.statusCode, restrict.body).toBe(200);
    const view = (user: TestUser | null) =>
      as(user)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${draft.sceneId}` });
    const chat = (user: TestUser | null) =>
      as(user)({ method: "GET", url: `${SCENES}/sceneaccess/${draft.sceneId}/communication` });
    expect((await view(member)).statusCode).toBe(200);
    expect((await chat(member)).json()).toMatchObject({ allowed: true });
    for (const user of [other, outsider, null]) {
      expect((await view(user)).statusCode).toBe(403);
      expect((await chat(user)).statusCode).toBe(403);
    }
    expect(await searchIds(member, "crew")).toEqual([draft.sceneId]);
    expect(await searchIds(other, "crew")).toEqual([]);
    expect(await searchIds(null, "crew")).toEqual([]);
    // viewing but not speaking: in the view list by name, not in the speakers' group
    await as(host)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${draft.sceneId}`,
      payload: { userPrivacyACL: [other.userId] },
    });
    expect((await view(other)).statusCode).toBe(200);
    expect((await chat(other)).json()).toMatchObject({ allowed: false });
    // leaving the group closes the space again
    const emptied = await as(owner)({
      method: "PATCH",
      url: `${GROUP}/${groupId}`,
      payload: { members: [] },
    });
    expect(emptied.json().members).toEqual([]);
    expect((await view(member)).statusCode).toBe(403);
  });

  it("a user's own groups on their profile: all to them, titles and sizes to others, unless hidden", async () => {
    const keeper = await signUpUser(t, { name: "Kim Keeper" });
    // people of its own, so that the other tests' groups of `member` stay as they are
    const reader = await signUpUser(t, { name: "Rae Reader" });
    const writer = await signUpUser(t, { name: "Wes Writer" });
    const made = await as(keeper)({
      method: "POST",
      url: GROUP,
      payload: {
        title: "Book club",
        description: "Tuesdays",
        members: [reader.userId, writer.userId],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    // a district's group is not one of its owner's own
    const ofOwner = await as(null)({ method: "GET", url: `${GROUP}/user/${owner.userId}` });
    expect(ofOwner.json()).toEqual([]);
    const seen = async (user: TestUser | null) =>
      as(user)({ method: "GET", url: `${GROUP}/user/${keeper.userId}` });
    for (const user of [keeper, outsider, null]) {
      const answer = await seen(user);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        expect.objectContaining({ title: "Book club", description: "Tuesdays", memberCount: 2 }),
      ]);
      expect(answer.json()[0].members).toBeUndefined();
    }
    await t.context.database.db.execute(
      sql`UPDATE users SET hide_groups = true WHERE id = ${keeper.userId}`,
    );
    for (const user of [outsider, member, null]) {
      const hidden = await seen(user);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().message).toBe(messages.district.groupsHidden);
    }
    expect((await seen(keeper)).statusCode).toBe(200);
    expect((await as(null)({ method: "GET", url: `${GROUP}/user/nobody-here` })).statusCode).toBe(
      404,
    );
  });

  it("a district's groups are its owner's, made of its members", async () => {
    const notMember = await as(owner)({
      method: "POST",
      url: GROUP,
      payload: { districtId: district.districtId, title: "Visitors", members: [outsider.userId] },
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().fields).toEqual([
      { path: "body.members", message: messages.district.groupMembersMustBeMembers },
    ]);
    const byGuest = await as(member)({
      method: "POST",
      url: GROUP,
      payload: { districtId: district.districtId, title: "Mine" },
    });
    expect(byGuest.statusCode).toBe(403);
    const noTitle = await as(owner)({
      method: "POST",
      url: GROUP,
      payload: { districtId: district.districtId, title: " " },
    });
    expect(noTitle.json().fields).toEqual([{ path: "body.title", message: "Required" }]);
    const groups = await as(member)({
      method: "GET",
      url: `${GROUP}/district/${district.districtId}`,
    });
    expect(groups.json().map((g: { title: string }) => g.title)).toEqual(["Crew"]);
    const mine = await as(owner)({ method: "GET", url: `${GROUP}/my` });
    expect(mine.json().map((g: { title: string }) => g.title)).toEqual(["Crew"]);
    const own = await as(outsider)({
      method: "POST",
      url: GROUP,
      payload: { title: "Friends", members: [member.userId] },
    });
    expect(own.statusCode).toBe(201);
    const belongs = await as(member)({ method: "GET", url: `${GROUP}/me` });
    expect(belongs.json().map((g: { title: string }) => g.title)).toEqual(["Friends"]);
    const many = await as(other)({
      method: "GET",
      url: `${GROUP}/many?ids=${own.json().groupId},${groups.json()[0].groupId}`,
    });
    expect(many.json().map((g: { title: string }) => g.title)).toEqual(["Crew"]);
    const edit = await as(member)({
      method: "PATCH",
      url: `${GROUP}/${own.json().groupId}`,
      payload: { title: "Taken over" },
    });
    expect(edit.statusCode).toBe(403);
  });
});

describe("district visibility in search, explore and direct access", () => {
  it("public, visible and listed: everyone finds the district and its space", async () => {
    await setDistrict({ public: true, visible: true, listed: true });
    for (const user of [null, outsider, member]) {
      expect(await searchIds(user, "lighthouse")).toEqual([spaceId]);
      expect(await districtIds(user, "harb")).toEqual([district.districtId]);
      expect(await cardStatus(user)).toBe(200);
    }
    const byOwner = async (ownerId: string) =>
      (await as(null)({ method: "GET", url: `${DISTRICT}/search?ownerId=${ownerId}` }))
        .json()
        .map((d: { districtId: string }) => d.districtId);
    expect(await byOwner(owner.userId)).toEqual([district.districtId]);
    expect(await byOwner(member.userId)).toEqual([]);
  });

  it("unlisted: not listed to outsiders, still reachable by subdomain and link", async () => {
    await setDistrict({ public: true, visible: true, listed: false });
    for (const user of [null, outsider]) {
      expect(await searchIds(user, "lighthouse")).toEqual([]);
      expect(await districtIds(user)).toEqual([]);
      expect(await cardStatus(user)).toBe(200);
      const access = await as(user)({ method: "GET", url: `${DISTRICT}/access/harbour` });
      expect(access.json()).toMatchObject({ access: true });
    }
    expect(await searchIds(member, "lighthouse")).toEqual([spaceId]);
    expect(await districtIds(member)).toEqual([district.districtId]);
  });

  it("hidden: gone for everyone but members", async () => {
    await setDistrict({ public: true, visible: false, listed: true });
    for (const user of [null, outsider]) {
      expect(await searchIds(user, "lighthouse")).toEqual([]);
      expect(await districtIds(user)).toEqual([]);
      expect(await cardStatus(user)).toBe(403);
      const info = await as(user)({ method: "GET", url: `${DISTRICT}/info?subdomain=harbour` });
      expect(info.statusCode).toBe(403);
      expect(info.json().message).toBe(messages.district.noAccess);
    }
    expect(await cardStatus(member)).toBe(200);
    expect(await searchIds(member, "lighthouse")).toEqual([spaceId]);
  });

  it("private: members only, wherever one looks", async () => {
    await setDistrict({ public: false, visible: true, listed: true });
    for (const user of [null, outsider]) {
      expect(await searchIds(user, "lighthouse")).toEqual([]);
      expect(await searchIds(user, "")).not.toContain(spaceId);
      expect(await districtIds(user)).toEqual([]);
      expect(await cardStatus(user)).toBe(403);
      const many = await as(user)({
        method: "GET",
        url: `${SCENES}/publishedscene/metadata/many/${spaceId}`,
      });
      expect(many.json()).toEqual([]);
    }
    expect(await cardStatus(member)).toBe(200);
  });
});

describe("district follows", () => {
  it("follow a district one may enter, never one's own; private ones refuse outsiders", async () => {
    await setDistrict({ public: true, visible: true, listed: true });
    const follow = (user: TestUser) =>
      as(user)({
        method: "POST",
        url: `${SOCIAL}/districtfollow`,
        payload: { districtId: district.districtId },
      });
    expect((await follow(outsider)).json()).toEqual({
      districtId: district.districtId,
      follows: true,
      followers: 1,
    });
    expect((await follow(owner)).statusCode).toBe(400);
    // the districts tab tells each visitor their role and whether they follow (one query a page)
    const seenBy = async (user: TestUser | null) =>
      (await as(user)({ method: "GET", url: `${DISTRICT}/search?q=harb` })).json()[0];
    expect(await seenBy(outsider)).toMatchObject({ districtUserRole: null, follows: true });
    expect(await seenBy(member)).toMatchObject({ districtUserRole: "Guest", follows: false });
    expect(await seenBy(owner)).toMatchObject({ districtUserRole: "Owner", isOwner: true });
    expect(await seenBy(null)).toMatchObject({ districtUserRole: null, follows: false });
    // and so does the district's own info (the district site's Follow button), by subdomain or id
    for (const where of [`subdomain=${district.subdomain}`, `id=${district.districtId}`]) {
      const info = async (user: TestUser | null) =>
        (await as(user)({ method: "GET", url: `${DISTRICT}/info?${where}` })).json();
      expect(await info(outsider), where).toMatchObject({ follows: true, followers: 1 });
      expect(await info(member), where).toMatchObject({ follows: false, followers: 1 });
      expect(await info(null), where).toMatchObject({ follows: false, followers: 1 });
      const full = await as(outsider)({
        method: "GET",
        url: `${DISTRICT}/${district.districtId}/full`,
      });
      expect(full.json()).toMatchObject({ follows: true });
    }
    const followed = await as(null)({
      method: "GET",
      url: `${SOCIAL}/districtfollow/user/${outsider.userId}`,
    });
    expect(followed.json().map((d: { districtId: string }) => d.districtId)).toEqual([
      district.districtId,
    ]);
    await setDistrict({ public: false });
    expect((await follow(other)).json()).toMatchObject({ follows: true, followers: 2 });
    const refused = await as(null)({
      method: "GET",
      url: `${SOCIAL}/districtfollow/district/${district.districtId}/doesfollow`,
    });
    expect(refused.statusCode).toBe(403);
    const hiddenList = await as(null)({
      method: "GET",
      url: `${SOCIAL}/districtfollow/user/${outsider.userId}`,
    });
    expect(hiddenList.json()).toEqual([]);
    const unfollow = await as(outsider)({
      method: "DELETE",
      url: `${SOCIAL}/districtfollow/district/${district.districtId}`,
    });
    expect(unfollow.json()).toMatchObject({ follows: false, followers: 1 });
  });
});

describe("a deleted district", () => {
  it("leaves its spaces with their creators, open to no one else", async () => {
    const leaving = await signUpUser(t, { name: "Lou Leaving", plan: "pro" });
    const gone = await createDistrict(t, leaving, { title: "Closing Time", subdomain: "closing" });
    const stays = await signUpUser(t, { name: "Stan Stays", plan: "standard" });
    await join(t, leaving, gone.districtId, stays, "Creator");
    const space = await publishedSpace(t, stays, {
      title: "Last light",
      districtId: gone.districtId,
    });
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${space.sceneId}` }))
        .statusCode,
    ).toBe(200);
    // the owner's account goes, and the district with it
    await t.context.database.db.execute(sql`DELETE FROM users WHERE id = ${leaving.userId}`);
    const own = await as(stays)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${space.sceneId}`,
    });
    expect(own.json()).toMatchObject({ districtId: null, privacyACLEnabled: true });
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/${space.sceneId}` }))
        .statusCode,
    ).toBe(403);
    expect(await searchIds(outsider, "last")).toEqual([]);
  });
});

describe("districts tab cache", () => {
  it("answers signed-out district searches from memory for SEARCH_CACHE_MS, signed-in ones never", async () => {
    const cached = await createTestApp({ SEARCH_CACHE_MS: "60000" });
    try {
      await ensurePremadeSpaces(cached.context.database);
      const founder = await signUpUser(cached, { name: "Cora Cache", plan: "pro" });
      const search = async (user: TestUser | null) =>
        (
          (
            await clientFor(cached, user)({ method: "GET", url: `${DISTRICT}/search?q=lantern` })
          ).json() as unknown[]
        ).length;
      expect(await search(null)).toBe(0);
      await createDistrict(cached, founder, { title: "Lantern Row", subdomain: "lantern-row" });
      expect(await search(null)).toBe(0);
      expect(await search(founder)).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
