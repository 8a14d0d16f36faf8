import { messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { DISTRICT, type DistrictCreated, invite, twoDistricts } from "./support/districts.js";
import {
  createDraft,
  freeSlotId,
  publishedSpace,
  SCENES,
  sampleDocument,
  saveDocument,
} from "./support/spaces.js";
import { clientFor, type TestUser } from "./support/users.js";

// The district site's own calls (issue 18): a district's spaces (published and drafts) and
// revoking an invitation, across two districts and the five kinds of visitor.

let t: TestApp;
let ownerA: TestUser;
let creatorA: TestUser;
let guestA: TestUser;
let ownerB: TestUser;
let outsider: TestUser;
let a: DistrictCreated;
let b: DistrictCreated;

const as = (user: TestUser | null) => clientFor(t, user);
const visitors = () =>
  [
    ["owner", ownerA],
    ["creator", creatorA],
    ["guest", guestA],
    ["outsider", outsider],
    ["signed out", null],
  ] as const;
type Kind = ReturnType<typeof visitors>[number][0];
const ids = (body: { sceneId: string }[]) => body.map((space) => space.sceneId).sort();

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  ({ ownerA, creatorA, guestA, ownerB, outsider, a, b } = await twoDistricts(t, {
    a: { title: "Site Private", subdomain: "site-private" },
    b: { title: "Site Open", subdomain: "site-open" },
  }));
});
afterAll(async () => {
  await t.close();
});

