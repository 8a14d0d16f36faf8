import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageAspect, SceneDocumentSchema, shownPictureSize } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { defaultMigrationsDirectory, migrate } from "../src/db/migrate.js";
import { seedDemoContent } from "../src/seed/index.js";
import { spacesSeeder } from "../src/seed/spaces.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { SCENES } from "./support/spaces.js";
import { clientFor } from "./support/users.js";

// Pictures keep their image's proportions (packages/domain rules/picture-size.ts): the demo
// spaces hang them so, and migration 0650 mends documents stored with width and height scaled
// apart.

describe("the demo spaces' pictures", { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_MS: "0" });
    await seedDemoContent(t.context, [spacesSeeder]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("are shown in their image's proportions (Colour Fields' studies are not stretched)", async () => {
    const anyone = clientFor(t, null);
    const cards = (
      await anyone({ method: "GET", url: `${SCENES}/publishedscene/metadata/search?ipp=60` })
    ).json() as { sceneId: string; title: string }[];
    expect(cards.some((card) => card.title.startsWith("Colour Fields"))).toBe(true);
    let checked = 0;
    for (const card of cards) {
      const content = await anyone({
        method: "GET",
        url: `${SCENES}/publishedscene/content/${card.sceneId}`,
      });
      const document = SceneDocumentSchema.parse(content.json().document);
      for (const picture of document.pictures) {
        const asset = (
          await anyone({ method: "GET", url: `/api/assetService/picture/${picture.assetId}` })
        ).json() as { width: number; height: number; defaultSize: number };
        const [width, height] = shownPictureSize(asset, asset.defaultSize, picture.scale);
        expect(width / height, `${card.title}: ${picture.title}`).toBeCloseTo(
          imageAspect(asset),
          2,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe("migration 0650_picture_proportions", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("mends stored pictures whose width and height were scaled apart, and nothing else", async () => {
    // a database migrated up to just before 0650, holding documents as they were stored
    const before = await mkdtemp(path.join(tmpdir(), "atrium-migrations-"));
    dirs.push(before);
    const all = defaultMigrationsDirectory();
    for (const file of await readdir(all)) {
      if (file.endsWith(".sql") && file < "0650")
        await copyFile(`${all}/${file}`, `${before}/${file}`);
    }
    const handle = await openDatabase({ pgliteDataDir: "memory://" });
    try {
      await migrate(handle, before);
      await handle.withExclusiveSession("test", async (session) => {
        await session.query(
          "INSERT INTO users (id, email, name) VALUES ('u1', 'u1@example.com', 'U')",
        );
        const picture = (id: string, scale: number[]) => ({
          id,
          title: id,
          position: [1, 1.7, 0.13],
          rotation: [0, 0, 0],
          scale,
          levelId: "level-1",
          assetId: "asset-1",
        });
        const documents = {
          stretched: {
            pictures: [picture("study-1", [1.6, 1.2, 1]), picture("kept", [2, 2, 1])],
            texts3d: [{ id: "t", scale: [3, 1, 1] }],
          },
          fine: { pictures: [picture("fine", [1.5, 1.5, 1])] },
          empty: { pictures: [] },
        };
        for (const [id, document] of Object.entries(documents)) {
          await session.query(
            "INSERT INTO scenes (id, owner_id, creator_id) VALUES ($1, 'u1', 'u1')",
            [id],
          );
          await session.query(
            "INSERT INTO scene_contents (scene_id, document, revision) VALUES ($1, $2::json, 4)",
            [id, JSON.stringify(document)],
          );
        }
      });
      // later migrations run too; 0650 is the first of them
      expect((await migrate(handle))[0]).toBe("0650_picture_proportions.sql");
      const rows = await handle.withExclusiveSession("test", (session) =>
        session.query<{ scene_id: string; document: unknown; revision: number }>(
          "SELECT scene_id, document, revision FROM scene_contents ORDER BY scene_id",
        ),
      );
      const byId = Object.fromEntries(
        rows.map((row) => [
          row.scene_id,
          typeof row.document === "string" ? JSON.parse(row.document) : row.document,
        ]),
      );
      expect(byId.stretched.pictures.map((p: { id: string }) => p.id)).toEqual(["study-1", "kept"]);
      expect(byId.stretched.pictures[0].scale).toEqual([1.6, 1.6, 1]);
      expect(byId.stretched.pictures[0].position).toEqual([1, 1.7, 0.13]);
      expect(byId.stretched.pictures[1].scale).toEqual([2, 2, 1]);
      // other kinds of item may be stretched on purpose (a long 3D text): left alone
      expect(byId.stretched.texts3d[0].scale).toEqual([3, 1, 1]);
      expect(byId.fine.pictures[0].scale).toEqual([1.5, 1.5, 1]);
      expect(byId.empty).toEqual({ pictures: [] });
      expect(rows.every((row) => row.revision === 4)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
