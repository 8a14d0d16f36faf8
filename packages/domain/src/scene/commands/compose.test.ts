import { describe, expect, it } from "vitest";
import { SceneDocumentSchema } from "../document";
import { createEmptySceneDocument } from "../empty";
import { CommandError } from "./command";
import { composeCommands } from "./compose";
import { SceneHistory } from "./history";
import { addItem } from "./items";
import { addRoom, addWall } from "./structure";

describe("composeCommands", () => {
  it("runs builders in sequence as one undo step", () => {
    const history = new SceneHistory(createEmptySceneDocument());
    const before = history.getDocument();
    history.execute(
      composeCommands(before, "Two walls", [
        (d) => addWall(d, "level-1", { id: "a", start: [0, 0], end: [2, 0] }),
        (d) => addWall(d, "level-1", { id: "b", start: [2, 0], end: [2, 2] }),
      ]),
    );
    expect(history.getDocument().customSpace?.levels[0]?.walls.map((w) => w.id)).toEqual([
      "a",
      "b",
    ]);
    history.undo();
    expect(history.getDocument()).toEqual(before);
    expect(history.getSnapshot().canUndo).toBe(false);
  });
});

describe("addRoom", () => {
  it("draws four walls around a rectangle, undone in one step", () => {
    const history = new SceneHistory(createEmptySceneDocument());
    const before = history.getDocument();
    let n = 0;
    history.execute(addRoom(before, "level-1", [4, 3], [-4, -3], () => `wall-${++n}`));
    const after = history.getDocument();
    expect(SceneDocumentSchema.safeParse(after).success).toBe(true);
    const walls = after.customSpace?.levels[0]?.walls ?? [];
    expect(walls.map((w) => [w.start, w.end])).toEqual([
      [
        [-4, -3],
        [4, -3],
      ],
      [
        [4, -3],
        [4, 3],
      ],
      [
        [4, 3],
        [-4, 3],
      ],
      [
        [-4, 3],
        [-4, -3],
      ],
    ]);
    expect(walls[0]?.height).toBe(4);
    // a picture can hang on the new walls
    history.execute(
      addItem(after, "pictures", {
        id: "p",
        assetId: "a",
        position: [0, 1.6, -2.9],
        levelId: "level-1",
        wallId: "wall-1",
      }),
    );
    history.undo();
    history.undo();
    expect(history.getDocument()).toEqual(before);
    history.redo();
    expect(history.getDocument()).toEqual(after);
  });

  it("refuses a room without area", () => {
    expect(() => addRoom(createEmptySceneDocument(), "level-1", [0, 0], [0, 5], () => "w")).toThrow(
      CommandError,
    );
  });
});
