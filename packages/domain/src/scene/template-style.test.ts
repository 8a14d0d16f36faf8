import { describe, expect, it } from "vitest";
import { terrainById } from "../entities/catalogue-item";
import { roomDocument } from "./commands/fixtures";
import { applyTemplateStyle, type CustomSpace } from "./custom-space";
import { SceneDocumentSchema } from "./document";

const template = (): CustomSpace => {
  const space = roomDocument().customSpace;
  if (!space) throw new Error("the fixture is a custom space");
  return { ...space, skyId: "sky-noon", terrainId: null, lighting: "gallery" };
};

describe("applyTemplateStyle", () => {
  it("keeps the template as it is without overrides", () => {
    const space = template();
    expect(applyTemplateStyle(space, {})).toEqual(space);
  });

  it("paints every wall side, floor and ceiling of the template, and sets sky, terrain and light", () => {
    const space = template();
    const styled = applyTemplateStyle(space, {
      walls: { materialId: "material-red-brick", color: "#ffffff" },
      floors: { materialId: null, color: "#334455" },
      ceilings: { materialId: null, color: "#eeeeee" },
      skyId: null,
      terrainId: "terrain-meadow",
      lighting: "night",
    });
    for (const level of styled.levels) {
      for (const wall of level.walls) {
        expect(wall.left).toEqual({ materialId: "material-red-brick", color: "#ffffff" });
        expect(wall.right).toEqual({ materialId: "material-red-brick", color: "#ffffff" });
      }
      expect(level.floor).toMatchObject({ materialId: null, color: "#334455" });
      expect(level.floor.outline).toEqual(space.levels[0]?.floor.outline);
      expect(level.ceiling).toMatchObject({
        color: "#eeeeee",
        visible: space.levels[0]?.ceiling.visible,
      });
    }
    expect(styled).toMatchObject({ skyId: null, terrainId: "terrain-meadow", lighting: "night" });
    // the template itself is untouched
    expect(space.levels[0]?.floor.color).not.toBe("#334455");
    expect(space.skyId).toBe("sky-noon");
  });
});

describe("premade overrides in the document", () => {
  it("an older premade document (no override keys) still parses, and keeps none", () => {
    const parsed = SceneDocumentSchema.parse({
      ...roomDocument(),
      customSpace: null,
      spaceTemplate: { templateId: "template-gallery" },
    });
    expect(parsed.spaceTemplate).toEqual({ templateId: "template-gallery", materialOverrides: [] });
  });

  it("every built-in terrain is found by its id", () => {
    expect(terrainById("terrain-meadow")?.title).toBe("Meadow");
    expect(terrainById("nope")).toBeUndefined();
    expect(terrainById(null)).toBeUndefined();
  });
});
