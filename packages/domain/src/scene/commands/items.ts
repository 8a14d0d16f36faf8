import type { z } from "zod";
import { proportionalScale } from "../../rules/picture-size";
import type { SceneDocument } from "../document";
import type { Vec3 } from "../geometry";
import {
  InfoPointItemSchema,
  LiveVideoItemSchema,
  Model3dItemSchema,
  PictureItemSchema,
  PortalItemSchema,
  PropItemSchema,
  type SceneItemList,
  Text3dItemSchema,
  VideoItemSchema,
  WebViewItemSchema,
} from "../items";
import { CommandError, type SceneCommand } from "./command";
import type { PatchOp } from "./patch";

export const ITEM_SCHEMAS = {
  pictures: PictureItemSchema,
  videos: VideoItemSchema,
  texts3d: Text3dItemSchema,
  models3d: Model3dItemSchema,
  portals: PortalItemSchema,
  infoPoints: InfoPointItemSchema,
  props: PropItemSchema,
  liveVideos: LiveVideoItemSchema,
  webViews3d: WebViewItemSchema,
} satisfies Record<SceneItemList, z.ZodType>;

export type ItemOf<L extends SceneItemList> = z.infer<(typeof ITEM_SCHEMAS)[L]>;
export type ItemInput<L extends SceneItemList> = z.input<(typeof ITEM_SCHEMAS)[L]>;
export type AnyItem = ItemOf<SceneItemList>;

/** Where an item lives: its list and its id. */
export interface ItemRef {
  list: SceneItemList;
  id: string;
}

export function findItem(document: SceneDocument, ref: ItemRef): { index: number; item: AnyItem } {
  const items = document[ref.list] as readonly AnyItem[];
  const index = items.findIndex((item) => item.id === ref.id);
  const item = items[index];
  if (!item) throw new CommandError(`No item "${ref.id}" in ${ref.list}`);
  return { index, item };
}

function parseItem<L extends SceneItemList>(list: L, input: unknown): ItemOf<L> {
  const parsed = ITEM_SCHEMAS[list].safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError(`Invalid ${list} item: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return parsed.data as ItemOf<L>;
}

const plural = (count: number, noun: string) => (count === 1 ? noun : `${count} ${noun}s`);

export function addItem<L extends SceneItemList>(
  document: SceneDocument,
  list: L,
  input: ItemInput<L>,
): SceneCommand {
  const item = parseItem(list, input);
  return {
    label: `Add ${list}`,
    ops: [{ op: "insert", path: [list], index: document[list].length, value: item }],
  };
}

/** Changes fields of one item (title, asset, text, volume...); the result must still be valid. */
export function updateItem(
  document: SceneDocument,
  ref: ItemRef,
  patch: Record<string, unknown>,
  label = "Edit item",
): SceneCommand {
  const { index, item } = findItem(document, ref);
  const next = parseItem(ref.list, { ...item, ...patch });
  if (next.id !== item.id) throw new CommandError("An item's id cannot change");
  const ops: PatchOp[] = [];
  for (const key of Object.keys(patch)) {
    const value = (next as Record<string, unknown>)[key];
    if (value !== (item as Record<string, unknown>)[key]) {
      ops.push({ op: "set", path: [ref.list, index, key], value });
    }
  }
  return { label, ops };
}

export interface TransformChange {
  ref: ItemRef;
  position?: Vec3;
  rotation?: Vec3;
  scale?: Vec3;
  /** The wall an item is snapped to; null unsnaps it. */
  wallId?: string | null;
}

/** Moves, rotates or scales items (a drag sends one per frame; the history merges them). */
export function transformItems(
  document: SceneDocument,
  changes: readonly TransformChange[],
): SceneCommand {
  const ops: PatchOp[] = [];
  for (const change of changes) {
    const { index, item } = findItem(document, change.ref);
    if (item.locked) throw new CommandError(`"${item.title || item.id}" is locked`);
    const base = [change.ref.list, index] as const;
    if (change.position)
      ops.push({ op: "set", path: [...base, "position"], value: finite(change.position) });
    if (change.rotation)
      ops.push({ op: "set", path: [...base, "rotation"], value: finite(change.rotation) });
    if (change.scale) {
      if (change.scale.some((value) => !(value > 0)))
        throw new CommandError("A scale must stay above zero");
      // a picture keeps its image's proportions: width and height scale alike
      const scale =
        change.ref.list === "pictures"
          ? proportionalScale(item.scale, finite(change.scale))
          : finite(change.scale);
      ops.push({ op: "set", path: [...base, "scale"], value: scale });
    }
    if (change.wallId !== undefined) {
      ops.push({ op: "set", path: [...base, "wallId"], value: change.wallId ?? undefined });
    }
  }
  return { label: `Move ${plural(changes.length, "item")}`, ops };
}

function finite(vector: Vec3): Vec3 {
  if (vector.some((value) => !Number.isFinite(value)))
    throw new CommandError("A position must be a finite number");
  return [vector[0], vector[1], vector[2]];
}

/** Removes items; locked ones refuse. Indices are removed from the back so earlier ones stay valid. */
export function removeItems(document: SceneDocument, refs: readonly ItemRef[]): SceneCommand {
  const found = refs.map((ref) => ({ ref, ...findItem(document, ref) }));
  const locked = found.find(({ item }) => item.locked);
  if (locked) throw new CommandError(`"${locked.item.title || locked.item.id}" is locked`);
  const ops: PatchOp[] = found
    .sort((a, b) =>
      a.ref.list === b.ref.list ? b.index - a.index : a.ref.list.localeCompare(b.ref.list),
    )
    .map(({ ref, index }) => ({ op: "remove", path: [ref.list], index }));
  return { label: `Delete ${plural(refs.length, "item")}`, ops };
}

/** Copies items with new ids, offset so the copy does not hide the original. */
export function duplicateItems(
  document: SceneDocument,
  refs: readonly ItemRef[],
  newId: () => string,
  offset: Vec3 = [0.5, 0, 0.5],
): { command: SceneCommand; created: ItemRef[] } {
  const lengths = new Map<SceneItemList, number>();
  const ops: PatchOp[] = [];
  const created: ItemRef[] = [];
  for (const ref of refs) {
    const { item } = findItem(document, ref);
    const id = newId();
    const copy = {
      ...item,
      id,
      locked: false,
      position: [
        item.position[0] + offset[0],
        item.position[1] + offset[1],
        item.position[2] + offset[2],
      ],
    };
    const at = lengths.get(ref.list) ?? document[ref.list].length;
    lengths.set(ref.list, at + 1);
    ops.push({ op: "insert", path: [ref.list], index: at, value: parseItem(ref.list, copy) });
    created.push({ list: ref.list, id });
  }
  return { command: { label: `Duplicate ${plural(refs.length, "item")}`, ops }, created };
}

export function setItemsLocked(
  document: SceneDocument,
  refs: readonly ItemRef[],
  locked: boolean,
): SceneCommand {
  const ops: PatchOp[] = refs.map((ref) => ({
    op: "set",
    path: [ref.list, findItem(document, ref).index, "locked"],
    value: locked,
  }));
  return { label: locked ? "Lock" : "Unlock", ops };
}
