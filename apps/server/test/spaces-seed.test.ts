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
  await seedDemoContent(t.context, [spacesSeeder]);
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
});
