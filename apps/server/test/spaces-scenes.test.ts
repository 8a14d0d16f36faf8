import { SceneDocumentSchema, spacesMessages } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createScenesRepo } from "../src/modules/scenes/repo.js";
import { createScenesService } from "../src/modules/scenes/service.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { pngImage } from "./support/images.js";
import { multipart } from "./support/multipart.js";
import {
  createDraft,
  freeSlotId,
  publishedSpace,
  SCENES,
  sampleDocument,
  saveDocument,
} from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The scene calls of /api/sceneService: drafts, saving with revisions, the drafts limit,
// publishing into slots, the authorisation matrix and the bad inputs of issue 4 (none of
// which changes stored data).

let t: TestApp;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  ada = await signUpUser(t, { name: "Ada Lovelace", plan: "pro" });
  bob = await signUpUser(t, { name: "Bob Builder", plan: "pro" });
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => clientFor(t, user);
const run = (statement: string, params: unknown[] = []) =>
  t.context.database.withExclusiveSession("test", (session) => session.query(statement, params));

async function addPurchasedSlot(user: TestUser) {
  const id = `slot-bought-${Math.random().toString(36).slice(2)}`;
  await run("INSERT INTO space_slots (id, owner_id, kind) VALUES ($1, $2, 'purchased')", [
    id,
    user.userId,
  ]);
  return id;
}

