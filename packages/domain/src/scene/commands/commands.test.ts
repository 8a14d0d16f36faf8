import { describe, expect, it } from "vitest";
import { SceneDocumentSchema } from "../document";
import { CommandError, type SceneCommand } from "./command";
import { roomDocument } from "./fixtures";
import { SceneHistory } from "./history";
import {
  addItem,
  duplicateItems,
  removeItems,
  setItemsLocked,
  transformItems,
  updateItem,
} from "./items";
import {
  addLevel,
  addOpening,
  addWall,
  removeLevel,
  removeOpening,
  removeWall,
  setEnvironment,
  setStartingPoint,
  setTemplateStyle,
  switchToCustomSpace,
  switchToSpaceTemplate,
  updateLevel,
  updateOpening,
  updateWall,
} from "./structure";

const picture = { list: "pictures", id: "picture-1" } as const;

/**
 * Builds a command (after any setup steps `build` runs), executes it, checks the result is
 * valid, undoes it and checks the document from just before is back, then redoes it.
 */
function executeAndUndo(build: (history: SceneHistory) => SceneCommand) {
  const history = new SceneHistory(roomDocument());
  const command = build(history);
  const before = history.getDocument();
  history.execute(command);
  const after = history.getDocument();
  expect(SceneDocumentSchema.safeParse(after).success).toBe(true);
  history.undo();
  expect(history.getDocument()).toEqual(before);
  history.redo();
  expect(history.getDocument()).toEqual(after);
  return after;
}

describe("item commands", () => {
  it("addItem places a validated item with its defaults", () => {
    const after = executeAndUndo((h) =>
      addItem(h.getDocument(), "texts3d", {
        id: "text-1",
        position: [0, 1, 0],
        levelId: "level-1",
        text: { content: "Welcome" },
      }),
    );
    expect(after.texts3d[0]).toMatchObject({ id: "text-1", scale: [1, 1, 1], locked: false });
    expect(after.texts3d[0]?.text.fontSize).toBe(60);
  });

  it("addItem refuses an item on a level that does not exist", () => {
    const history = new SceneHistory(roomDocument());
    const command = addItem(history.getDocument(), "props", {
      id: "prop-1",
      propId: "bench",
      position: [0, 0, 0],
      levelId: "level-9",
    });
    expect(() => history.execute(command)).toThrow(CommandError);
    expect(history.getSnapshot().canUndo).toBe(false);
  });

  it("addItem refuses a duplicate id", () => {
    const history = new SceneHistory(roomDocument());
    const command = addItem(history.getDocument(), "props", {
      id: "picture-1",
      propId: "bench",
      position: [0, 0, 0],
      levelId: "level-1",
    });
    expect(() => history.execute(command)).toThrow(/Duplicate id/);
  });

  it("updateItem changes fields and validates them", () => {
    const after = executeAndUndo((h) => updateItem(h.getDocument(), picture, { title: "Irises" }));
    expect(after.pictures[0]?.title).toBe("Irises");
    expect(() => updateItem(roomDocument(), picture, { title: "x".repeat(101) })).toThrow(
      CommandError,
    );
  });

  it("transformItems moves, rotates and scales", () => {
    const after = executeAndUndo((h) =>
      transformItems(h.getDocument(), [
        { ref: picture, position: [1, 1.5, -2.9], rotation: [0, 0.5, 0], scale: [2, 2, 1] },
      ]),
    );
    expect(after.pictures[0]).toMatchObject({
      position: [1, 1.5, -2.9],
      rotation: [0, 0.5, 0],
      scale: [2, 2, 1],
    });
  });

  it("transformItems keeps a picture's proportions: width and height scale alike", () => {
    const wider = executeAndUndo((h) =>
      transformItems(h.getDocument(), [{ ref: picture, scale: [1.6, 1, 1] }]),
    );
    expect(wider.pictures[0]?.scale).toEqual([1.6, 1.6, 1]);
    const shorter = executeAndUndo((h) =>
      transformItems(h.getDocument(), [{ ref: picture, scale: [1, 0.5, 2] }]),
    );
    expect(shorter.pictures[0]?.scale).toEqual([0.5, 0.5, 2]);
  });

  it("transformItems refuses a zero scale, a non-finite position and a locked item", () => {
    const document = roomDocument();
    expect(() => transformItems(document, [{ ref: picture, scale: [0, 1, 1] }])).toThrow(
      CommandError,
    );
    expect(() =>
      transformItems(document, [{ ref: picture, position: [Number.NaN, 0, 0] }]),
    ).toThrow(CommandError);
    const history = new SceneHistory(document);
    history.execute(setItemsLocked(document, [picture], true));
    expect(() =>
      transformItems(history.getDocument(), [{ ref: picture, position: [0, 0, 0] }]),
    ).toThrow(/locked/);
  });

  it("transformItems can unsnap an item from its wall", () => {
    const after = executeAndUndo((h) =>
      transformItems(h.getDocument(), [{ ref: picture, wallId: null }]),
    );
    expect(after.pictures[0]).not.toHaveProperty("wallId");
  });

  it("removeItems deletes several items from several lists", () => {
    const after = executeAndUndo((h) => {
      h.execute(
        addItem(h.getDocument(), "props", {
          id: "p1",
          propId: "bench",
          position: [1, 0, 0],
          levelId: "level-1",
        }),
      );
      h.execute(
        addItem(h.getDocument(), "props", {
          id: "p2",
          propId: "plant",
          position: [2, 0, 0],
          levelId: "level-1",
        }),
      );
      return removeItems(h.getDocument(), [
        picture,
        { list: "props", id: "p1" },
        { list: "props", id: "p2" },
      ]);
    });
    expect(after.pictures).toEqual([]);
    expect(after.props).toEqual([]);
  });

  it("removeItems refuses a locked item", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(setItemsLocked(history.getDocument(), [picture], true));
    expect(() => removeItems(history.getDocument(), [picture])).toThrow(/locked/);
  });

  it("duplicateItems copies with new ids, offset and unlocked", () => {
    let created: string[] = [];
    const after = executeAndUndo((h) => {
      let next = 0;
      const result = duplicateItems(h.getDocument(), [picture], () => `copy-${++next}`);
      created = result.created.map((ref) => ref.id);
      return result.command;
    });
    expect(created).toEqual(["copy-1"]);
    expect(after.pictures[1]).toMatchObject({
      id: "copy-1",
      position: [0.5, 1.6, -2.4],
      locked: false,
    });
  });
});

