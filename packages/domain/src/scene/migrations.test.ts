import { describe, expect, it } from "vitest";
import { createEmptySceneDocument } from "./empty";
import { countSceneItems, migrateSceneDocument } from "./migrations";

describe("migrateSceneDocument", () => {
  it("a current document passes through unchanged", () => {
    const document = createEmptySceneDocument();
    expect(migrateSceneDocument(document)).toEqual({ ok: true, document, migratedFrom: 1 });
  });

  it("a v0 document (no version, the bare spec fields) migrates to v1", () => {
    const v0 = {
      customSpace: {
        levels: [{ walls: [{ start: { x: 0, z: 0 }, end: { x: 6, z: 0 } }] }],
        materialOverrides: [],
        skyUri: "/api/assetService/sky/sky-dawn",
        terrainUri: null,
      },
      fonts: ["urbanist"],
      startingPosition: { x: 1, y: 0, z: 2 },
      startingRotation: { x: 0, y: 90, z: 0 },
      pictures: [
        { assetId: "pic-1", position: { x: 1, y: 1.5, z: 0 }, rotation: { x: 0, y: 180, z: 0 } },
      ],
      texts3d: [{ content: "Welcome", fontSize: 80, position: [0, 2, 0] }],
      atlasCount: 2,
    };
    const result = migrateSceneDocument(v0);
    if (!result.ok) throw new Error(result.reason);
    const { document } = result;
    expect(result.migratedFrom).toBe(0);
    expect(document.version).toBe(1);
    expect(document.customSpace?.skyId).toBe("sky-dawn");
    expect(document.customSpace?.terrainId).toBeNull();
    const level = document.customSpace?.levels[0];
    expect(level?.id).toBe("level-1");
    expect(level?.walls[0]).toMatchObject({
      id: "level-1-wall-1",
      start: [0, 0],
      end: [6, 0],
      height: 4,
    });
    expect(document.startingPosition).toEqual([1, 0, 2]);
    expect(document.startingRotation[1]).toBeCloseTo(Math.PI / 2);
    expect(document.pictures[0]).toMatchObject({
      id: "pictures-1",
      levelId: "level-1",
      position: [1, 1.5, 0],
    });
    expect(document.pictures[0]?.rotation[1]).toBeCloseTo(Math.PI);
    expect(document.texts3d[0]?.text).toMatchObject({ content: "Welcome", fontSize: 80 });
    expect(document.atlasCount).toBe(2);
    expect(countSceneItems(document)).toBe(2);
  });

  it("a v0 document with no space at all becomes an empty custom scene", () => {
    const result = migrateSceneDocument({});
    expect(result.ok && result.document.customSpace?.levels).toHaveLength(1);
  });

  it("a v0 premade space given as a bare template id", () => {
    const result = migrateSceneDocument({ spaceTemplate: "gallery-m" });
    expect(result.ok && result.document.spaceTemplate).toEqual({
      templateId: "gallery-m",
      materialOverrides: [],
    });
    expect(result.ok && result.document.customSpace).toBeNull();
  });

  it("a broken document reports its first bad path", () => {
    const broken = {
      ...createEmptySceneDocument(),
      pictures: [{ id: "p1", assetId: "a", levelId: "level-1", position: [0, "up", 0] }],
      videos: [{ id: "v1" }],
    };
    const result = migrateSceneDocument(broken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.path).toBe("pictures.0.position.1");
    expect(result.reason).toMatch(/^pictures\.0\.position\.1: /);
  });

  it("a broken v0 document reports the path in v1 terms", () => {
    // the v0 {x, y} object became a tuple whose third entry (z) is missing
    const result = migrateSceneDocument({ pictures: [{ assetId: "a", position: { x: 0, y: 0 } }] });
    expect(result.ok ? "" : result.path).toBe("pictures.0.position.2");
  });

  it("not an object, a bad version, or a version from the future", () => {
    expect(migrateSceneDocument("scene")).toMatchObject({ ok: false, path: "" });
    expect(migrateSceneDocument([])).toMatchObject({ ok: false, path: "" });
    expect(migrateSceneDocument({ version: "1" })).toMatchObject({ ok: false, path: "version" });
    expect(migrateSceneDocument({ version: 2 })).toMatchObject({
      ok: false,
      reason: "version: Version 2 is newer than this build reads (1)",
    });
  });
});