describe("drafts and content", () => {
  it("GET /scene/custom answers an empty custom document the schema accepts", async () => {
    const response = await as(null)({ method: "GET", url: `${SCENES}/scene/custom` });
    expect(response.statusCode).toBe(200);
    const parsed = SceneDocumentSchema.safeParse(response.json());
    expect(parsed.success).toBe(true);
    expect(response.json().customSpace.levels).toHaveLength(1);
  });

  it("creates a draft from JSON (201) and refuses signed-out callers", async () => {
    const draft = await createDraft(t, ada, { title: "Sculpture garden", tags: ["art"] });
    expect(draft).toMatchObject({
      title: "Sculpture garden",
      state: "Draft",
      ownerId: ada.userId,
      tags: ["art"],
      comments: true,
      visible: true,
      adultContent: false,
      revision: 0,
    });
    const signedOut = await as(null)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "x" },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("creates a draft from multipart with a cover photo", async () => {
    const body = multipart([
      { name: "title", value: "With a cover" },
      { name: "tags", value: "museum; sculpture" },
      { name: "comments", value: "false" },
      {
        name: "coverPhotoUriFile",
        filename: "cover.png",
        contentType: "image/png",
        data: await pngImage(64, 40),
      },
    ]);
    const response = await as(ada)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    const card = response.json();
    expect(card).toMatchObject({
      title: "With a cover",
      tags: ["museum", "sculpture"],
      comments: false,
    });
    expect(card.coverPhotoUri).toMatch(/^\/api\/fileService\/file\//);
    const cover = await as(null)({ method: "GET", url: card.coverPhotoUri });
    expect(cover.statusCode).toBe(200);
  });

  it("refuses a title over 100 characters with 400 and creates nothing", async () => {
    const before = (
      await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/my?ipp=60` })
    ).json();
    const response = await as(ada)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "x".repeat(101) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe("body.title");
    const after = (
      await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/my?ipp=60` })
    ).json();
    expect(after).toHaveLength(before.length);
  });

  it("PATCHes metadata: owner only (403 for others, 404 unknown, 400 bad title)", async () => {
    const draft = await createDraft(t, ada);
    const patch = (user: TestUser | null, id: string, payload: object) =>
      as(user)({ method: "PATCH", url: `${SCENES}/scene/metadata/${id}`, payload });
    const ok = await patch(ada, draft.sceneId, { title: "Renamed", description: "Now with words" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: "Renamed", description: "Now with words" });
    expect((await patch(bob, draft.sceneId, { title: "Mine now" })).statusCode).toBe(403);
    expect((await patch(null, draft.sceneId, { title: "Mine now" })).statusCode).toBe(401);
    expect((await patch(ada, "no-such-scene", { title: "x" })).statusCode).toBe(404);
    const tooLong = await patch(ada, draft.sceneId, { title: "y".repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    const read = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${draft.sceneId}` });
    expect(read.json().title).toBe("Renamed");
  });

  it("saves content with revisions: stale 409, bad document 400 naming the path, nothing changes", async () => {
    const draft = await createDraft(t, ada);
    const first = await saveDocument(t, ada, draft.sceneId, sampleDocument(), 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().revision).toBe(1);

    const stale = await as(ada)({
      method: "PUT",
      url: `${SCENES}/scene/content/${draft.sceneId}`,
      payload: {
        revision: 0,
        document: { ...sampleDocument(), linkable: false },
        metadata: { title: "Should not stick" },
      },
    });
    expect(stale.statusCode).toBe(409);

    const bad = sampleDocument() as Record<string, unknown>;
    const broken = structuredClone(bad) as {
      customSpace: { levels: { walls: { end: unknown }[] }[] };
    };
    (broken.customSpace.levels[0] as { walls: { end: unknown }[] }).walls[0] = {
      ...(broken.customSpace.levels[0]?.walls[0] as object),
      end: ["a", 0],
    };
    const invalid = await saveDocument(t, ada, draft.sceneId, broken, 1);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields[0].path).toBe("document.customSpace.levels.0.walls.0.end.0");

    const content = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/content/${draft.sceneId}`,
    });
    expect(content.statusCode).toBe(200);
    expect(content.json().revision).toBe(1);
    expect(content.json().document.linkable).toBe(true);
    const metadata = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/metadata/${draft.sceneId}`,
    });
    expect(metadata.json().title).toBe("A space");

    expect((await saveDocument(t, bob, draft.sceneId, sampleDocument(), 1)).statusCode).toBe(403);
    expect((await saveDocument(t, ada, "no-such-scene", sampleDocument(), 0)).statusCode).toBe(404);
  });

  it("saves metadata and content together in one save", async () => {
    const draft = await createDraft(t, ada);
    const response = await as(ada)({
      method: "PUT",
      url: `${SCENES}/scene/content/${draft.sceneId}`,
      payload: { revision: 0, document: sampleDocument(), metadata: { title: "Saved together" } },
    });
    expect(response.statusCode).toBe(200);
    const read = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${draft.sceneId}` });
    expect(read.json()).toMatchObject({ title: "Saved together", revision: 1 });
  });

  it("migrates an older (v0) document on save", async () => {
    const draft = await createDraft(t, ada);
    const { version: _version, ...v0 } = sampleDocument();
    const response = await saveDocument(t, ada, draft.sceneId, v0, 0);
    expect(response.statusCode, response.body).toBe(200);
    const content = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/content/${draft.sceneId}`,
    });
    expect(content.json().document.version).toBe(1);
  });

  it("drafts are their owner's only: others and signed-out visitors get 403, unknown 404", async () => {
    const draft = await createDraft(t, ada);
    for (const path of ["scene/metadata", "scene/content"]) {
      expect(
        (await as(ada)({ method: "GET", url: `${SCENES}/${path}/${draft.sceneId}` })).statusCode,
      ).toBe(200);
      expect(
        (await as(bob)({ method: "GET", url: `${SCENES}/${path}/${draft.sceneId}` })).statusCode,
      ).toBe(403);
      expect(
        (await as(null)({ method: "GET", url: `${SCENES}/${path}/${draft.sceneId}` })).statusCode,
      ).toBe(403);
      expect((await as(ada)({ method: "GET", url: `${SCENES}/${path}/nope` })).statusCode).toBe(
        404,
      );
      expect(
        (
          await as(ada)({
            method: "GET",
            url: `${SCENES}/published${path.replace("scene/", "scene/")}/${draft.sceneId}`,
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it("lists my spaces, filtered by state", async () => {
    const response = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/metadata/my?state=Draft`,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { ownerId: string; state: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((card) => card.ownerId === ada.userId && card.state === "Draft")).toBe(true);
    expect((await as(null)({ method: "GET", url: `${SCENES}/scene/metadata/my` })).statusCode).toBe(
      401,
    );
    expect(
      (await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/my?ipp=61` })).statusCode,
    ).toBe(400);
  });

  it("hides and unhides (visibility), owner only", async () => {
    const draft = await createDraft(t, ada);
    const url = `${SCENES}/scene/metadata/${draft.sceneId}/visibility`;
    const hidden = await as(ada)({ method: "PATCH", url, payload: { visible: false } });
    expect(hidden.json().visible).toBe(false);
    const form = multipart([{ name: "visible", value: "true" }]);
    const shown = await as(ada)({
      method: "PATCH",
      url,
      payload: form.payload,
      headers: form.headers,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().visible).toBe(true);
    expect((await as(bob)({ method: "PATCH", url, payload: { visible: false } })).statusCode).toBe(
      403,
    );
    expect(
      (await as(ada)({ method: "PATCH", url, payload: { visible: "maybe" } })).statusCode,
    ).toBe(400);
  });

  it("duplicates a space as a new draft with its content", async () => {
    const draft = await createDraft(t, ada, { title: "Original" });
    await saveDocument(t, ada, draft.sceneId, sampleDocument(), 0);
    const copy = await as(ada)({
      method: "POST",
      url: `${SCENES}/sceneactions/${draft.sceneId}/duplicate`,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: "Original (copy)", state: "Draft" });
    const content = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/content/${copy.json().sceneId}`,
    });
    expect(content.json().document.customSpace.levels[0].walls).toHaveLength(5);
    expect(
      (await as(bob)({ method: "POST", url: `${SCENES}/sceneactions/${draft.sceneId}/duplicate` }))
        .statusCode,
    ).toBe(403);
  });
});

