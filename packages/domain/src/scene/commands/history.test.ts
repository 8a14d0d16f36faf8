import { describe, expect, it, vi } from "vitest";
import { roomDocument } from "./fixtures";
import { SceneHistory } from "./history";
import { transformItems, updateItem } from "./items";

const picture = { list: "pictures", id: "picture-1" } as const;
const moveTo = (history: SceneHistory, x: number) =>
  transformItems(history.getDocument(), [{ ref: picture, position: [x, 1.6, -2.9] }]);

describe("SceneHistory", () => {
  it("a drag (one merge key) is one undo step, back to where it started", () => {
    const start = roomDocument();
    const history = new SceneHistory(start);
    for (let step = 1; step <= 20; step++) {
      history.execute(moveTo(history, step / 10), { mergeKey: "drag:picture-1" });
    }
    history.endMerge();
    expect(history.getDocument().pictures[0]?.position[0]).toBeCloseTo(2, 5);
    history.undo();
    expect(history.getDocument()).toEqual(start);
    expect(history.getSnapshot().canUndo).toBe(false);
    history.redo();
    expect(history.getDocument().pictures[0]?.position[0]).toBeCloseTo(2, 5);
  });

  it("two drags of the same item are two steps", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1), { mergeKey: "drag:picture-1" });
    history.endMerge();
    history.execute(moveTo(history, 2), { mergeKey: "drag:picture-1" });
    history.undo();
    expect(history.getDocument().pictures[0]?.position[0]).toBe(1);
  });

  it("changes captured 'never' (remote, load-time) do not enter the history", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(updateItem(history.getDocument(), picture, { title: "From another tab" }), {
      capture: "never",
    });
    expect(history.getSnapshot().canUndo).toBe(false);
    expect(history.getDocument().pictures[0]?.title).toBe("From another tab");
  });

  it("changes captured 'eventually' join the next step", () => {
    const start = roomDocument();
    const history = new SceneHistory(start);
    history.execute(updateItem(history.getDocument(), picture, { title: "Draft title" }), {
      capture: "eventually",
    });
    history.execute(moveTo(history, 3));
    history.undo();
    expect(history.getDocument()).toEqual(start);
  });

  it("'eventually' changes after the last step are undone with it", () => {
    const start = roomDocument();
    const history = new SceneHistory(start);
    history.execute(moveTo(history, 3));
    history.execute(updateItem(history.getDocument(), picture, { title: "Typed after" }), {
      capture: "eventually",
    });
    history.undo();
    expect(history.getDocument()).toEqual(start);
  });

  it("a new edit clears the redo stack", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    history.undo();
    expect(history.getSnapshot().canRedo).toBe(true);
    history.execute(moveTo(history, 2));
    expect(history.getSnapshot().canRedo).toBe(false);
  });

  it("tracks unsaved changes", () => {
    const history = new SceneHistory(roomDocument());
    expect(history.getSnapshot().dirty).toBe(false);
    history.execute(moveTo(history, 1));
    expect(history.getSnapshot().dirty).toBe(true);
    history.markSaved();
    expect(history.getSnapshot().dirty).toBe(false);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
  });

  it("undoing back to the saved document (or redoing forward to it) is not unsaved", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    history.undo();
    expect(history.getSnapshot().dirty).toBe(false);
    history.redo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.markSaved();
    history.execute(moveTo(history, 2));
    history.execute(moveTo(history, 3));
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(false);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.redo();
    expect(history.getSnapshot().dirty).toBe(false);
  });

  it("a new edit after undoing past the saved document leaves it unreachable", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    history.markSaved();
    history.undo();
    history.execute(moveTo(history, 2));
    expect(history.getSnapshot().dirty).toBe(true);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
  });

  it("a drag that goes on after a save made mid-drag is unsaved, and undo does not reach the save", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1), { mergeKey: "gizmo" });
    history.markSaved();
    history.execute(moveTo(history, 2), { mergeKey: "gizmo" });
    expect(history.getSnapshot().dirty).toBe(true);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.redo();
    expect(history.getSnapshot().dirty).toBe(true);
  });

  it("pending ('eventually') changes are unsaved until undone, and redo comes back to them", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    history.markSaved();
    history.execute(updateItem(history.getDocument(), picture, { title: "Typing" }), {
      capture: "eventually",
    });
    expect(history.getSnapshot().dirty).toBe(true);
    history.markSaved();
    expect(history.getSnapshot().dirty).toBe(false);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.redo();
    expect(history.getSnapshot().dirty).toBe(false);
    expect(history.getDocument().pictures[0]?.title).toBe("Typing");
  });

  it("a 'never' change makes every reachable document unsaved until the next save", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    history.markSaved();
    history.execute(updateItem(history.getDocument(), picture, { title: "From another tab" }), {
      capture: "never",
    });
    expect(history.getSnapshot().dirty).toBe(true);
    history.undo();
    history.redo();
    expect(history.getSnapshot().dirty).toBe(true);
    history.markSaved();
    expect(history.getSnapshot().dirty).toBe(false);
  });

  it("the saved document stays reachable when older steps fall off the history", () => {
    const history = new SceneHistory(roomDocument(), 3);
    history.markSaved();
    for (let x = 1; x <= 5; x++) history.execute(moveTo(history, x));
    for (let i = 0; i < 3; i++) history.undo();
    expect(history.getSnapshot().canUndo).toBe(false);
    // the saved (start) document fell off: the bottom is after step 2
    expect(history.getSnapshot().dirty).toBe(true);
    history.execute(moveTo(history, 9));
    history.markSaved();
    history.execute(moveTo(history, 10));
    history.execute(moveTo(history, 11));
    history.execute(moveTo(history, 12));
    history.undo();
    history.undo();
    history.undo();
    expect(history.getSnapshot().dirty).toBe(false);
    expect(history.getDocument().pictures[0]?.position[0]).toBe(9);
  });

  it("a save that finished after further edits marks the document it sent", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    const sent = history.getDocument();
    history.execute(moveTo(history, 2));
    history.markSaved(sent);
    expect(history.getSnapshot().dirty).toBe(true);
    history.undo();
    expect(history.getSnapshot().dirty).toBe(false);
  });

  it("a save that finished after further edits does not clear the dirty flag", () => {
    const history = new SceneHistory(roomDocument());
    history.execute(moveTo(history, 1));
    const sent = history.getDocument();
    history.execute(moveTo(history, 2));
    history.markSaved(sent);
    expect(history.getSnapshot().dirty).toBe(true);
  });

  it("tells subscribers about every change, with labels for the undo buttons", () => {
    const history = new SceneHistory(roomDocument());
    const listener = vi.fn();
    const unsubscribe = history.subscribe(listener);
    history.execute(moveTo(history, 1));
    expect(history.getSnapshot().undoLabel).toBe("Move item");
    history.undo();
    expect(history.getSnapshot().redoLabel).toBe("Move item");
    unsubscribe();
    history.redo();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps at most `limit` steps", () => {
    const history = new SceneHistory(roomDocument(), 3);
    for (let x = 1; x <= 5; x++) history.execute(moveTo(history, x));
    let steps = 0;
    while (history.getSnapshot().canUndo) {
      history.undo();
      steps++;
    }
    expect(steps).toBe(3);
    expect(history.getDocument().pictures[0]?.position[0]).toBe(2);
  });
});