describe("a district's spaces (GET scene/district/{id})", () => {
  it("published: everyone who may enter the district, none of another district's", async () => {
    const inA = await publishedSpace(t, creatorA, {
      title: "Harbour hall",
      districtId: a.districtId,
    });
    const inB = await publishedSpace(t, ownerB, { title: "Open hall", districtId: b.districtId });
    const outside = await publishedSpace(t, outsider, { title: "Elsewhere" });
    const expectedA: Record<Kind, number> = {
      owner: 200,
      creator: 200,
      guest: 200,
      outsider: 403,
      "signed out": 403,
    };
    for (const [kind, user] of visitors()) {
      const listA = await as(user)({
        method: "GET",
        url: `${SCENES}/scene/district/${a.districtId}`,
      });
      expect(listA.statusCode, kind).toBe(expectedA[kind]);
      if (listA.statusCode === 200) expect(ids(listA.json()), kind).toEqual([inA.sceneId]);
      else expect(listA.json().message).toBe(messages.district.noAccess);
      const listB = await as(user)({
        method: "GET",
        url: `${SCENES}/scene/district/${b.districtId}?state=Published`,
      });
      expect(listB.statusCode, kind).toBe(200);
      expect(ids(listB.json()), kind).toEqual([inB.sceneId]);
      expect(ids(listB.json())).not.toContain(outside.sceneId);
    }
    const unknown = await as(ownerA)({ method: "GET", url: `${SCENES}/scene/district/nope` });
    expect(unknown.statusCode).toBe(404);
    // a hidden space shows to its creator only
    const hidden = await as(creatorA)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${inA.sceneId}/visibility`,
      payload: { visible: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const byOwner = await as(ownerA)({
      method: "GET",
      url: `${SCENES}/scene/district/${a.districtId}`,
    });
    expect(ids(byOwner.json())).toEqual([]);
    const byCreator = await as(creatorA)({
      method: "GET",
      url: `${SCENES}/scene/district/${a.districtId}`,
    });
    expect(ids(byCreator.json())).toEqual([inA.sceneId]);
  });

  it("drafts: the owner sees all of them, a creator their own; guests and others nothing", async () => {
    const creatorDraft = await createDraft(t, creatorA, {
      title: "Creator's draft",
      districtId: a.districtId,
    });
    const ownerDraft = await createDraft(t, ownerA, {
      title: "Owner's draft",
      districtId: a.districtId,
    });
    const personal = await createDraft(t, creatorA, { title: "Not in a district" });
    const expected: Record<Kind, number> = {
      owner: 200,
      creator: 200,
      guest: 403,
      outsider: 403,
      "signed out": 401,
    };
    for (const [kind, user] of visitors()) {
      const response = await as(user)({
        method: "GET",
        url: `${SCENES}/scene/district/${a.districtId}?state=Draft`,
      });
      expect(response.statusCode, kind).toBe(expected[kind]);
      if (kind === "owner")
        expect(ids(response.json())).toEqual(
          [a.freeSceneId, creatorDraft.sceneId, ownerDraft.sceneId].sort(),
        );
      if (kind === "creator") expect(ids(response.json())).toEqual([creatorDraft.sceneId]);
      if (kind === "guest") expect(response.json().message).toBe(messages.district.creatorsOnly);
      if (response.statusCode === 200) expect(ids(response.json())).not.toContain(personal.sceneId);
    }
    // the owner of one district sees no drafts of another
    const other = await as(ownerA)({
      method: "GET",
      url: `${SCENES}/scene/district/${b.districtId}?state=Draft`,
    });
    expect(other.statusCode).toBe(403);
    const mine = await as(ownerB)({
      method: "GET",
      url: `${SCENES}/scene/district/${b.districtId}?state=Draft`,
    });
    expect(ids(mine.json())).toEqual([b.freeSceneId]);
    const bad = await as(ownerA)({
      method: "GET",
      url: `${SCENES}/scene/district/${a.districtId}?state=Deleted`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("revoking an invitation (DELETE district/{id}/invite/{invitationId})", () => {
  it("only the district's owner revokes; the link then grants nothing", async () => {
    const { code, invitationId } = await invite(
      t,
      ownerA,
      a.districtId,
      "later@example.test",
      "Guest",
    );
    const expected: Record<Kind, number> = {
      owner: 200,
      creator: 403,
      guest: 403,
      outsider: 403,
      "signed out": 401,
    };
    // everyone but the owner first: the invitation must still be there for the owner
    for (const [kind, user] of [...visitors()].reverse()) {
      const response = await as(user)({
        method: "DELETE",
        url: `${DISTRICT}/${a.districtId}/invite/${invitationId}`,
      });
      expect(response.statusCode, kind).toBe(expected[kind]);
      if (kind === "creator") expect(response.json().message).toBe(messages.district.ownersOnly);
      if (kind === "owner") expect(response.json()).toEqual({ invitationId, revoked: true });
    }
    const accept = await as(outsider)({
      method: "POST",
      url: `${DISTRICT}/accept-invitation/${code}`,
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().message).toBe(messages.district.invitationInvalid);
    const list = await as(ownerA)({ method: "GET", url: `${DISTRICT}/${a.districtId}/invite` });
    expect(list.json().map((i: { invitationId: string }) => i.invitationId)).not.toContain(
      invitationId,
    );
    const again = await as(ownerA)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/invite/${invitationId}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it("another district's owner cannot revoke it, and a used one stays", async () => {
    const { code, invitationId } = await invite(t, ownerA, a.districtId, outsider.email, "Guest");
    const fromB = await as(ownerB)({
      method: "DELETE",
      url: `${DISTRICT}/${b.districtId}/invite/${invitationId}`,
    });
    expect(fromB.statusCode).toBe(404);
    const viaA = await as(ownerB)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/invite/${invitationId}`,
    });
    expect(viaA.statusCode).toBe(403);
    const accept = await as(outsider)({
      method: "POST",
      url: `${DISTRICT}/accept-invitation/${code}`,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const used = await as(ownerA)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/invite/${invitationId}`,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(messages.district.invitationUsed);
    const removed = await as(ownerA)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/member/${outsider.userId}`,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe("a district's library (assetService {family}/byDistrict/{id})", () => {
  const webview = async (user: TestUser, url: string) => {
    const response = await as(user)({
      method: "POST",
      url: "/api/assetService/webview3d",
      payload: { url },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().assetId as string;
  };
  const share = (user: TestUser | null, assetId: string, districtId: string) =>
    as(user)({
      method: "PUT",
      url: `/api/assetService/webview3d/${assetId}/district/${districtId}`,
    });
  const unshare = (user: TestUser | null, assetId: string, districtId: string) =>
    as(user)({
      method: "DELETE",
      url: `/api/assetService/webview3d/${assetId}/district/${districtId}`,
    });
  const listed = async (user: TestUser | null, districtId: string) => {
    const response = await as(user)({
      method: "GET",
      url: `/api/assetService/webview3d/byDistrict/${districtId}`,
    });
    return {
      status: response.statusCode,
      ids:
        response.statusCode === 200
          ? response.json().map((i: { assetId: string }) => i.assetId)
          : [],
    };
  };

  it("its owner and creators share their own items; everyone who may enter sees them", async () => {
    const byCreator = await webview(creatorA, "https://example.com/creator");
    const byOwner = await webview(ownerA, "https://example.com/owner");
    const byGuest = await webview(guestA, "https://example.com/guest");
    const byOutsider = await webview(outsider, "https://example.com/outsider");
    const byOwnerB = await webview(ownerB, "https://example.com/owner-b");

    expect((await share(creatorA, byCreator, a.districtId)).statusCode).toBe(200);
    expect((await share(ownerA, byOwner, a.districtId)).statusCode).toBe(200);
    const guest = await share(guestA, byGuest, a.districtId);
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(messages.district.creatorsOnly);
    const outsiderShare = await share(outsider, byOutsider, a.districtId);
    expect(outsiderShare.statusCode).toBe(403);
    expect(outsiderShare.json().message).toBe(messages.district.noAccess);
    // another district's owner, and someone else's item, and signed out
    expect((await share(ownerB, byOwnerB, a.districtId)).statusCode).toBe(403);
    expect((await share(creatorA, byOwner, a.districtId)).statusCode).toBe(403);
    expect((await share(null, byCreator, a.districtId)).statusCode).toBe(401);
    expect((await share(ownerB, byOwnerB, b.districtId)).statusCode).toBe(200);

    const expectedA: Record<Kind, number> = {
      owner: 200,
      creator: 200,
      guest: 200,
      outsider: 403,
      "signed out": 403,
    };
    for (const [kind, user] of visitors()) {
      const inA = await listed(user, a.districtId);
      expect(inA.status, kind).toBe(expectedA[kind]);
      if (inA.status === 200) expect(inA.ids.sort(), kind).toEqual([byCreator, byOwner].sort());
      const inB = await listed(user, b.districtId);
      expect(inB.status, kind).toBe(200);
      expect(inB.ids, kind).toEqual([byOwnerB]);
    }
    // the owner's own library is unchanged: sharing does not move an item
    const mine = await as(creatorA)({
      method: "GET",
      url: "/api/assetService/webview3d/myLibrary",
    });
    expect(mine.json().map((i: { assetId: string }) => i.assetId)).toContain(byCreator);
  });

  it("the owner takes any item out, a creator their own only; guests and others nothing", async () => {
    const item = await webview(creatorA, "https://example.com/to-remove");
    const ownersItem = await webview(ownerA, "https://example.com/owners-own");
    expect((await share(creatorA, item, a.districtId)).statusCode).toBe(200);
    expect((await share(ownerA, ownersItem, a.districtId)).statusCode).toBe(200);
    expect((await unshare(guestA, item, a.districtId)).statusCode).toBe(403);
    expect((await unshare(outsider, item, a.districtId)).statusCode).toBe(403);
    expect((await unshare(ownerB, item, a.districtId)).statusCode).toBe(403);
    expect((await unshare(null, item, a.districtId)).statusCode).toBe(401);
    const notTheirs = await unshare(creatorA, ownersItem, a.districtId);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(messages.district.ownersOnly);
    expect((await unshare(ownerA, item, a.districtId)).statusCode).toBe(200);
    expect((await listed(ownerA, a.districtId)).ids).not.toContain(item);
    expect((await share(creatorA, item, a.districtId)).statusCode).toBe(200);
    expect((await unshare(creatorA, item, a.districtId)).statusCode).toBe(200);
    expect((await unshare(creatorA, item, a.districtId)).statusCode).toBe(404);
    // deleting the item takes it out of the district's library too
    expect((await share(ownerA, ownersItem, a.districtId)).statusCode).toBe(200);
    const deleted = await as(ownerA)({
      method: "DELETE",
      url: `/api/assetService/webview3d/${ownersItem}`,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await listed(ownerA, a.districtId)).ids).not.toContain(ownersItem);
  });
});

describe("a district's slots (district/{id}/slots)", () => {
  /** A slot of the district, held by its owner, as the district's purchases make them. */
  async function districtSlot(
    district: { districtId: string; subdomain: string },
    ownerId: string,
    id: string,
  ) {
    await t.context.database.db.execute(
      sql`INSERT INTO space_slots (id, owner_id, kind, district_id, district_subdomain, keep_alive_credits)
        VALUES (${id}, ${ownerId}, 'district', ${district.districtId}, ${district.subdomain}, 0)`,
    );
    return id;
  }
  const emptyOnes = (slots: { slotId: string; sceneId: string | null }[]) =>
    slots.filter((slot) => slot.sceneId === null).map((slot) => slot.slotId);
  const slotsOf = async (user: TestUser | null, districtId: string) =>
    as(user)({ method: "GET", url: `${DISTRICT}/${districtId}/slots` });
  const allocate = (user: TestUser | null, districtId: string, slotId: string, userId: string) =>
    as(user)({
      method: "PATCH",
      url: `${DISTRICT}/${districtId}/slots/${slotId}`,
      payload: { userId },
    });
  const publishOnly = (user: TestUser, sceneId: string, slotId: string) =>
    as(user)({
      method: "POST",
      url: `${SCENES}/sceneactions/${sceneId}/publish`,
      payload: { publishedPublic: true, slotId },
    });
  /** Saves the sample document (first save) and publishes. */
  const publish = async (user: TestUser, sceneId: string, slotId: string) => {
    const saved = await saveDocument(t, user, sceneId, sampleDocument(), 0);
    expect(saved.statusCode, saved.body).toBe(200);
    return publishOnly(user, sceneId, slotId);
  };

  it("the owner allocates slots to creators; the holder publishes the district's spaces there", async () => {
    const first = await districtSlot(a, ownerA.userId, "slot-site-a-1");
    const second = await districtSlot(a, ownerA.userId, "slot-site-a-2");
    const inB = await districtSlot(b, ownerB.userId, "slot-site-b-1");
    const expected: Record<Kind, number> = {
      owner: 200,
      creator: 200,
      guest: 403,
      outsider: 403,
      "signed out": 401,
    };
    for (const [kind, user] of visitors()) {
      const response = await slotsOf(user, a.districtId);
      expect(response.statusCode, kind).toBe(expected[kind]);
      if (kind === "owner")
        // the slot a district comes with, and the two bought
        expect(response.json().map((slot: { slotId: string }) => slot.slotId)).toEqual(
          expect.arrayContaining([first, second]),
        );
      // the creator holds none free yet (the one of the published spaces above is taken)
      if (kind === "creator") expect(emptyOnes(response.json())).toEqual([]);
    }
    // a district's draft is not published into one's own slots; without a district slot the
    // member is told to ask the owner
    const early = await createDraft(t, creatorA, { title: "Early hall", districtId: a.districtId });
    await saveDocument(t, creatorA, early.sceneId, sampleDocument(), 0);
    for (const slotId of [await freeSlotId(t, creatorA), first]) {
      const refused = await publishOnly(creatorA, early.sceneId, slotId);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(messages.district.askOwnerForSlot);
    }
    // only the owner allocates, only to those who may create, only this district's slots
    const refused: [TestUser | null, number][] = [
      [creatorA, 403],
      [guestA, 403],
      [outsider, 403],
      [ownerB, 403],
      [null, 401],
    ];
    for (const [user, status] of refused)
      expect((await allocate(user, a.districtId, first, creatorA.userId)).statusCode).toBe(status);
    const toGuest = await allocate(ownerA, a.districtId, first, guestA.userId);
    expect(toGuest.statusCode).toBe(403);
    expect(toGuest.json().message).toBe(messages.district.slotHolderMustCreate);
    expect((await allocate(ownerA, a.districtId, first, outsider.userId)).statusCode).toBe(403);
    expect((await allocate(ownerA, a.districtId, inB, creatorA.userId)).statusCode).toBe(404);
    const bad = await allocate(ownerA, a.districtId, first, "");
    expect(bad.statusCode).toBe(400);
    const given = await allocate(ownerA, a.districtId, first, creatorA.userId);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ slotId: first, holder: { userId: creatorA.userId } });
    const mine = await slotsOf(creatorA, a.districtId);
    expect(emptyOnes(mine.json())).toEqual([first]);

    // a district slot takes that district's spaces only, and a district's space that slot only
    const personal = await createDraft(t, creatorA, { title: "Personal" });
    expect((await publish(creatorA, personal.sceneId, first)).statusCode).toBe(400);
    const intoOwn = await publishOnly(creatorA, early.sceneId, await freeSlotId(t, creatorA));
    expect(intoOwn.statusCode).toBe(400);
    expect(intoOwn.json().fields).toEqual([
      { path: "body.slotId", message: messages.district.districtSlotOnly },
    ]);
    const intoOther = await publishOnly(creatorA, early.sceneId, inB);
    expect(intoOther.statusCode).toBe(400);
    const draft = await createDraft(t, creatorA, { title: "Slot hall", districtId: a.districtId });
    const published = await publish(creatorA, draft.sceneId, first);
    expect(published.statusCode, published.body).toBe(200);
    const held = await slotsOf(ownerA, a.districtId);
    expect(held.json().find((slot: { slotId: string }) => slot.slotId === first)).toMatchObject({
      sceneId: draft.sceneId,
      sceneTitle: "Slot hall",
    });
    // while it holds a published space it stays with its holder
    const taken = await allocate(ownerA, a.districtId, first, ownerA.userId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.district.slotInUse);
    // a creator made a guest gives the slots back to the owner
    expect((await allocate(ownerA, a.districtId, second, creatorA.userId)).statusCode).toBe(200);
    const demoted = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/member/${creatorA.userId}`,
      payload: { role: "Guest" },
    });
    expect(demoted.statusCode).toBe(200);
    const back = await slotsOf(ownerA, a.districtId);
    const holders = back.json().map((slot: { holder: { userId: string } }) => slot.holder.userId);
    expect(new Set(holders)).toEqual(new Set([ownerA.userId]));
    const restored = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/member/${creatorA.userId}`,
      payload: { role: "Creator" },
    });
    expect(restored.statusCode).toBe(200);
  });
});
