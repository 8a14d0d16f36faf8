import { messages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { createDistrict, DISTRICT, type DistrictCreated, join } from "./support/districts.js";
import { createDraft, publishedSpace, SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Hosting requests and promotion (issue 18 item 3, Atrium's reading: docs/districts.md): a user
// offers a space of their own to a District, its owner accepts or declines; the owner promotes
// the District's published spaces.

let t: TestApp;
let owner: TestUser;
let guest: TestUser;
let maker: TestUser;
let otherOwner: TestUser;
let district: DistrictCreated;
let other: DistrictCreated;
const as = (user: TestUser | null) => clientFor(t, user);
const ask = (user: TestUser | null, districtId: string, payload: object) =>
  as(user)({ method: "POST", url: `${DISTRICT}/${districtId}/hosting`, payload });
const decide = (user: TestUser | null, requestId: string, action: "accept" | "decline") =>
  as(user)({
    method: "POST",
    url: `${DISTRICT}/${district.districtId}/hosting/${requestId}/${action}`,
  });
const card = async (sceneId: string) =>
  (await as(maker)({ method: "GET", url: `${SCENES}/scene/metadata/${sceneId}` })).json();

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  owner = await signUpUser(t, { name: "Hana Host", plan: "pro" });
  guest = await signUpUser(t, { name: "Gil Guest" });
  maker = await signUpUser(t, { name: "Mira Maker", plan: "standard" });
  otherOwner = await signUpUser(t, { name: "Oren Other", plan: "pro" });
  district = await createDistrict(t, owner, { title: "Host Row", subdomain: "host-row" });
  other = await createDistrict(t, otherOwner, { title: "Other Row", subdomain: "other-row" });
  await join(t, owner, district.districtId, guest, "Guest");
});
afterAll(async () => {
  await t.close();
});

describe("hosting requests", () => {
  it("refuses what is not one's own to offer, and bad requests, with the reason", async () => {
    const mine = await createDraft(t, maker, { title: "Workshop" });
    expect((await ask(null, district.districtId, { sceneId: mine.sceneId })).statusCode).toBe(401);
    const notMine = await ask(guest, district.districtId, { sceneId: mine.sceneId });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(messages.district.hostingOwnSpaceOnly);
    const inDistrict = await ask(owner, district.districtId, { sceneId: district.freeSceneId });
    expect(inDistrict.statusCode).toBe(409);
    expect(inDistrict.json().message).toBe(messages.district.hostingAlreadyInDistrict);
    const bad = await ask(maker, district.districtId, { message: "x".repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(["body.sceneId", "body.message"]),
    );
  });

  it("the owner alone sees and answers requests; an answered one stays answered", async () => {
    const draft = await createDraft(t, maker, { title: "Studio draft" });
    const asked = await ask(maker, district.districtId, { sceneId: draft.sceneId, message: "Hi" });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ state: "pending", sceneTitle: "Studio draft", message: "Hi" });
    const twice = await ask(maker, district.districtId, { sceneId: draft.sceneId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.district.hostingPending);
    const mine = await as(maker)({ method: "GET", url: `${DISTRICT}/hosting/my` });
    expect(mine.json().map((r: { requestId: string }) => r.requestId)).toEqual([request.requestId]);
    for (const [user, status] of [
      [guest, 403],
      [maker, 403],
      [otherOwner, 403],
      [null, 401],
    ] as const) {
      const listed = await as(user)({
        method: "GET",
        url: `${DISTRICT}/${district.districtId}/hosting`,
      });
      expect(listed.statusCode).toBe(status);
      expect((await decide(user, request.requestId, "accept")).statusCode).toBe(status);
    }
    const listed = await as(owner)({
      method: "GET",
      url: `${DISTRICT}/${district.districtId}/hosting`,
    });
    expect(listed.json()).toEqual([expect.objectContaining({ requestId: request.requestId })]);
    const declined = await decide(owner, request.requestId, "decline");
    expect(declined.json()).toMatchObject({ state: "declined" });
    const again = await decide(owner, request.requestId, "accept");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.district.hostingAnswered);
    expect((await card(draft.sceneId)).districtId).toBeNull();
    // a pending request is the maker's to withdraw
    const next = (await ask(maker, district.districtId, { sceneId: draft.sceneId })).json();
    const url = `${DISTRICT}/${district.districtId}/hosting/${next.requestId}`;
    expect((await as(owner)({ method: "DELETE", url })).statusCode).toBe(403);
    expect((await as(maker)({ method: "DELETE", url })).json()).toMatchObject({ deleted: true });
  });

  it("accepted, a published space joins the District in one of its slots, and its maker creates there", async () => {
    const space = await publishedSpace(t, maker, { title: "Harbour gallery" });
    const personalSlot = space.slotId;
    const elsewhere = (await ask(maker, other.districtId, { sceneId: space.sceneId })).json();
    const request = (await ask(maker, district.districtId, { sceneId: space.sceneId })).json();
    const accepted = await decide(owner, request.requestId, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: "accepted" });
    const moved = await card(space.sceneId);
    expect(moved).toMatchObject({ state: "Published", districtId: district.districtId });
    expect(moved.slotId).not.toBe(personalSlot);
    const slots = (await as(maker)({ method: "GET", url: `${SCENES}/slot/my` })).json();
    expect(slots.find((s: { slotId: string }) => s.slotId === moved.slotId)).toMatchObject({
      kind: "district",
      districtId: district.districtId,
      sceneId: space.sceneId,
    });
    expect(slots.find((s: { slotId: string }) => s.slotId === personalSlot).sceneId).toBeNull();
    const info = await as(maker)({
      method: "GET",
      url: `${DISTRICT}/info?id=${district.districtId}`,
    });
    expect(info.json().districtUserRole).toBe("Creator");
    // the other District's open request for it is answered too: the space has its District
    const theirs = await as(otherOwner)({
      method: "GET",
      url: `${DISTRICT}/${other.districtId}/hosting`,
    });
    expect(
      theirs.json().find((r: { requestId: string }) => r.requestId === elsewhere.requestId),
    ).toMatchObject({ state: "declined" });
  });

  it("without a free slot of the District, a published space is not taken in and nothing changes", async () => {
    const space = await publishedSpace(t, guest, { title: "Second hall" });
    const request = (await ask(guest, district.districtId, { sceneId: space.sceneId })).json();
    const refused = await decide(owner, request.requestId, "accept");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.district.hostingNoSlot);
    const info = await as(guest)({
      method: "GET",
      url: `${DISTRICT}/info?id=${district.districtId}`,
    });
    expect(info.json().districtUserRole).toBe("Guest");
    const still = await as(guest)({
      method: "GET",
      url: `${SCENES}/scene/metadata/${space.sceneId}`,
    });
    expect(still.json()).toMatchObject({ districtId: null, slotId: space.slotId });
  });
});

