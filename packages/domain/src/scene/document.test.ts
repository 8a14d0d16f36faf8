import { describe, expect, it } from "vitest";
import { SceneDocumentSchema } from "./document";
import { createEmptySceneDocument } from "./empty";
import { PictureItemSchema } from "./items";
import { SCENE_DOCUMENT_LIMITS } from "./limits";

const picture = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  assetId: "asset-1",
  position: [0, 1.5, -4],
  levelId: "level-1",
  ...extra,
});

const withWall = () => {
  const document = createEmptySceneDocument();
  const level = document.customSpace?.levels[0];
  if (level === undefined) throw new Error("the empty document has a level");
  level.walls.push({
    id: "wall-1",
    start: [0, 0],
    end: [5, 0],
    height: 4,
    thickness: 0.2,
    openings: [],
    left: { materialId: null, color: "#ffffff" },
    right: { materialId: null, color: "#ffffff" },
  });
  return document;
};

const firstIssuePath = (input: unknown) => {
  const result = SceneDocumentSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.path.join(".");
};

describe("the empty scene document (GET /scene/custom)", () => {
  it("validates, with one level and no walls", () => {
    const document = createEmptySceneDocument();
    expect(SceneDocumentSchema.parse(document)).toEqual(document);
    expect(document.version).toBe(1);
    expect(document.customSpace?.levels).toHaveLength(1);
    expect(document.customSpace?.levels[0]?.walls).toEqual([]);
  });
  it("each call returns a fresh document", () => {
    const first = createEmptySceneDocument();
    first.pictures.push(PictureItemSchema.parse(picture("p")));
    expect(createEmptySceneDocument().pictures).toEqual([]);
  });
});

describe("defaults a renderer relies on", () => {
  it("wall height defaults to the spec's 4 m; items get identity rotation and scale", () => {
    const document = withWall() as unknown as { customSpace: { levels: { walls: object[] }[] } };
    document.customSpace.levels[0]?.walls.push({ id: "wall-2", start: [0, 0], end: [0, 3] });
    const parsed = SceneDocumentSchema.parse({ ...document, pictures: [picture("p1")] });
    expect(parsed.customSpace?.levels[0]?.walls[1]?.height).toBe(4);
    expect(parsed.pictures[0]).toMatchObject({
      rotation: [0, 0, 0],
      scale: [1, 1, 1],
      locked: false,
    });
  });
});

describe("integrity: what one field cannot say", () => {
  it("a scene is a custom space or a premade template, not both", () => {
    const both = { ...createEmptySceneDocument(), spaceTemplate: { templateId: "t1" } };
    expect(firstIssuePath(both)).toBe("customSpace");
    const neither = { ...createEmptySceneDocument(), customSpace: null };
    expect(firstIssuePath(neither)).toBe("customSpace");
  });
  it("a premade template's items may name the template's levels", () => {
    const premade = {
      ...createEmptySceneDocument(),
      customSpace: null,
      spaceTemplate: { templateId: "gallery-m" },
      pictures: [picture("p1", { levelId: "template-ground" })],
    };
    expect(SceneDocumentSchema.safeParse(premade).success).toBe(true);
  });
  it("an item on a missing level or wall", () => {
    const document = withWall();
    expect(firstIssuePath({ ...document, pictures: [picture("p1", { levelId: "nope" })] })).toBe(
      "pictures.0.levelId",
    );
    expect(firstIssuePath({ ...document, pictures: [picture("p1", { wallId: "nope" })] })).toBe(
      "pictures.0.wallId",
    );
    expect(
      SceneDocumentSchema.safeParse({
        ...document,
        pictures: [picture("p1", { wallId: "wall-1" })],
      }).success,
    ).toBe(true);
  });
  it("duplicate ids anywhere in the document", () => {
    const document = withWall();
    expect(firstIssuePath({ ...document, pictures: [picture("wall-1")] })).toBe("pictures.0.id");
  });
  it("an opening must fit its wall", () => {
    const document = withWall();
    const wall = document.customSpace?.levels[0]?.walls[0];
    wall?.openings.push({
      id: "door-1",
      kind: "door",
      offset: 4,
      width: 1.5,
      height: 2.1,
      sill: 0,
    });
    expect(firstIssuePath(document)).toBe("customSpace.levels.0.walls.0.openings.0.width");
  });
  it(`at most ${SCENE_DOCUMENT_LIMITS.maxItems} items over all lists`, () => {
    const half = SCENE_DOCUMENT_LIMITS.maxItems / 2;
    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => picture(`${prefix}-${i}`));
    const atLimit = { ...createEmptySceneDocument(), pictures: many("a", half), props: [] };
    expect(SceneDocumentSchema.safeParse(atLimit).success).toBe(true);
    const over = {
      ...atLimit,
      models3d: many("b", half + 1).map((item) => ({ ...item, animation: null })),
    };
    expect(firstIssuePath(over)).toBe(`models3d.${half}`);
  });
});