describe("structure commands", () => {
  it("addLevel and updateLevel", () => {
    const after = executeAndUndo((h) => addLevel(h.getDocument(), "level-2", "Mezzanine", 4));
    expect(after.customSpace?.levels[1]).toMatchObject({
      id: "level-2",
      name: "Mezzanine",
      elevation: 4,
    });
    const renamed = executeAndUndo((h) =>
      updateLevel(h.getDocument(), "level-1", { name: "Ground floor" }),
    );
    expect(renamed.customSpace?.levels[0]?.name).toBe("Ground floor");
  });

  it("removeLevel takes what stands on it along", () => {
    const after = executeAndUndo((h) => {
      h.execute(addLevel(h.getDocument(), "level-2", "Upstairs", 4));
      h.execute(
        addItem(h.getDocument(), "props", {
          id: "p-up",
          propId: "sofa",
          position: [0, 4, 0],
          levelId: "level-2",
        }),
      );
      return removeLevel(h.getDocument(), "level-2");
    });
    expect(after.customSpace?.levels.map((level) => level.id)).toEqual(["level-1"]);
    expect(after.props).toEqual([]);
    expect(after.pictures).toHaveLength(1);
  });

  it("removing the last level discards the scene's work, undoably", () => {
    const after = executeAndUndo((h) => removeLevel(h.getDocument(), "level-1"));
    expect(after.pictures).toEqual([]);
    expect(after.customSpace?.levels).toHaveLength(1);
    expect(after.customSpace?.levels[0]?.walls).toEqual([]);
  });

  it("addWall, updateWall and removeWall (which unsnaps what hung on it)", () => {
    executeAndUndo((h) =>
      addWall(h.getDocument(), "level-1", { id: "partition", start: [0, -3], end: [0, 0] }),
    );
    const painted = executeAndUndo((h) =>
      updateWall(h.getDocument(), "level-1", "north", {
        left: { materialId: null, color: "#336699" },
      }),
    );
    expect(painted.customSpace?.levels[0]?.walls[0]?.left.color).toBe("#336699");
    const removed = executeAndUndo((h) => removeWall(h.getDocument(), "level-1", "north"));
    expect(removed.customSpace?.levels[0]?.walls.map((wall) => wall.id)).toEqual([
      "east",
      "south",
      "west",
    ]);
    expect(removed.pictures[0]).not.toHaveProperty("wallId");
  });

  it("a wall needs a length", () => {
    const history = new SceneHistory(roomDocument());
    expect(() =>
      history.execute(
        addWall(history.getDocument(), "level-1", { id: "dot", start: [1, 1], end: [1, 1] }),
      ),
    ).toThrow(/length/);
  });

  it("openings are added, edited and removed, and must fit their wall", () => {
    const door = { id: "door-1", kind: "door" as const, offset: 3, width: 1, height: 2.2, sill: 0 };
    executeAndUndo((h) => addOpening(h.getDocument(), "level-1", "north", door));
    const widened = executeAndUndo((h) => {
      h.execute(addOpening(h.getDocument(), "level-1", "north", door));
      return updateOpening(h.getDocument(), "level-1", "north", "door-1", { width: 1.6 });
    });
    expect(widened.customSpace?.levels[0]?.walls[0]?.openings[0]?.width).toBe(1.6);
    executeAndUndo((h) => {
      h.execute(addOpening(h.getDocument(), "level-1", "north", door));
      return removeOpening(h.getDocument(), "level-1", "north", "door-1");
    });
    const history = new SceneHistory(roomDocument());
    expect(() =>
      history.execute(
        addOpening(history.getDocument(), "level-1", "north", { ...door, offset: 7.5 }),
      ),
    ).toThrow(/past the wall's end/);
  });

  it("setEnvironment and setStartingPoint", () => {
    const styled = executeAndUndo((h) =>
      setEnvironment(h.getDocument(), { lighting: "sunset", skyId: "sky-dusk" }),
    );
    expect(styled.customSpace).toMatchObject({ lighting: "sunset", skyId: "sky-dusk" });
    const started = executeAndUndo((h) =>
      setStartingPoint(h.getDocument(), [1, 0, 2], [0, Math.PI, 0]),
    );
    expect(started.startingPosition).toEqual([1, 0, 2]);
  });

  it("switching to a premade space discards the work, and back to custom too; both undoable", () => {
    const premade = executeAndUndo((h) =>
      switchToSpaceTemplate(h.getDocument(), "template-gallery"),
    );
    expect(premade.customSpace).toBeNull();
    expect(premade.spaceTemplate?.templateId).toBe("template-gallery");
    expect(premade.pictures).toEqual([]);
    expect(() => setEnvironment(premade, { lighting: "night" })).toThrow(/premade/);
    const custom = executeAndUndo((h) => {
      h.execute(switchToSpaceTemplate(h.getDocument(), "template-gallery"));
      return switchToCustomSpace(h.getDocument());
    });
    expect(custom.spaceTemplate).toBeNull();
    expect(custom.customSpace?.levels).toHaveLength(1);
  });

  it("setTemplateStyle overrides a premade space's finishes, sky, terrain and lighting, and goes back", () => {
    const premadeStep = (h: SceneHistory) =>
      h.execute(switchToSpaceTemplate(h.getDocument(), "template-gallery"));
    const styled = executeAndUndo((h) => {
      premadeStep(h);
      return setTemplateStyle(h.getDocument(), {
        walls: { materialId: null, color: "#112233" },
        floors: { materialId: "material-oak-planks", color: "#ffffff" },
        terrainId: "terrain-meadow",
        skyId: null,
        lighting: "night",
      });
    });
    expect(styled.spaceTemplate).toMatchObject({
      templateId: "template-gallery",
      walls: { materialId: null, color: "#112233" },
      floors: { materialId: "material-oak-planks" },
      terrainId: "terrain-meadow",
      skyId: null,
      lighting: "night",
    });
    expect(styled.spaceTemplate).not.toHaveProperty("ceilings");
    // undefined: back to the template's own (the key goes)
    const reverted = executeAndUndo((h) => {
      premadeStep(h);
      h.execute(setTemplateStyle(h.getDocument(), { terrainId: "terrain-sand", lighting: "day" }));
      return setTemplateStyle(h.getDocument(), { terrainId: undefined });
    });
    expect(reverted.spaceTemplate).not.toHaveProperty("terrainId");
    expect(reverted.spaceTemplate?.lighting).toBe("day");
    const history = new SceneHistory(roomDocument());
    expect(() => setTemplateStyle(history.getDocument(), { lighting: "night" })).toThrow(
      /not a premade/,
    );
    premadeStep(history);
    expect(() =>
      setTemplateStyle(history.getDocument(), { walls: { materialId: null, color: "red" } }),
    ).toThrow(CommandError);
  });
});
