import { createLevel } from "../empty";
import { SCENE_ITEM_LISTS } from "../items";

// Version 0 is the original product's content: the spec's bare fields and no `version`. It was
// written by a Unity player, so vectors may be {x, y, z} objects and Euler angles are in degrees;
// items may lack ids and levels; a custom space names its sky and terrain by URI; a premade
// space is a bare template id; a 3D text keeps its text fields on the item itself.
// Version 1 is what SceneDocumentSchema describes.

type Json = Record<string, unknown>;

const DEGREES_TO_RADIANS = Math.PI / 180;
const TEXT_FIELDS = [
  "content",
  "fontId",
  "fontSize",
  "fontStyles",
  "fontTransform",
  "colorTint",
  "alignment",
  "outline",
  "dropShadow",
  "requiredFonts",
  "hyperText",
  "link",
] as const;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** {x, y, z} (or {x, y} for plan points) to a tuple; tuples and anything else pass through for the schema to judge. */
function toTuple(value: unknown, axes: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  return axes.map((axis) => value[axis]);
}

function toRadians(value: unknown): unknown {
  const tuple = toTuple(value, ["x", "y", "z"]);
  if (!Array.isArray(tuple)) return tuple;
  return tuple.map((angle) => (typeof angle === "number" ? angle * DEGREES_TO_RADIANS : angle));
}

/** "/api/assetService/sky/abc" -> "abc"; a bare id stays as it is. */
function idFromUri(uri: unknown): unknown {
  if (typeof uri !== "string") return uri ?? null;
  const last = uri.split(/[?#]/, 1)[0]?.split("/").filter(Boolean).at(-1);
  return last ?? uri;
}

function migrateWall(wall: unknown, index: number, levelId: string): unknown {
  if (!isRecord(wall)) return wall;
  return {
    ...wall,
    id: wall.id ?? `${levelId}-wall-${index + 1}`,
    start: toTuple(wall.start, ["x", "z"]),
    end: toTuple(wall.end, ["x", "z"]),
  };
}

function migrateLevel(level: unknown, index: number): unknown {
  if (!isRecord(level)) return level;
  const id = typeof level.id === "string" ? level.id : `level-${index + 1}`;
  const defaults = createLevel(id, `Level ${index + 1}`, 0);
  const walls = Array.isArray(level.walls) ? level.walls : [];
  return {
    ...defaults,
    ...level,
    id,
    walls: walls.map((wall, w) => migrateWall(wall, w, id)),
  };
}

function migrateCustomSpace(space: unknown): unknown {
  if (!isRecord(space)) return space ?? null;
  const { skyUri, terrainUri, ...rest } = space;
  const levels = Array.isArray(space.levels) && space.levels.length > 0 ? space.levels : [{}];
  return {
    ...rest,
    levels: levels.map(migrateLevel),
    skyId: rest.skyId ?? idFromUri(skyUri),
    terrainId: rest.terrainId ?? idFromUri(terrainUri),
  };
}

function migrateItem(list: string, item: unknown, index: number, firstLevelId: string): unknown {
  if (!isRecord(item)) return item;
  const migrated: Json = {
    ...item,
    id: item.id ?? `${list}-${index + 1}`,
    levelId: item.levelId ?? firstLevelId,
    position: toTuple(item.position, ["x", "y", "z"]),
    rotation: item.rotation === undefined ? undefined : toRadians(item.rotation),
    scale: toTuple(item.scale, ["x", "y", "z"]),
  };
  if (list === "texts3d" && migrated.text === undefined) {
    const text: Json = {};
    for (const field of TEXT_FIELDS) {
      if (field in migrated) {
        text[field] = migrated[field];
        delete migrated[field];
      }
    }
    migrated.text = text;
  }
  return migrated;
}

/** A v0 document with no space at all was an empty custom scene; a premade one has none. */
function emptySpaceFor(spaceTemplate: unknown): unknown {
  return spaceTemplate === null ? { levels: [{}] } : null;
}

export function migrateV0ToV1(document: Json): Json {
  const spaceTemplate =
    typeof document.spaceTemplate === "string"
      ? { templateId: document.spaceTemplate }
      : (document.spaceTemplate ?? null);
  const migratedSpace = migrateCustomSpace(document.customSpace ?? emptySpaceFor(spaceTemplate));
  const firstLevel =
    isRecord(migratedSpace) && Array.isArray(migratedSpace.levels)
      ? migratedSpace.levels[0]
      : undefined;
  const firstLevelId =
    isRecord(firstLevel) && typeof firstLevel.id === "string" ? firstLevel.id : "level-1";

  const result: Json = {
    ...document,
    customSpace: migratedSpace,
    spaceTemplate,
    startingPosition: toTuple(document.startingPosition, ["x", "y", "z"]),
    startingRotation:
      document.startingRotation === undefined ? undefined : toRadians(document.startingRotation),
  };
  for (const list of SCENE_ITEM_LISTS) {
    const items = document[list];
    result[list] = Array.isArray(items)
      ? items.map((item, index) => migrateItem(list, item, index, firstLevelId))
      : items;
  }
  return result;
}
