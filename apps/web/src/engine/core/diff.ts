import { SCENE_ITEM_LISTS, type SceneDocument, type SceneItemList } from "@atrium/domain";

// What changed between two scene documents, so the engine redraws only that. The editor's store
// keeps unchanged parts by reference, so a reference check settles most comparisons; anything
// else is compared by value.

export interface ItemListDiff {
  added: string[];
  removed: string[];
  /** Only position, rotation or scale differ: moved in place, nothing reloaded. */
  moved: string[];
  /** Anything else differs: rebuilt. */
  changed: string[];
}

export interface DocumentDiff {
  /** Levels, walls, floors, ceilings, material overrides or the premade template. */
  structure: boolean;
  /** Sky, terrain or lighting. */
  environment: boolean;
  items: Record<SceneItemList, ItemListDiff>;
  /** Nothing at all differs. */
  empty: boolean;
}

const TRANSFORM_KEYS = new Set(["position", "rotation", "scale"]);

export function equalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalValues(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!equalValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}

function diffItem(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): "same" | "moved" | "changed" {
  if (a === b) return "same";
  let moved = false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (equalValues(a[key], b[key])) continue;
    if (TRANSFORM_KEYS.has(key)) moved = true;
    else return "changed";
  }
  return moved ? "moved" : "same";
}

function diffList(
  before: ReadonlyArray<{ id: string }>,
  after: ReadonlyArray<{ id: string }>,
): ItemListDiff {
  const result: ItemListDiff = { added: [], removed: [], moved: [], changed: [] };
  if (before === after) return result;
  const old = new Map(before.map((item) => [item.id, item]));
  const seen = new Set<string>();
  for (const item of after) {
    seen.add(item.id);
    const previous = old.get(item.id);
    if (!previous) {
      result.added.push(item.id);
      continue;
    }
    const kind = diffItem(
      previous as unknown as Record<string, unknown>,
      item as unknown as Record<string, unknown>,
    );
    if (kind === "moved") result.moved.push(item.id);
    else if (kind === "changed") result.changed.push(item.id);
  }
  for (const item of before) if (!seen.has(item.id)) result.removed.push(item.id);
  return result;
}

export function diffDocuments(before: SceneDocument | null, after: SceneDocument): DocumentDiff {
  const items = {} as Record<SceneItemList, ItemListDiff>;
  let empty = true;
  for (const list of SCENE_ITEM_LISTS) {
    const diff = diffList(before?.[list] ?? [], after[list]);
    items[list] = diff;
    if (diff.added.length || diff.removed.length || diff.moved.length || diff.changed.length)
      empty = false;
  }
  const a = before?.customSpace ?? null;
  const b = after.customSpace;
  // a premade space's overrides (Shape Style) change its structure and its environment
  const template = before !== null && !equalValues(before.spaceTemplate, after.spaceTemplate);
  const structure =
    before === null ||
    template ||
    (a !== b &&
      (!a ||
        !b ||
        !equalValues(a.levels, b.levels) ||
        !equalValues(a.materialOverrides, b.materialOverrides) ||
        // the terrain is drawn with the room (room.ts)
        a.terrainId !== b.terrainId));
  const environment =
    before === null ||
    template ||
    (a !== b && (!a || !b || a.skyId !== b.skyId || a.lighting !== b.lighting));
  if (structure || environment) empty = false;
  return { structure, environment, items, empty };
}
