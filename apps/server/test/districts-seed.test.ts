import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { query } from "../src/modules/scenes/rows.js";
import { DEMO_DISTRICT, districtsSeeder } from "../src/seed/districts.js";
import { seedDemoContent } from "../src/seed/index.js";
import { spacesSeeder } from "../src/seed/spaces.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { DISTRICT } from "./support/districts.js";
import { SCENES } from "./support/spaces.js";
import { clientFor } from "./support/users.js";

// The demo district on an empty database: a new installation shows what a district is (the
// explore page's Districts tab, a district site on its subdomain with its spaces and members).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  await seedDemoContent(t.context, [spacesSeeder, districtsSeeder]);
});
afterAll(async () => {
  await t.close();
});

const anyone = () => clientFor(t, null);

describe("the demo district", { timeout: 60_000 }, () => {
  it("is listed in explore's districts and opens on its subdomain for a signed-out visitor", async () => {
    const search = await anyone()({ method: "GET", url: `${DISTRICT}/search?q=` });
    expect(search.statusCode).toBe(200);
    expect(search.json().map((d: { districtId: string }) => d.districtId)).toContain(
      DEMO_DISTRICT.id,
    );
    const access = await anyone()({
      method: "GET",
      url: `${DISTRICT}/access/${DEMO_DISTRICT.subdomain}`,
    });
    expect(access.json()).toMatchObject({ access: true });
    const info = await anyone()({
      method: "GET",
      url: `${DISTRICT}/info?subdomain=${DEMO_DISTRICT.subdomain}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ title: DEMO_DISTRICT.title });
    expect(JSON.stringify(info.json())).toContain(DEMO_DISTRICT.styles.theme);
    expect(info.json().coverPhoto).toMatch(/^\/api\/fileService\/file\//);
  });

  it("holds the studio's published spaces, in district slots, and no one else's", async () => {
    const list = await anyone()({
      method: "GET",
      url: `${SCENES}/scene/district/${DEMO_DISTRICT.id}`,
    });
    expect(list.statusCode).toBe(200);
    const cards = list.json() as { sceneId: string }[];
    expect(cards.length).toBeGreaterThanOrEqual(2);
    for (const card of cards) expect(card.sceneId).toMatch(/^demo-space-studio-nord-/);
    const slots = await query<{ kind: string; district_id: string }>(
      t.context.database.db,
      sql`SELECT kind, district_id FROM space_slots
        WHERE owner_id = ${DEMO_DISTRICT.ownerId} AND scene_id IS NOT NULL`,
    );
    expect(slots.length).toBe(cards.length);
    for (const slot of slots)
      expect(slot).toEqual({ kind: "district", district_id: DEMO_DISTRICT.id });
  });

  it("has its owner, a creator and a guest", async () => {
    const members = await anyone()({
      method: "GET",
      url: `${DISTRICT}/${DEMO_DISTRICT.id}/members`,
    });
    const roles = Object.fromEntries(
      (members.json() as { userId: string; role: string }[]).map((m) => [m.userId, m.role]),
    );
    expect(roles).toMatchObject({
      [DEMO_DISTRICT.ownerId]: "Owner",
      "demo-maya-chen": "Creator",
      "demo-leo-park": "Guest",
    });
  });
});
