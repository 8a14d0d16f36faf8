import { z } from "zod";
import { WALL_HEIGHT_METRES } from "../constants";
import { HexColorSchema, IdSchema } from "../entities/common";
import { Vec2Schema } from "./geometry";
import { SCENE_DOCUMENT_LIMITS } from "./limits";

// A custom space is drawn in plan: each level is a floor at `elevation` with walls drawn as 2D
// segments. Plan coordinates [x, z] are metres on the level's floor (three.js y is up), so a
// wall from [0, 0] to [5, 0] runs 5 m along x at the level's elevation.

export const LIGHTING_PRESETS = ["day", "sunset", "night", "studio", "gallery"] as const;
export type LightingPreset = (typeof LIGHTING_PRESETS)[number];

export const OPENING_KINDS = ["door", "window"] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];

/** A surface's finish: a material from the asset library, or a plain colour when none. */
export const SurfaceSchema = z.object({
  materialId: IdSchema.nullable().default(null),
  color: HexColorSchema.default("#ffffff"),
});
export type Surface = z.infer<typeof SurfaceSchema>;

export const OpeningSchema = z.object({
  id: IdSchema,
  kind: z.enum(OPENING_KINDS),
  /** Metres from the wall's start to the opening's near edge. */
  offset: z.number().finite().min(0),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  /** Metres from the floor to the opening's bottom: 0 for doors. */
  sill: z.number().finite().min(0).default(0),
});
export type Opening = z.infer<typeof OpeningSchema>;

export const WallSchema = z.object({
  id: IdSchema,
  start: Vec2Schema,
  end: Vec2Schema,
  height: z.number().finite().positive().max(100).default(WALL_HEIGHT_METRES),
  thickness: z.number().finite().positive().max(10).default(0.2),
  openings: z
    .array(OpeningSchema)
    .max(SCENE_DOCUMENT_LIMITS.maxOpeningsPerWall)
    .default(() => []),
  /** Finish of the side on the left when walking from start to end. */
  left: SurfaceSchema.default({ materialId: null, color: "#ffffff" }),
  /** Finish of the side on the right when walking from start to end. */
  right: SurfaceSchema.default({ materialId: null, color: "#ffffff" }),
});
export type Wall = z.infer<typeof WallSchema>;

/** A floor is a polygon in plan; the ceiling covers the same outline at `height`. */
export const FloorSchema = SurfaceSchema.extend({
  outline: z.array(Vec2Schema).min(3).max(SCENE_DOCUMENT_LIMITS.maxFloorOutlinePoints),
});
export type Floor = z.infer<typeof FloorSchema>;

export const CeilingSchema = SurfaceSchema.extend({
  visible: z.boolean().default(true),
  height: z.number().finite().positive().max(100).default(WALL_HEIGHT_METRES),
});
export type Ceiling = z.infer<typeof CeilingSchema>;

export const LevelSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(50),
  /** Height of this level's floor above the ground, in metres. */
  elevation: z.number().finite().default(0),
  walls: z
    .array(WallSchema)
    .max(SCENE_DOCUMENT_LIMITS.maxWallsPerLevel)
    .default(() => []),
  floor: FloorSchema,
  ceiling: CeilingSchema.default({
    materialId: null,
    color: "#ffffff",
    visible: true,
    height: WALL_HEIGHT_METRES,
  }),
});
export type Level = z.infer<typeof LevelSchema>;

/** Replaces a material slot of a mesh (a template's or a structure component's) with a library material. */
export const MaterialOverrideSchema = z.object({
  target: z.string().min(1).max(200),
  materialId: IdSchema,
});
export type MaterialOverride = z.infer<typeof MaterialOverrideSchema>;

const MaterialOverridesSchema = z
  .array(MaterialOverrideSchema)
  .max(SCENE_DOCUMENT_LIMITS.maxMaterialOverrides)
  .default(() => []);

export const CustomSpaceSchema = z.object({
  levels: z.array(LevelSchema).min(1).max(SCENE_DOCUMENT_LIMITS.maxLevels),
  materialOverrides: MaterialOverridesSchema,
  skyId: IdSchema.nullable().default(null),
  terrainId: IdSchema.nullable().default(null),
  lighting: z.enum(LIGHTING_PRESETS).default("day"),
});
export type CustomSpace = z.infer<typeof CustomSpaceSchema>;

/**
 * A premade space: the template supplies the structure, levels and environment. Shape Style
 * may override its finishes per kind of surface (every wall, floor or ceiling of the template)
 * and its sky, terrain and lighting; an absent field keeps the template's own, so older
 * documents (and untouched templates) carry none of these keys.
 */
export const SpaceTemplateRefSchema = z.object({
  templateId: IdSchema,
  materialOverrides: MaterialOverridesSchema,
  walls: SurfaceSchema.optional(),
  floors: SurfaceSchema.optional(),
  ceilings: SurfaceSchema.optional(),
  skyId: IdSchema.nullable().optional(),
  terrainId: IdSchema.nullable().optional(),
  lighting: z.enum(LIGHTING_PRESETS).optional(),
});
export type SpaceTemplateRef = z.infer<typeof SpaceTemplateRefSchema>;

/** What Shape Style may override in a premade space. */
export const TEMPLATE_STYLE_KEYS = [
  "walls",
  "floors",
  "ceilings",
  "skyId",
  "terrainId",
  "lighting",
] as const;
export type TemplateStyle = Pick<SpaceTemplateRef, (typeof TEMPLATE_STYLE_KEYS)[number]>;

export { applyTemplateStyle } from "./template-style";

/** A wall's length in metres. */
export function wallLength(wall: Pick<Wall, "start" | "end">): number {
  return Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
}
