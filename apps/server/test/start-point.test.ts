import { createEmptySceneDocument, createLevel, startIsInside } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { createDraft, SCENES, saveDocument } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Issue 21 item 1: a space read back (editor, viewer, embed) starts its visitor inside, even when
// its stored start is the default one at the origin, a premade space's outer corner.

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  owner = await signUpUser(t, { name: "Stella Start", plan: "pro" });
});
afterAll(async () => {
  await t.close();
});

type Family = {
  templates: {
    spaceTemplateId: string;
    title: string;
    document: {
      customSpace: Parameters<typeof startIsInside>[0];
      startingPosition: [number, number, number];
      startingRotation: [number, number, number];
    };
  }[];
};

async function readBack(document: unknown) {
  const draft = await createDraft(t, owner, { title: "Start" });
  const saved = await saveDocument(t, owner, draft.sceneId, document, 0);
  expect(saved.statusCode, saved.body).toBe(200);
  const response = await clientFor(
    t,
    owner,
  )({ method: "GET", url: `${SCENES}/scene/content/${draft.sceneId}` });
  expect(response.statusCode).toBe(200);
  return response.json().document as {
    startingPosition: [number, number, number];
    startingRotation: [number, number, number];
  };
}

describe("the start point a space is read with", () => {
  it("every premade space saved as the editor makes it starts at the template's own start", async () => {
    const families = (
      await clientFor(t, owner)({ method: "GET", url: `${SCENES}/premadescene` })
    ).json() as Family[];
    const templates: Family["templates"] = [];
    for (const family of families) {
      const id = (family as unknown as { spaceTemplateFamilyId: string }).spaceTemplateFamilyId;
      const full = (
        await clientFor(t, owner)({ method: "GET", url: `${SCENES}/premadescene/${id}` })
      ).json() as Family;
      templates.push(...full.templates);
    }
    expect(templates.length).toBeGreaterThan(3);
    for (const template of templates) {
      const read = await readBack({
        ...createEmptySceneDocument(),
        customSpace: null,
        spaceTemplate: { templateId: template.spaceTemplateId, materialOverrides: [] },
      });
      expect(read.startingPosition, template.title).toEqual(template.document.startingPosition);
      expect(read.startingRotation).toEqual(template.document.startingRotation);
      expect(startIsInside(template.document.customSpace, read.startingPosition)).toBe(true);
    }
  });

  it("a drawn room away from the origin starts in its centre; a start inside is kept", async () => {
    const level = createLevel("ground", "Ground");
    const corners: [number, number][] = [
      [2, 2],
      [8, 2],
      [8, 6],
      [2, 6],
    ];
    level.walls = corners.map((start, index) => ({
      id: `w${index}`,
      start,
      end: corners[(index + 1) % 4] as [number, number],
      height: 3,
      thickness: 0.2,
      openings: [],
      left: { materialId: null, color: "#ffffff" },
      right: { materialId: null, color: "#ffffff" },
    }));
    const document = {
      ...createEmptySceneDocument(),
      customSpace: { ...createEmptySceneDocument().customSpace, levels: [level] },
    };
    expect((await readBack(document)).startingPosition).toEqual([5, 0, 4]);
    const kept = await readBack({
      ...document,
      startingPosition: [3, 0, 3],
      startingRotation: [0, 0.5, 0],
    });
    expect(kept.startingPosition).toEqual([3, 0, 3]);
    expect(kept.startingRotation).toEqual([0, 0.5, 0]);
  });
});
