import {
  addItem,
  addWall,
  createEmptySceneDocument,
  removeItems,
  transformItems,
} from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { EditorStore, readStoredDocument } from "./editor-store";

const picture = (id: string) => ({
  id,
  assetId: "asset-1",
  position: [0, 1.5, 0] as [number, number, number],
  levelId: "level-1",
});

describe("EditorStore", () => {
  it("applies commands, undoes and redoes, and tracks unsaved changes", () => {
    const store = new EditorStore(createEmptySceneDocument());
    expect(store.getSnapshot().dirty).toBe(false);
    expect(store.run((d) => addItem(d, "pictures", picture("p1")))).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ dirty: true, canUndo: true });
    store.undo();
    expect(store.getDocument().pictures).toHaveLength(0);
    store.redo();
    expect(store.getDocument().pictures).toHaveLength(1);
  });

  it("merges a drag into one undo step", () => {
    const store = new EditorStore(createEmptySceneDocument());
    store.run((d) => addItem(d, "pictures", picture("p1")));
    const ref = { list: "pictures", id: "p1" } as const;
    for (let x = 1; x <= 5; x++) {
      store.run((d) => transformItems(d, [{ ref, position: [x, 1.5, 0] }]), { mergeKey: "drag" });
    }
    store.endMerge();
    expect(store.getDocument().pictures[0]?.position).toEqual([5, 1.5, 0]);
    store.undo();
    expect(store.getDocument().pictures[0]?.position).toEqual([0, 1.5, 0]);
  });

  it("reports a refused edit without changing anything", () => {
    const store = new EditorStore(createEmptySceneDocument());
    const error = store.run((d) => addWall(d, "level-1", { id: "w", start: [0, 0], end: [0, 0] }));
    expect(error).toMatch(/length/);
    expect(store.getSnapshot().canUndo).toBe(false);
  });

  it("drops deleted items from the selection, and brings them back on undo without reselecting", () => {
    const store = new EditorStore(createEmptySceneDocument());
    store.run((d) => addItem(d, "pictures", picture("p1")));
    const ref = { list: "pictures", id: "p1" } as const;
    store.select([ref]);
    store.run((d) => removeItems(d, [ref]));
    expect(store.getSession().selection).toEqual([]);
    store.toggleSelected(ref);
    expect(store.getSession().selection).toEqual([ref]);
  });

  it("counts a title change as unsaved until saved", () => {
    const store = new EditorStore(createEmptySceneDocument());
    store.setTitle("My space");
    expect(store.getSnapshot().dirty).toBe(true);
    store.markSaved({
      sceneId: "s1",
      revision: 1,
      document: store.getDocument(),
      title: "My space",
    });
    expect(store.getSnapshot()).toMatchObject({ dirty: false });
    expect(store.getSession()).toMatchObject({ sceneId: "s1", revision: 1 });
  });

  it("is saved again after undoing back to the saved document, or redoing forward to it", () => {
    const store = new EditorStore(createEmptySceneDocument(), { sceneId: "s1", title: "Room" });
    store.run((d) => addItem(d, "pictures", picture("p1")));
    store.markSaved({ sceneId: "s1", revision: 2, document: store.getDocument(), title: "Room" });
    const ref = { list: "pictures", id: "p1" } as const;
    store.run((d) => transformItems(d, [{ ref, position: [1, 1.5, 0] }]));
    expect(store.getSnapshot().dirty).toBe(true);
    store.undo();
    expect(store.getSnapshot().dirty).toBe(false);
    store.undo();
    expect(store.getSnapshot().dirty).toBe(true);
    store.redo();
    expect(store.getSnapshot().dirty).toBe(false);
  });

  it("a title typed back to the saved one is not unsaved; an undone edit does not hide a new title", () => {
    const store = new EditorStore(createEmptySceneDocument(), { sceneId: "s1", title: "Room" });
    store.setTitle("Room 2");
    expect(store.getSnapshot().dirty).toBe(true);
    store.setTitle("Room");
    expect(store.getSnapshot().dirty).toBe(false);
    store.setTitle("Hall");
    store.run((d) => addItem(d, "pictures", picture("p1")));
    store.undo();
    expect(store.getSnapshot().dirty).toBe(true);
  });

  it("refuses edits in read-only mode", () => {
    const store = new EditorStore(createEmptySceneDocument(), { readOnlyReason: "bad" });
    expect(store.run((d) => addItem(d, "pictures", picture("p1")))).toBe("bad");
    expect(store.getDocument().pictures).toHaveLength(0);
  });
});

describe("readStoredDocument", () => {
  it("migrates an older (v0) document", () => {
    const result = readStoredDocument(
      { customSpace: createEmptySceneDocument().customSpace, pictures: [] },
      createEmptySceneDocument(),
    );
    expect(result.ok).toBe(true);
  });

  it("gives the reason a document fails the schema", () => {
    const result = readStoredDocument({ version: 1, pictures: "nope" }, createEmptySceneDocument());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/pictures|customSpace/);
  });
});

describe("EditorStore titles", () => {
  it("shows the generated title after saving an untitled scene", () => {
    const store = new EditorStore(createEmptySceneDocument());
    store.markSaved({
      sceneId: "s1",
      revision: 1,
      document: store.getDocument(),
      title: "Untitled space 11/21/2026 9:30:00 AM",
    });
    expect(store.getSession().title).toMatch(/^Untitled space /);
    expect(store.getSnapshot().dirty).toBe(false);
  });

  it("keeps a title typed during the save as unsaved", () => {
    const store = new EditorStore(createEmptySceneDocument());
    store.setTitle("Typed later");
    store.markSaved({
      sceneId: "s1",
      revision: 1,
      document: store.getDocument(),
      title: "Earlier",
    });
    expect(store.getSession().title).toBe("Typed later");
    expect(store.getSnapshot().dirty).toBe(true);
  });
});

describe("EditorStore flushing", () => {
  it("runs registered flushes before a save reads the store (a title typed just before Save)", () => {
    const store = new EditorStore(createEmptySceneDocument());
    const unregister = store.onFlush(() => store.setTitle("Typed just now"));
    store.flushPending();
    expect(store.getSession().title).toBe("Typed just now");
    unregister();
    store.setTitle("Other");
    store.flushPending();
    expect(store.getSession().title).toBe("Other");
  });
});