describe("drafts limit", () => {
  it("Free: 2 drafts, then 403 'Draft limit reached' on the check and on create", async () => {
    const free = await signUpUser(t, { plan: "free" });
    const check = () => as(free)({ method: "GET", url: `${SCENES}/scene/metadata/draftsLimit` });
    expect((await check()).json()).toMatchObject({ draftCount: 0, limit: 2, canCreate: true });
    await createDraft(t, free);
    await createDraft(t, free);
    const refused = await check();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Draft limit reached");
    const third = await as(free)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "3" },
    });
    expect(third.statusCode).toBe(403);
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/scene/metadata/draftsLimit` })).statusCode,
    ).toBe(401);
  });

  it("Standard: 5 drafts; Pro: unlimited", async () => {
    const standard = await signUpUser(t, { plan: "standard" });
    for (let index = 0; index < 5; index++) await createDraft(t, standard);
    expect(
      (await as(standard)({ method: "GET", url: `${SCENES}/scene/metadata/draftsLimit` }))
        .statusCode,
    ).toBe(403);
    const pro = await signUpUser(t, { plan: "pro" });
    for (let index = 0; index < 6; index++) await createDraft(t, pro);
    const check = await as(pro)({ method: "GET", url: `${SCENES}/scene/metadata/draftsLimit` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ draftCount: 6, limit: null });
  });
});

describe("slots and publishing", () => {
  it("a new user has one free Starter slot, a month from sign-up", async () => {
    const user = await signUpUser(t, { plan: "free" });
    const slots = (await as(user)({ method: "GET", url: `${SCENES}/slot/my` })).json();
    expect(slots).toHaveLength(1);
    expect(slots[0]).toMatchObject({
      kind: "free",
      active: true,
      sceneId: null,
      keepAliveCredits: 600,
    });
    const days = (Date.parse(slots[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await as(null)({ method: "GET", url: `${SCENES}/slot/my` })).statusCode).toBe(401);
  });

  it("publishing needs a usable slot; publishing fills it, unpublishing frees it", async () => {
    const user = await signUpUser(t, { plan: "free" });
    const draft = await createDraft(t, user, { title: "Into the slot" });
    await saveDocument(t, user, draft.sceneId, sampleDocument(), 0);
    const publish = (payload: object) =>
      as(user)({ method: "POST", url: `${SCENES}/sceneactions/${draft.sceneId}/publish`, payload });
    const noSlot = await publish({ publishedPublic: true });
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().message).toBe("Please assign your space to a slot to proceed.");
    const othersSlot = await publish({ publishedPublic: true, slotId: await freeSlotId(t, bob) });
    expect(othersSlot.statusCode).toBe(400);

    const slotId = await freeSlotId(t, user);
    const published = await publish({ publishedPublic: true, slotId });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ state: "Published", slotId });
    expect(published.json().publishedAt).not.toBeNull();
    expect(
      (await as(user)({ method: "GET", url: `${SCENES}/slot/available` })).json(),
    ).toHaveLength(0);
    const slot = (await as(user)({ method: "GET", url: `${SCENES}/slot/${slotId}` })).json();
    expect(slot.sceneMetadata.sceneId).toBe(draft.sceneId);
    expect((await as(bob)({ method: "GET", url: `${SCENES}/slot/${slotId}` })).statusCode).toBe(
      403,
    );

    // the slot is taken: another space cannot go in
    const other = await createDraft(t, user);
    const taken = await as(user)({
      method: "POST",
      url: `${SCENES}/sceneactions/${other.sceneId}/publish`,
      payload: { publishedPublic: true, slotId },
    });
    expect(taken.statusCode).toBe(400);

    // anyone reads a public published space
    const visitor = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/content/${draft.sceneId}`,
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().document.customSpace.levels).toHaveLength(1);
    const meta = await as(bob)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${draft.sceneId}`,
    });
    expect(meta.json()).toMatchObject({ title: "Into the slot", creator: { userId: user.userId } });

    expect(
      (await as(bob)({ method: "POST", url: `${SCENES}/${draft.sceneId}/unpublish` })).statusCode,
    ).toBe(403);
    const unpublished = await as(user)({
      method: "POST",
      url: `${SCENES}/${draft.sceneId}/unpublish`,
    });
    expect(unpublished.json()).toMatchObject({ state: "Draft", slotId: null });
    expect(
      (await as(user)({ method: "GET", url: `${SCENES}/slot/available` })).json(),
    ).toHaveLength(1);
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/publishedscene/content/${draft.sceneId}` }))
        .statusCode,
    ).toBe(404);
  });

  it("Free accounts cannot restrict a space (Standard plan)", async () => {
    const user = await signUpUser(t, { plan: "free" });
    const draft = await createDraft(t, user);
    const restricted = await as(user)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${draft.sceneId}`,
      payload: { privacyACLEnabled: true },
    });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().message).toBe(spacesMessages.planNeededForPrivacy);
  });

  it("deletes a space: its slot is freed, its content gone", async () => {
    const user = await signUpUser(t, { plan: "free" });
    const space = await publishedSpace(t, user);
    expect(
      (await as(bob)({ method: "POST", url: `${SCENES}/sceneactions/${space.sceneId}/delete` }))
        .statusCode,
    ).toBe(403);
    const deleted = await as(user)({
      method: "POST",
      url: `${SCENES}/sceneactions/${space.sceneId}/delete`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await as(user)({ method: "GET", url: `${SCENES}/scene/metadata/${space.sceneId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(user)({ method: "GET", url: `${SCENES}/slot/available` })).json(),
    ).toHaveLength(1);
    expect(
      (await as(user)({ method: "POST", url: `${SCENES}/sceneactions/nope/delete` })).statusCode,
    ).toBe(404);
  });

  it("the expiry job unpublishes the space of an expired free slot and deletes nothing", async () => {
    const user = await signUpUser(t, { plan: "free" });
    const space = await publishedSpace(t, user, { title: "Expiring" });
    const kept = await signUpUser(t, { plan: "free" });
    const keptSpace = await publishedSpace(t, kept);
    await run(
      "UPDATE space_slots SET expires_at = now() - interval '1 minute' WHERE owner_id = $1",
      [user.userId],
    );
    const service = createScenesService({ repo: createScenesRepo(t.context.database.db) });
    // two instances running the job at once handle each slot once
    const [first, second] = await Promise.all([
      service.expireFreeSlots(),
      service.expireFreeSlots(),
    ]);
    expect([...first, ...second]).toEqual([space.sceneId]);
    const after = await as(user)({
      method: "GET",
      url: `${SCENES}/scene/metadata/${space.sceneId}`,
    });
    expect(after.json()).toMatchObject({ state: "Draft", slotId: null, title: "Expiring" });
    const content = await as(user)({
      method: "GET",
      url: `${SCENES}/scene/content/${space.sceneId}`,
    });
    expect(content.json().document.customSpace.levels[0].walls).toHaveLength(5);
    const slots = (await as(user)({ method: "GET", url: `${SCENES}/slot/my` })).json();
    expect(slots[0]).toMatchObject({ active: false, sceneId: null });
    expect(
      (await as(user)({ method: "GET", url: `${SCENES}/slot/available` })).json(),
    ).toHaveLength(0);
    const still = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/${keptSpace.sceneId}`,
    });
    expect(still.statusCode).toBe(200);
  });
});

describe("privacy and communication ACLs", () => {
  it("a restricted space opens for its owner and listed users only", async () => {
    const owner = await signUpUser(t, { plan: "standard" });
    const friend = await signUpUser(t, { plan: "free" });
    const outsider = await signUpUser(t, { plan: "free" });
    const space = await publishedSpace(t, owner, {
      title: "Members only",
      privacyACLEnabled: true,
      userPrivacyACL: [friend.userId],
      communicationACLEnabled: true,
      userCommunicationACL: [owner.userId],
    });
    const read = (user: TestUser | null, path: string) =>
      as(user)({ method: "GET", url: `${SCENES}/${path}/${space.sceneId}` });
    for (const path of ["publishedscene/content", "publishedscene/metadata", "scene/content"]) {
      expect((await read(owner, path)).statusCode).toBe(200);
      expect((await read(friend, path)).statusCode).toBe(200);
      expect((await read(outsider, path)).statusCode).toBe(403);
      expect((await read(null, path)).statusCode).toBe(403);
    }
    // the access lists are the owner's to read
    expect((await read(friend, "publishedscene/metadata")).json().userPrivacyACL).toEqual([]);
    expect((await read(owner, "publishedscene/metadata")).json().userPrivacyACL).toEqual([
      friend.userId,
    ]);
    const talk = (user: TestUser | null) =>
      as(user)({ method: "GET", url: `${SCENES}/sceneaccess/${space.sceneId}/communication` });
    expect((await talk(owner)).json()).toMatchObject({
      communicationACLEnabled: true,
      allowed: true,
    });
    expect((await talk(friend)).json()).toMatchObject({ allowed: false });
    expect((await talk(outsider)).statusCode).toBe(403);
  });
});

describe("search and lists", () => {
  let searcher: TestUser;
  beforeAll(async () => {
    searcher = await signUpUser(t, { name: "Zelda Quartermain", plan: "pro" });
    const slots = [
      await freeSlotId(t, searcher),
      await addPurchasedSlot(searcher),
      await addPurchasedSlot(searcher),
    ];
    const spaces = [
      { title: "Modern gallery of light", tags: ["photography"], adultContent: false },
      {
        title: "Quiet harbour",
        description: "Boats and gulls",
        tags: ["marine"],
        adultContent: false,
      },
      { title: "Night club", tags: ["party"], adultContent: true },
    ];
    for (const [index, metadata] of spaces.entries()) {
      const draft = await createDraft(t, searcher, metadata);
      await saveDocument(t, searcher, draft.sceneId, sampleDocument(), 0);
      const published = await as(searcher)({
        method: "POST",
        url: `${SCENES}/sceneactions/${draft.sceneId}/publish`,
        payload: { publishedPublic: true, slotId: slots[index] },
      });
      expect(published.statusCode).toBe(200);
    }
  });

  const search = (query: string, user: TestUser | null = null) =>
    as(user)({ method: "GET", url: `${SCENES}/publishedscene/metadata/search?${query}` });
  const titles = async (query: string, user: TestUser | null = null) =>
    ((await search(query, user)).json() as { title: string }[]).map((card) => card.title);

  it("matches prefixes of title, description, tags and the creator's name", async () => {
    expect(await titles("q=gal")).toEqual(["Modern gallery of light"]);
    expect(await titles("q=mod%20gal")).toEqual(["Modern gallery of light"]);
    expect(await titles("q=gulls")).toEqual(["Quiet harbour"]);
    expect(await titles("q=photo")).toEqual(["Modern gallery of light"]);
    expect((await titles("q=quarterm")).sort()).toEqual([
      "Modern gallery of light",
      "Quiet harbour",
    ]);
    expect(await titles("q=%27%3A*%20%26%7C!(")).toBeInstanceOf(Array);
  });

  it("hides adult content unless asked, pages by cp and ipp, refuses bad pages", async () => {
    expect(await titles(`creatorId=${searcher.userId}`)).not.toContain("Night club");
    expect(await titles(`creatorId=${searcher.userId}&adultContent=true`)).toContain("Night club");
    const firstPage = await titles(`creatorId=${searcher.userId}&ipp=1&cp=0`);
    const secondPage = await titles(`creatorId=${searcher.userId}&ipp=1&cp=1`);
    expect(firstPage).toHaveLength(1);
    expect(secondPage).toHaveLength(1);
    expect(firstPage[0]).not.toBe(secondPage[0]);
    for (const bad of ["ipp=61", "ipp=0", "cp=-1", "cp=abc", "sort=rating"]) {
      const response = await search(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields[0].path).toMatch(/^querystring\./);
    }
    expect((await search("")).json().length).toBeLessThanOrEqual(9);
  });

  it("sorts by likes and views", async () => {
    await run("UPDATE scenes SET likes_count = 50, views_count = 1 WHERE title = 'Quiet harbour'");
    await run(
      "UPDATE scenes SET likes_count = 1, views_count = 70 WHERE title = 'Modern gallery of light'",
    );
    expect((await titles(`creatorId=${searcher.userId}&sort=likes`))[0]).toBe("Quiet harbour");
    expect((await titles(`creatorId=${searcher.userId}&sort=views`))[0]).toBe(
      "Modern gallery of light",
    );
  });

  it("many/{ids} answers the visible ones in the order asked", async () => {
    const cards = (await search(`creatorId=${searcher.userId}`)).json() as { sceneId: string }[];
    const ids = cards.map((card) => card.sceneId).reverse();
    const many = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/many/${[...ids, "nope"].join(",")}`,
    });
    expect(many.statusCode).toBe(200);
    expect((many.json() as { sceneId: string }[]).map((card) => card.sceneId)).toEqual(ids);
    const tooMany = Array.from({ length: 61 }, (_, index) => `id${index}`).join(",");
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/publishedscene/metadata/many/${tooMany}` }))
        .statusCode,
    ).toBe(400);
  });

  it("my published spaces and the profile's count", async () => {
    const mine = await as(searcher)({ method: "GET", url: `${SCENES}/publishedscene/metadata/my` });
    expect(mine.json()).toHaveLength(3);
    const profile = await as(null)({
      method: "GET",
      url: `/api/userService/user/${searcher.userId}`,
    });
    expect(profile.json().numPublishedSpaces).toBe(3);
  });

  it("hidden spaces leave explore", async () => {
    const [card] = (await search("q=harbour")).json() as { sceneId: string }[];
    await as(searcher)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${card?.sceneId}/visibility`,
      payload: { visible: false },
    });
    expect(await titles("q=harbour")).toEqual([]);
  });
});

