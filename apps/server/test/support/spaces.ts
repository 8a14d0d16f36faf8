import { createEmptySceneDocument, type SpaceCard } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "./app.js";
import { sampleSpace } from "./sample-space.js";
import { clientFor, type TestUser } from "./users.js";

// Helpers for the spaces tests: make drafts, save documents, publish into the free slot.

export const SCENES = "/api/sceneService";
export const SOCIAL = "/api/socialInteractionService";

export function sampleDocument() {
  return { ...createEmptySceneDocument(), customSpace: sampleSpace() };
}

export async function createDraft(
  t: TestApp,
  user: TestUser,
  metadata: Record<string, unknown> = {},
): Promise<SpaceCard> {
  const response = await clientFor(
    t,
    user,
  )({
    method: "POST",
    url: `${SCENES}/scene/metadata`,
    payload: { title: "A space", ...metadata },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function saveDocument(
  t: TestApp,
  user: TestUser,
  sceneId: string,
  document: unknown,
  revision: number,
) {
  return clientFor(
    t,
    user,
  )({
    method: "PUT",
    url: `${SCENES}/scene/content/${sceneId}`,
    payload: { revision, document },
  });
}

export async function freeSlotId(t: TestApp, user: TestUser): Promise<string> {
  const response = await clientFor(t, user)({ method: "GET", url: `${SCENES}/slot/my` });
  expect(response.statusCode, response.body).toBe(200);
  const free = (response.json() as { slotId: string; kind: string }[]).find(
    (slot) => slot.kind === "free",
  );
  if (!free) throw new Error("no free slot");
  return free.slotId;
}

/**
 * An empty slot of a district held by `user`: one they hold already, else a new one, as if the
 * district's owner had bought it in the cart and given it to them.
 */
export async function districtSlotId(
  t: TestApp,
  user: TestUser,
  districtId: string,
): Promise<string> {
  const response = await clientFor(t, user)({ method: "GET", url: `${SCENES}/slot/available` });
  expect(response.statusCode, response.body).toBe(200);
  const held = (
    response.json() as { slotId: string; kind: string; districtId: string | null }[]
  ).find((slot) => slot.kind === "district" && slot.districtId === districtId);
  if (held) return held.slotId;
  const slotId = `slot-test-${crypto.randomUUID()}`;
  await t.context.database.db.execute(
    sql`INSERT INTO space_slots (id, owner_id, kind, district_id, district_subdomain, keep_alive_credits)
      SELECT ${slotId}, ${user.userId}, 'district', id, subdomain, 0 FROM districts WHERE id = ${districtId}`,
  );
  return slotId;
}

/**
 * A published space: a draft with the sample document, published into the free slot (a
 * district's space: into a slot of the district the user holds).
 */
export async function publishedSpace(
  t: TestApp,
  user: TestUser,
  metadata: Record<string, unknown> = {},
): Promise<SpaceCard> {
  const draft = await createDraft(t, user, metadata);
  const saved = await saveDocument(t, user, draft.sceneId, sampleDocument(), 0);
  expect(saved.statusCode, saved.body).toBe(200);
  const response = await clientFor(
    t,
    user,
  )({
    method: "POST",
    url: `${SCENES}/sceneactions/${draft.sceneId}/publish`,
    payload: {
      publishedPublic: true,
      slotId:
        typeof metadata.districtId === "string"
          ? await districtSlotId(t, user, metadata.districtId)
          : await freeSlotId(t, user),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
