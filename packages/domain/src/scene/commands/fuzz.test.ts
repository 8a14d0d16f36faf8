import { describe, expect, it } from "vitest";
import type { SceneDocument } from "../document";
import { SceneDocumentSchema } from "../document";
import { SCENE_ITEM_LISTS } from "../items";
import { CommandError, type SceneCommand } from "./command";
import { roomDocument } from "./fixtures";
import { SceneHistory } from "./history";
import {
  addItem,
  duplicateItems,
  type ItemRef,
  removeItems,
  setItemsLocked,
  transformItems,
  updateItem,
} from "./items";
import {
  addLevel,
  addOpening,
  addRoom,
  addWall,
  removeLevel,
  removeWall,
  setEnvironment,
  updateWall,
} from "./structure";

import { addGuidedTour, removeGuidedTour } from "./tours";

/** mulberry32: a small seeded generator, so a failing sequence can be replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCommand(
  document: SceneDocument,
  next: () => number,
  newId: () => string,
): SceneCommand | null {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  const coordinate = () => Math.round((next() * 16 - 8) * 100) / 100;
  const levels = document.customSpace?.levels ?? [];
  const level = pick(levels);
  const refs: ItemRef[] = SCENE_ITEM_LISTS.flatMap((list) =>
    (document[list] as readonly { id: string }[]).map((item) => ({ list, id: item.id })),
  );
  const ref = pick(refs);
  const wall = level ? pick(level.walls) : undefined;
  switch (Math.floor(next() * 14)) {
    case 0:
    case 1:
      return level
        ? addItem(document, "props", {
            id: newId(),
            propId: "bench",
            position: [coordinate(), 0, coordinate()],
            levelId: level.id,
          })
        : null;
    case 2:
      return level
        ? addItem(document, "texts3d", {
            id: newId(),
            position: [coordinate(), 1, coordinate()],
            levelId: level.id,
            text: { content: "Hello" },
          })
        : null;
    case 3:
    case 4:
      return ref
        ? transformItems(document, [
            {
              ref,
              position: [coordinate(), next() * 3, coordinate()],
              rotation: [0, next() * 6, 0],
            },
          ])
        : null;
    case 5:
      return ref ? updateItem(document, ref, { title: `Item ${Math.floor(next() * 100)}` }) : null;
    case 6:
      return ref ? removeItems(document, [ref]) : null;
    case 7:
      return ref ? duplicateItems(document, [ref], newId).command : null;
    case 8:
      return ref ? setItemsLocked(document, [ref], next() < 0.5) : null;
    case 9:
      if (!level) return null;
      if (next() < 0.5)
        return addWall(document, level.id, {
          id: newId(),
          start: [coordinate(), coordinate()],
          end: [coordinate(), coordinate()],
        });
      return wall
        ? next() < 0.5
          ? removeWall(document, level.id, wall.id)
          : updateWall(document, level.id, wall.id, { height: 3 + next() * 2 })
        : null;
    case 10:
      return level && wall
        ? addOpening(document, level.id, wall.id, {
            id: newId(),
            kind: "window",
            offset: next() * 2,
            width: 0.5 + next(),
            height: 1,
            sill: 1,
          })
        : null;
    case 12: {
      if (!level) return null;
      const [x, z] = [coordinate(), coordinate()];
      return addRoom(document, level.id, [x, z], [x + 1 + next() * 4, z + 1 + next() * 4], newId);
    }
    case 13: {
      const linked = pick(document.guidedTours);
      return linked && next() < 0.5
        ? removeGuidedTour(document, linked)
        : addGuidedTour(document, newId());
    }
    default:
      if (next() < 0.3) return addLevel(document, newId(), "Upper", 4);
      if (next() < 0.3 && level) return removeLevel(document, level.id);
      return setEnvironment(document, { lighting: next() < 0.5 ? "night" : "gallery" });
  }
}

describe("random command sequences (fuzz)", () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`seed ${seed}: every step is valid, undo all returns to the start, redo all to the end`, () => {
      const next = random(seed);
      let counter = 0;
      const newId = () => `fuzz-${seed}-${++counter}`;
      const start = roomDocument();
      const history = new SceneHistory(start);
      let applied = 0;
      for (let step = 0; step < 80; step++) {
        let command: SceneCommand | null;
        try {
          command = randomCommand(history.getDocument(), next, newId);
          if (!command) continue;
          history.execute(command, next() < 0.2 ? { mergeKey: "fuzz-drag" } : {});
        } catch (error) {
          // refused edits (a locked item, an opening past its wall...) must change nothing
          if (!(error instanceof CommandError)) throw error;
          continue;
        }
        applied++;
        const parsed = SceneDocumentSchema.safeParse(history.getDocument());
        expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(
          true,
        );
      }
      expect(applied).toBeGreaterThan(20);
      const end = history.getDocument();
      while (history.getSnapshot().canUndo) history.undo();
      expect(history.getDocument()).toEqual(start);
      while (history.getSnapshot().canRedo) history.redo();
      expect(history.getDocument()).toEqual(end);
    });
  }
});