describe("API document", () => {
  it("lists the spaces and social calls (the comment tree is a component)", async () => {
    const response = await as(null)({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain("/api/sceneService/publishedscene/metadata/search");
    expect(paths).toContain("/api/sceneService/scene/content/{id}");
    expect(paths).toContain("/api/socialInteractionService/scenecomment/scene/{id}");
  });
});

describe("explore cache", () => {
  it("answers signed-out searches from memory for SEARCH_CACHE_MS, signed-in ones never", async () => {
    const cached = await createTestApp({ SEARCH_CACHE_MS: "60000" });
    try {
      const owner = await signUpUser(cached, { plan: "free" });
      const client = (user: TestUser | null) => clientFor(cached, user);
      const search = async (user: TestUser | null) =>
        (
          (
            await client(user)({
              method: "GET",
              url: `${SCENES}/publishedscene/metadata/search?q=lighthouse`,
            })
          ).json() as unknown[]
        ).length;
      expect(await search(null)).toBe(0);
      await publishedSpace(cached, owner, { title: "Lighthouse" });
      expect(await search(null)).toBe(0);
      expect(await search(owner)).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe("premade spaces", () => {
  it("lists families with sizes and prices in the home page's shape", async () => {
    const response = await as(null)({ method: "GET", url: `${SCENES}/premadescene` });
    expect(response.statusCode).toBe(200);
    const families = response.json();
    expect(families.length).toBeGreaterThanOrEqual(3);
    expect(families[0]).toMatchObject({
      spaceTemplateFamilyId: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      tier: expect.stringMatching(/Standard|Premium/),
      photoGallery: expect.any(Array),
    });
    expect(families[0].templates[0]).toMatchObject({
      spaceTemplateId: expect.any(String),
      size: expect.any(String),
      districtPrice: expect.any(Number),
    });
    expect(families[0].templates[0].document).toBeUndefined();
  });

  it("answers one family with its documents, and starts a draft from a template", async () => {
    const [family] = (await as(null)({ method: "GET", url: `${SCENES}/premadescene` })).json();
    const one = await as(null)({
      method: "GET",
      url: `${SCENES}/premadescene/${family.spaceTemplateFamilyId}`,
    });
    expect(one.statusCode).toBe(200);
    const template = one.json().templates[0];
    expect(SceneDocumentSchema.safeParse(template.document).success).toBe(true);
    expect(template.document.customSpace.levels[0].walls.length).toBeGreaterThanOrEqual(4);
    expect((await as(null)({ method: "GET", url: `${SCENES}/premadescene/nope` })).statusCode).toBe(
      404,
    );

    await run(
      "UPDATE space_templates SET cover_photo = '/api/fileService/file/cover-x' WHERE id = $1",
      [template.spaceTemplateId],
    );
    const draft = await createDraft(t, ada, { spaceTemplateId: template.spaceTemplateId });
    expect(draft.premadeSceneId).toBe(template.spaceTemplateId);
    // the card shows the premade space's cover until the space has its own
    expect(draft.coverPhotoUri).toBe("/api/fileService/file/cover-x");
    const content = await as(ada)({
      method: "GET",
      url: `${SCENES}/scene/content/${draft.sceneId}`,
    });
    expect(content.json().document.customSpace).toEqual(template.document.customSpace);
    const unknown = await as(ada)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { spaceTemplateId: "nope" },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
