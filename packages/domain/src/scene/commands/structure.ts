import type { z } from "zod";
import {
  type CustomSpace,
  type Level,
  LevelSchema,
  type LightingPreset,
  type Opening,
  OpeningSchema,
  SpaceTemplateRefSchema,
  TEMPLATE_STYLE_KEYS,
  type TemplateStyle,
  type Wall,
  WallSchema,
} from "../custom-space";
import type { SceneDocument } from "../document";
import { createEmptySceneDocument, createLevel } from "../empty";
import { SCENE_ITEM_LISTS } from "../items";
import { SCENE_DOCUMENT_LIMITS } from "../limits";
import { CommandError, type SceneCommand } from "./command";
import { composeCommands } from "./compose";
import type { PatchOp } from "./patch";

function customSpaceOf(document: SceneDocument): CustomSpace {
  if (!document.customSpace)
    throw new CommandError("This space is a premade template: its structure is fixed");
  return document.customSpace;
}

function findLevel(document: SceneDocument, levelId: string) {
  const levels = customSpaceOf(document).levels;
  const index = levels.findIndex((level) => level.id === levelId);
  const level = levels[index];
  if (!level) throw new CommandError(`No level "${levelId}"`);
  return { index, level };
}

function findWall(document: SceneDocument, levelId: string, wallId: string) {
  const { index: levelIndex, level } = findLevel(document, levelId);
  const index = level.walls.findIndex((wall) => wall.id === wallId);
  const wall = level.walls[index];
  if (!wall) throw new CommandError(`No wall "${wallId}"`);
  return { levelIndex, index, wall };
}

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError(`Invalid ${what}: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return parsed.data;
}

const levelsPath = ["customSpace", "levels"] as const;

export function addLevel(
  document: SceneDocument,
  id: string,
  name: string,
  elevation: number,
): SceneCommand {
  const levels = customSpaceOf(document).levels;
  if (levels.length >= SCENE_DOCUMENT_LIMITS.maxLevels) {
    throw new CommandError(`A space has at most ${SCENE_DOCUMENT_LIMITS.maxLevels} levels`);
  }
  const level = parse(LevelSchema, createLevel(id, name, elevation), "level");
  return {
    label: "Add level",
    ops: [{ op: "insert", path: levelsPath, index: levels.length, value: level }],
  };
}

export function updateLevel(
  document: SceneDocument,
  levelId: string,
  patch: Partial<Pick<Level, "name" | "elevation" | "floor" | "ceiling">>,
): SceneCommand {
  const { index, level } = findLevel(document, levelId);
  const next = parse(LevelSchema, { ...level, ...patch }, "level");
  const ops: PatchOp[] = Object.keys(patch).map((key) => ({
    op: "set",
    path: [...levelsPath, index, key],
    value: (next as Record<string, unknown>)[key],
  }));
  return { label: "Edit level", ops };
}

/**
 * Removes a level and everything placed on it. Removing the last level discards the scene's
 * work (spec 1 §4): the document becomes an empty custom space. The editor confirms first.
 */
export function removeLevel(document: SceneDocument, levelId: string): SceneCommand {
  const { index } = findLevel(document, levelId);
  if (customSpaceOf(document).levels.length === 1) {
    return {
      ...replaceDocument(document, createEmptySceneDocument()),
      label: "Remove the last level",
    };
  }
  const ops: PatchOp[] = [];
  for (const list of SCENE_ITEM_LISTS) {
    const items = document[list] as readonly { levelId: string }[];
    for (let i = items.length - 1; i >= 0; i--) {
      if (items[i]?.levelId === levelId) ops.push({ op: "remove", path: [list], index: i });
    }
  }
  ops.push({ op: "remove", path: levelsPath, index });
  return { label: "Remove level", ops };
}

export function addWall(
  document: SceneDocument,
  levelId: string,
  wall: Partial<Wall> & Pick<Wall, "id" | "start" | "end">,
): SceneCommand {
  const { index, level } = findLevel(document, levelId);
  if (level.walls.length >= SCENE_DOCUMENT_LIMITS.maxWallsPerLevel) {
    throw new CommandError(`A level has at most ${SCENE_DOCUMENT_LIMITS.maxWallsPerLevel} walls`);
  }
  const value = parse(WallSchema, wall, "wall");
  return {
    label: "Add wall",
    ops: [
      { op: "insert", path: [...levelsPath, index, "walls"], index: level.walls.length, value },
    ],
  };
}

export function updateWall(
  document: SceneDocument,
  levelId: string,
  wallId: string,
  patch: Partial<Omit<Wall, "id">>,
): SceneCommand {
  const { levelIndex, index, wall } = findWall(document, levelId, wallId);
  const next = parse(WallSchema, { ...wall, ...patch }, "wall");
  const ops: PatchOp[] = Object.keys(patch).map((key) => ({
    op: "set",
    path: [...levelsPath, levelIndex, "walls", index, key],
    value: (next as Record<string, unknown>)[key],
  }));
  return { label: "Edit wall", ops };
}

/** Removes a wall; pictures and videos hung on it stay where they are, no longer snapped. */
export function removeWall(document: SceneDocument, levelId: string, wallId: string): SceneCommand {
  const { levelIndex, index } = findWall(document, levelId, wallId);
  const ops: PatchOp[] = [];
  for (const list of SCENE_ITEM_LISTS) {
    (document[list] as readonly { wallId?: string }[]).forEach((item, i) => {
      if (item.wallId === wallId)
        ops.push({ op: "set", path: [list, i, "wallId"], value: undefined });
    });
  }
  ops.push({ op: "remove", path: [...levelsPath, levelIndex, "walls"], index });
  return { label: "Remove wall", ops };
}

export function addOpening(
  document: SceneDocument,
  levelId: string,
  wallId: string,
  opening: Opening,
): SceneCommand {
  const { levelIndex, index, wall } = findWall(document, levelId, wallId);
  const value = parse(OpeningSchema, opening, "opening");
  return {
    label: value.kind === "door" ? "Add door" : "Add window",
    ops: [
      {
        op: "insert",
        path: [...levelsPath, levelIndex, "walls", index, "openings"],
        index: wall.openings.length,
        value,
      },
    ],
  };
}

export function updateOpening(
  document: SceneDocument,
  levelId: string,
  wallId: string,
  openingId: string,
  patch: Partial<Omit<Opening, "id">>,
): SceneCommand {
  const { levelIndex, index, wall } = findWall(document, levelId, wallId);
  const openingIndex = wall.openings.findIndex((opening) => opening.id === openingId);
  const opening = wall.openings[openingIndex];
  if (!opening) throw new CommandError(`No opening "${openingId}"`);
  const value = parse(OpeningSchema, { ...opening, ...patch }, "opening");
  return {
    label: "Edit opening",
    ops: [
      {
        op: "set",
        path: [...levelsPath, levelIndex, "walls", index, "openings", openingIndex],
        value,
      },
    ],
  };
}

export function removeOpening(
  document: SceneDocument,
  levelId: string,
  wallId: string,
  openingId: string,
): SceneCommand {
  const { levelIndex, index, wall } = findWall(document, levelId, wallId);
  const openingIndex = wall.openings.findIndex((opening) => opening.id === openingId);
  if (openingIndex < 0) throw new CommandError(`No opening "${openingId}"`);
  return {
    label: "Remove opening",
    ops: [
      {
        op: "remove",
        path: [...levelsPath, levelIndex, "walls", index, "openings"],
        index: openingIndex,
      },
    ],
  };
}

/** Sky, terrain and lighting of a custom space (Shape Style). */
export function setEnvironment(
  document: SceneDocument,
  patch: { skyId?: string | null; terrainId?: string | null; lighting?: LightingPreset },
): SceneCommand {
  customSpaceOf(document);
  const ops: PatchOp[] = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ op: "set", path: ["customSpace", key], value }));
  return { label: "Change style", ops };
}

/**
 * Shape Style of a premade space: overrides of its walls', floors' and ceilings' finishes and of
 * its sky, terrain and lighting. A key given as `undefined` goes back to the template's own.
 */
export function setTemplateStyle(
  document: SceneDocument,
  patch: { [K in keyof TemplateStyle]?: TemplateStyle[K] | undefined },
): SceneCommand {
  if (!document.spaceTemplate) throw new CommandError("This space is not a premade template");
  const ops: PatchOp[] = [];
  for (const key of TEMPLATE_STYLE_KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key];
    const checked =
      value === undefined
        ? undefined
        : parse(SpaceTemplateRefSchema.shape[key], value, `the ${key} override`);
    ops.push({ op: "set", path: ["spaceTemplate", key], value: checked });
  }
  return { label: "Change style", ops };
}

/** Where visitors appear and which way they face. */
export function setStartingPoint(
  _document: SceneDocument,
  position: SceneDocument["startingPosition"],
  rotation: SceneDocument["startingRotation"],
): SceneCommand {
  if ([...position, ...rotation].some((value) => !Number.isFinite(value))) {
    throw new CommandError("The starting point must be finite numbers");
  }
  return {
    label: "Set starting point",
    ops: [
      { op: "set", path: ["startingPosition"], value: [...position] },
      { op: "set", path: ["startingRotation"], value: [...rotation] },
    ],
  };
}

/**
 * Replaces the whole document, field by field so that it stays undoable: switching from
 * premade to custom or to another premade discards the scene's work (spec 1 §4).
 */
export function replaceDocument(document: SceneDocument, next: SceneDocument): SceneCommand {
  const ops: PatchOp[] = (Object.keys(next) as (keyof SceneDocument)[])
    .filter((key) => document[key] !== next[key])
    .map((key) => ({ op: "set", path: [key], value: next[key] }));
  return { label: "Replace space", ops };
}

export function switchToCustomSpace(document: SceneDocument): SceneCommand {
  return {
    ...replaceDocument(document, createEmptySceneDocument()),
    label: "Build a custom space",
  };
}

/**
 * A premade space instead of the current one; `start` is the template's own start point (where
 * its visitors stand, inside, facing its content), kept by the document.
 */
export function switchToSpaceTemplate(
  document: SceneDocument,
  templateId: string,
  start?: {
    position: SceneDocument["startingPosition"];
    rotation: SceneDocument["startingRotation"];
  },
): SceneCommand {
  const next: SceneDocument = {
    ...createEmptySceneDocument(),
    customSpace: null,
    spaceTemplate: { templateId, materialOverrides: [] },
    ...(start
      ? { startingPosition: [...start.position], startingRotation: [...start.rotation] }
      : {}),
  };
  return { ...replaceDocument(document, next), label: "Use a premade space" };
}

/**
 * A rectangular room of four walls between two opposite corners in plan, drawn clockwise as
 * seen from above, as one undo step. `newId` names each wall.
 */
export function addRoom(
  document: SceneDocument,
  levelId: string,
  from: [number, number],
  to: [number, number],
  newId: () => string,
): SceneCommand {
  const [x0, z0] = [Math.min(from[0], to[0]), Math.min(from[1], to[1])];
  const [x1, z1] = [Math.max(from[0], to[0]), Math.max(from[1], to[1])];
  if (x1 - x0 <= 0 || z1 - z0 <= 0) throw new CommandError("A room needs a width and a depth");
  const corners: [number, number][] = [
    [x0, z0],
    [x1, z0],
    [x1, z1],
    [x0, z1],
  ];
  return composeCommands(
    document,
    "Draw room",
    corners.map(
      (start, i) => (current: SceneDocument) =>
        addWall(current, levelId, {
          id: newId(),
          start,
          end: corners[(i + 1) % 4] as [number, number],
        }),
    ),
  );
}
