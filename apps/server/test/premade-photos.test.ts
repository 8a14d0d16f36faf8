import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmptySceneDocument } from "@atrium/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadePhotos } from "../src/modules/assets/premade-photos.js";
import { createFilesRepo } from "../src/modules/files/repo.js";
import { createFilesService } from "../src/modules/files/service.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { sampleSpace } from "./support/sample-space.js";
import { clientFor } from "./support/users.js";

// The premade spaces' cover photos and galleries, drawn from their own scene documents. The
// premade tables belong to the spaces work; until it is on this branch the test makes the
// columns it needs (the same ones), so it runs before and after.

let t: TestApp;
let dataDir: string;
const run = (sql: string, params: unknown[] = []) =>
  t.context.database.withExclusiveSession("test", (session) => session.query(sql, params));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-premade-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  await run(`CREATE TABLE IF NOT EXISTS space_template_families (
    id text PRIMARY KEY, title text NOT NULL, description text NOT NULL DEFAULT '',
    cover_photo text, photo_gallery text[] NOT NULL DEFAULT '{}', sort_order integer NOT NULL DEFAULT 0)`);
  await run(`CREATE TABLE IF NOT EXISTS space_templates (
    id text PRIMARY KEY, family_id text NOT NULL REFERENCES space_template_families (id),
    district_item_id text, title text NOT NULL, description text NOT NULL DEFAULT '', size text NOT NULL,
    tier text NOT NULL, credit_price integer NOT NULL, rooms integer NOT NULL DEFAULT 1,
    cover_photo text, photo_gallery text[] NOT NULL DEFAULT '{}', document jsonb NOT NULL,
    plan_preview jsonb NOT NULL, sort_order integer NOT NULL DEFAULT 0)`);
  const document = { ...createEmptySceneDocument(), customSpace: sampleSpace() };
  await run("INSERT INTO space_template_families (id, title) VALUES ('family-test', 'Test rooms')");
  for (const [index, id] of ["template-test-s", "template-test-m"].entries()) {
    await run(
      "INSERT INTO space_templates (id, family_id, title, size, tier, credit_price, document, plan_preview, sort_order) VALUES ($1, 'family-test', $1, 'S', 'Standard', 100, $2::jsonb, '{}'::jsonb, $3)",
      [id, JSON.stringify(document), index],
    );
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const files = () => createFilesService(createFilesRepo(t.context.database.db), t.context.storage);
const template = async (id: string) =>
  (
    (await run("SELECT cover_photo, photo_gallery FROM space_templates WHERE id = $1", [id])) as {
      cover_photo: string;
      photo_gallery: string[];
    }[]
  )[0];

describe("premade space photos", { timeout: 60_000 }, () => {
  it("draws each template's cover and gallery from its document, and the family's", async () => {
    expect(await ensurePremadePhotos(t.context.database, files())).toBe(2);
    const drawn = await template("template-test-s");
    expect(drawn?.photo_gallery).toHaveLength(4);
    expect(drawn?.cover_photo).toBe(drawn?.photo_gallery[0]);
    const cover = await clientFor(t, null)({ method: "GET", url: drawn?.cover_photo as string });
    expect(cover.statusCode).toBe(200);
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 1280, height: 800 });
    const [family] = (await run(
      "SELECT cover_photo, photo_gallery FROM space_template_families WHERE id = 'family-test'",
    )) as { cover_photo: string; photo_gallery: string[] }[];
    expect(family?.cover_photo).toBe(drawn?.cover_photo);
    expect(family?.photo_gallery).toHaveLength(2);
  });

  it("draws nothing again until a document changes, then replaces the old drawings", async () => {
    expect(await ensurePremadePhotos(t.context.database, files())).toBe(0);
    const before = await template("template-test-m");
    const moved = {
      ...createEmptySceneDocument(),
      customSpace: { ...sampleSpace(), lighting: "night" },
    };
    await run("UPDATE space_templates SET document = $2::jsonb WHERE id = $1", [
      "template-test-m",
      JSON.stringify(moved),
    ]);
    expect(await ensurePremadePhotos(t.context.database, files())).toBe(1);
    const after = await template("template-test-m");
    expect(after?.cover_photo).not.toBe(before?.cover_photo);
    expect(
      (await clientFor(t, null)({ method: "GET", url: before?.cover_photo as string })).statusCode,
    ).toBe(404);
  });
});
