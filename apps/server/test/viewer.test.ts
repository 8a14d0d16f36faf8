import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { sampleJpegWithExif } from "./support/media.js";
import { multipart } from "./support/multipart.js";
import { createDraft, freeSlotId, SCENES, sampleDocument, saveDocument } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// GET /api/sceneService/sceneassets/{id}: the library assets a scene places, for its visitors,
// even those the creator keeps out of the public library.

let t: TestApp;
let owner: TestUser;
let visitor: TestUser;
let pictureId: string;
let publishedId: string;
let draftId: string;

const as = (user: TestUser | null) => clientFor(t, user);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t, { name: "Paula Private" });
  visitor = await signUpUser(t, { name: "Walter Walker" });
  const body = multipart([
    {
      name: "file",
      filename: "p.jpg",
      contentType: "image/jpeg",
      data: await sampleJpegWithExif(400, 300),
    },
    { name: "title", value: "Kept private" },
    { name: "public", value: "false" },
  ]);
  const uploaded = await as(owner)({
    method: "POST",
    url: "/api/assetService/picture",
    payload: body.payload,
    headers: body.headers,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  pictureId = uploaded.json().assetId;
  const document = {
    ...sampleDocument(),
    pictures: [{ id: "p1", levelId: "ground", assetId: pictureId, position: [2, 1.6, 0.2] }],
    models3d: [
      { id: "m1", levelId: "ground", assetId: "no-such-model", position: [3, 0, 3] },
      // a picture's id in the models list: not a model, yet the picture still counts
      { id: "m2", levelId: "ground", assetId: pictureId, position: [4, 0, 4] },
    ],
  };
  const published = await createDraft(t, owner, { title: "With a private picture" });
  expect((await saveDocument(t, owner, published.sceneId, document, 0)).statusCode).toBe(200);
  const publish = await as(owner)({
    method: "POST",
    url: `${SCENES}/sceneactions/${published.sceneId}/publish`,
    payload: { publishedPublic: true, slotId: await freeSlotId(t, owner) },
  });
  expect(publish.statusCode, publish.body).toBe(200);
  publishedId = published.sceneId;
  const draft = await createDraft(t, owner, { title: "Not yet" });
  expect((await saveDocument(t, owner, draft.sceneId, document, 0)).statusCode).toBe(200);
  draftId = draft.sceneId;
});
afterAll(async () => {
  await t.close();
});

describe("scene assets", () => {
  it("visitors of a published space get the private picture it places; missing assets are left out", async () => {
    expect(
      (await as(null)({ method: "GET", url: `/api/assetService/picture/${pictureId}` })).statusCode,
    ).toBe(404);
    for (const user of [null, visitor]) {
      const response = await as(user)({
        method: "GET",
        url: `${SCENES}/sceneassets/${publishedId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const assets = response.json() as Array<{ assetId: string; family: string; fileUrl: string }>;
      expect(assets).toHaveLength(1);
      expect(assets[0]).toMatchObject({ assetId: pictureId, family: "picture", public: false });
      expect(assets[0]?.fileUrl).toMatch(/^\/api\/fileService\/file\//);
    }
  });

  it("a draft's assets are its owner's preview only", async () => {
    expect(
      (await as(visitor)({ method: "GET", url: `${SCENES}/sceneassets/${draftId}?draft=true` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(null)({ method: "GET", url: `${SCENES}/sceneassets/${draftId}?draft=true` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(owner)({ method: "GET", url: `${SCENES}/sceneassets/${draftId}` })).statusCode,
    ).toBe(404);
    const own = await as(owner)({
      method: "GET",
      url: `${SCENES}/sceneassets/${draftId}?draft=true`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
  });

  it("unknown scenes are 404 and bad input 400", async () => {
    expect(
      (await as(visitor)({ method: "GET", url: `${SCENES}/sceneassets/nope` })).statusCode,
    ).toBe(404);
    const bad = await as(visitor)({
      method: "GET",
      url: `${SCENES}/sceneassets/${publishedId}?draft=maybe`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("draft");
  });
});
