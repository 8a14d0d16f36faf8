import { createEmptySceneDocument, type SceneDocument } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { diffDocuments } from "./diff";

const picture = (id: string, x = 0) => ({
  id,
  title: "",
  description: "",
  position: [x, 1.5, 0] as [number, number, number],
  rotation: [0, 0, 0] as [number, number, number],
  scale: [1, 1, 1] as [number, number, number],
  levelId: "level-1",
  locked: false,
  assetId: "asset-1",
});

function withPictures(base: SceneDocument, pictures: ReturnType<typeof picture>[]): SceneDocument {
  return { ...base, pictures };
}

describe("diffDocuments", () => {
  it("everything is new against no document", () => {
    const doc = withPictures(createEmptySceneDocument(), [picture("a")]);
    const diff = diffDocuments(null, doc);
    expect(diff.structure).toBe(true);
    expect(diff.environment).toBe(true);
    expect(diff.items.pictures.added).toEqual(["a"]);
  });

  it("the same document is empty", () => {
    const doc = createEmptySceneDocument();
    expect(diffDocuments(doc, doc).empty).toBe(true);
    expect(diffDocuments(doc, structuredClone(doc)).empty).toBe(true);
  });

  it("tells added, removed, moved and changed items apart", () => {
    const base = createEmptySceneDocument();
    const before = withPictures(base, [picture("a"), picture("b"), picture("c"), picture("d")]);
    const after = withPictures(base, [
      picture("a"),
      { ...picture("b"), position: [2, 1.5, 0] },
      { ...picture("c"), title: "Renamed" },
      picture("e"),
    ]);
    const diff = diffDocuments(before, after);
    expect(diff.items.pictures).toEqual({
      added: ["e"],
      removed: ["d"],
      moved: ["b"],
      changed: ["c"],
    });
    expect(diff.structure).toBe(false);
    expect(diff.environment).toBe(false);
    expect(diff.items.videos).toEqual({ added: [], removed: [], moved: [], changed: [] });
  });

  it("a terrain is drawn with the room; a premade space's style redraws room and environment", () => {
    const before = createEmptySceneDocument();
    const space = before.customSpace as NonNullable<SceneDocument["customSpace"]>;
    const terrain = diffDocuments(before, {
      ...before,
      customSpace: { ...space, terrainId: "terrain-meadow" },
    });
    expect(terrain).toMatchObject({ structure: true, environment: false });
    const premade: SceneDocument = {
      ...before,
      customSpace: null,
      spaceTemplate: { templateId: "t", materialOverrides: [] },
    };
    const styled = diffDocuments(premade, {
      ...premade,
      spaceTemplate: { templateId: "t", materialOverrides: [], lighting: "night" },
    });
    expect(styled).toMatchObject({ structure: true, environment: true, empty: false });
    expect(diffDocuments(premade, structuredClone(premade)).empty).toBe(true);
  });

  it("a wall edit is structural, a sky change environmental", () => {
    const before = createEmptySceneDocument();
    const space = before.customSpace as NonNullable<SceneDocument["customSpace"]>;
    const walls = {
      ...before,
      customSpace: {
        ...space,
        levels: space.levels.map((level) => ({
          ...level,
          walls: [
            {
              id: "w",
              start: [0, 0] as [number, number],
              end: [1, 0] as [number, number],
              height: 4,
              thickness: 0.2,
              openings: [],
              left: { materialId: null, color: "#ffffff" },
              right: { materialId: null, color: "#ffffff" },
            },
          ],
        })),
      },
    };
    const sky = { ...before, customSpace: { ...space, skyId: "sky-1" } };
    expect(diffDocuments(before, walls)).toMatchObject({
      structure: true,
      environment: false,
      empty: false,
    });
    expect(diffDocuments(before, sky)).toMatchObject({
      structure: false,
      environment: true,
      empty: false,
    });
  });
});
