import { createEmptySceneDocument, type SpaceCard } from "@atrium/domain";
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

/** A published space: a draft with the sample document, published into the free slot. */
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
    payload: { publishedPublic: true, slotId: await freeSlotId(t, user) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