describe("promotion", () => {
  it("the owner promotes the District's published spaces; everyone who may enter sees which", async () => {
    const promoted = async (user: TestUser | null) =>
      (
        await as(user)({ method: "GET", url: `${DISTRICT}/${district.districtId}/promoted` })
      ).json();
    const [published] = (
      await as(null)({ method: "GET", url: `${SCENES}/scene/district/${district.districtId}` })
    ).json() as { sceneId: string }[];
    if (!published) throw new Error("no published space in the district");
    const put = (user: TestUser | null, sceneId: string) =>
      as(user)({ method: "PUT", url: `${DISTRICT}/${district.districtId}/promoted/${sceneId}` });
    expect((await put(guest, published.sceneId)).statusCode).toBe(403);
    expect((await put(null, published.sceneId)).statusCode).toBe(401);
    const draft = await put(owner, district.freeSceneId);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe(messages.district.promoteOnlyPublished);
    expect((await put(owner, published.sceneId)).json()).toEqual({
      sceneId: published.sceneId,
      promoted: true,
    });
    expect(await promoted(null)).toEqual([published.sceneId]);
    await as(owner)({
      method: "DELETE",
      url: `${DISTRICT}/${district.districtId}/promoted/${published.sceneId}`,
    });
    expect(await promoted(guest)).toEqual([]);
  });
});
