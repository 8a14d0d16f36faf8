import { SceneDocumentSchema } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../src/seed/index.js";
import { spacesSeeder } from "../src/seed/spaces.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { SCENES } from "./support/spaces.js";
import { clientFor, signUpUser } from "./support/users.js";

// The demo content on an empty database: creators with published spaces, so that a new
// user's explore page is not empty.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  const started = performance.now();
  await seedDemoContent(t.context, [spacesSeeder]);
  console.info(`demo spaces seeded in ${Math.round(performance.now() - started)} ms`);
});
afterAll(async () => {
  await t.close();
});

describe("demo spaces", { timeout: 60_000 }, () => {
  it("fill a new user's explore page with real, valid spaces whose pictures open", async () => {
    const user = await signUpUser(t);
    const explore = await clientFor(
      t,
      user,
    )({ method: "GET", url: `${SCENES}/publishedscene/metadata/search?ipp=60` });
    const cards = explore.json() as {
      sceneId: string;
      coverPhotoUri: string;
      creator: { name: string };
      likes: number;
    }[];
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(new Set(cards.map((card) => card.creator.name)).size).toBeGreaterThanOrEqual(3);
    for (const card of cards) {
      expect(card.coverPhotoUri).toMatch(/^\/api\/fileService\/file\//);
      const content = await clientFor(
        t,
        null,
      )({ method: "GET", url: `${SCENES}/publishedscene/content/${card.sceneId}` });
      expect(content.statusCode).toBe(200);
      const document = SceneDocumentSchema.parse(content.json().document);
      expect(document.pictures.length).toBeGreaterThan(0);
      expect(document.props.length).toBeGreaterThan(0);
    }
    const [first] = cards;
    const content = (
      await clientFor(
        t,
        null,
      )({ method: "GET", url: `${SCENES}/publishedscene/content/${first?.sceneId}` })
    ).json();
    const picture = await clientFor(
      t,
      null,
    )({
      method: "GET",
      url: `/api/assetService/picture/${content.document.pictures[0].assetId}`,
    });
    expect(picture.statusCode, picture.body).toBe(200);
    const cover = await clientFor(t, null)({ method: "GET", url: first?.coverPhotoUri as string });
    expect(cover.statusCode).toBe(200);
  });

  it("look like real ones: pictures on every wall, models, a tour with audio, a portal", async () => {
    const anyone = clientFor(t, null);
    const content = async (sceneId: string) =>
      SceneDocumentSchema.parse(
        (await anyone({ method: "GET", url: `${SCENES}/publishedscene/content/${sceneId}` })).json()
          .document,
      );
    // the gallery: every wall of its room holds a picture (both faces of the partition)
    const gallery = await content("demo-space-maya-chen-1");
    const level = gallery.customSpace?.levels[0];
    const hung = new Set(
      gallery.pictures.map((picture) => `${picture.wallId}:${picture.rotation[1].toFixed(2)}`),
    );
    for (const wall of level?.walls ?? []) {
      expect(
        [...hung].some((key) => key.startsWith(`${wall.id}:`)),
        wall.id,
      ).toBe(true);
    }
    expect(hung.size).toBeGreaterThanOrEqual(6);
    // the showroom: models from its creator's library, each of which opens
    const showroom = await content("demo-space-leo-park-1");
    expect(showroom.models3d.length).toBeGreaterThanOrEqual(3);
    for (const model of showroom.models3d) {
      const asset = await anyone({
        method: "GET",
        url: `/api/assetService/model3d/${model.assetId}`,
      });
      expect(asset.statusCode, model.assetId).toBe(200);
      const glb = await anyone({ method: "GET", url: asset.json().fileUrl });
      expect(glb.rawPayload.subarray(0, 4).toString("ascii")).toBe("glTF");
    }
    // the classroom: a tour whose stops play audio
    const tours = await anyone({
      method: "GET",
      url: "/api/storyTellingService/guidedtour",
      query: { sceneId: "demo-space-ines-duarte-1" },
    });
    const [tour] = tours.json() as { points: { audioUri: string | null; position: number[] }[] }[];
    expect(tour?.points.length).toBeGreaterThanOrEqual(3);
    for (const point of tour?.points ?? []) {
      expect(point.audioUri).toMatch(/^\/api\/fileService\/file\//);
      expect(point.position[1]).toBeCloseTo(1.6);
      const audio = await anyone({ method: "GET", url: point.audioUri as string });
      expect(audio.headers["content-type"]).toMatch(/^audio\/wav/);
    }
    // a portal to another published demo space
    const portal = gallery.portals[0];
    expect(portal?.targetSceneId).toBe("demo-space-maya-chen-2");
    const target = await anyone({
      method: "GET",
      url: `${SCENES}/publishedscene/content/${portal?.targetSceneId}`,
    });
    expect(target.statusCode).toBe(200);
  });
});
