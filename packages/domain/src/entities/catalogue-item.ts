import { z } from "zod";
import { LIGHTING_PRESETS } from "../scene/custom-space";
import { HexColorSchema, IdSchema, UriSchema } from "./common";
import { PropSchema } from "./prop";

// The built-in catalogue as the asset service lists it: props, materials, skies, fonts, portal
// styles, themes and licences. Ids are stable (see catalogue-ids.ts); URLs point at the file
// service.

export const PropCatalogueItemSchema = PropSchema.extend({
  thumbnailUrl: UriSchema,
  triangleCount: z.number().int().min(0),
});
export type PropCatalogueItem = z.infer<typeof PropCatalogueItemSchema>;

export const MaterialItemSchema = z.object({
  materialId: IdSchema,
  title: z.string(),
  category: z.string(),
  baseColorUrl: UriSchema,
  normalUrl: UriSchema,
  thumbnailUrl: UriSchema,
  /** The texture repeats every this many metres of surface. */
  tileMetres: z.number().positive(),
  roughness: z.number().min(0).max(1),
  metalness: z.number().min(0).max(1),
});
export type MaterialItem = z.infer<typeof MaterialItemSchema>;

export const SkyItemSchema = z.object({
  skyId: IdSchema,
  title: z.string(),
  /** Equirectangular panorama, 2:1. */
  fileUrl: UriSchema,
  thumbnailUrl: UriSchema,
});
export type SkyItem = z.infer<typeof SkyItemSchema>;

/**
 * A terrain: the ground around the building, drawn as a wide disc just below the lowest floor
 * with a catalogue material (tiled) or a plain colour.
 */
export const TerrainItemSchema = z.object({
  terrainId: IdSchema,
  title: z.string(),
  materialId: IdSchema.nullable(),
  color: HexColorSchema,
});
export type TerrainItem = z.infer<typeof TerrainItemSchema>;

export { TERRAINS, terrainById } from "./terrains";

export const FontFileSchema = z.object({
  subset: z.string(),
  weight: z.number().int(),
  style: z.enum(["normal", "italic"]),
  format: z.enum(["woff", "woff2"]),
  unicodeRange: z.string(),
  url: UriSchema,
});
export type FontFile = z.infer<typeof FontFileSchema>;

export const FontItemSchema = z.object({
  fontId: IdSchema,
  title: z.string(),
  family: z.string(),
  category: z.string(),
  license: z.string(),
  attribution: z.string(),
  thumbnailUrl: UriSchema,
  /** Every code point the font draws, as a CSS unicode-range list. */
  unicodeRanges: z.string(),
  files: z.array(FontFileSchema),
});
export type FontItem = z.infer<typeof FontItemSchema>;

/** `GET /font/unicodeRanges`: each font's coverage as inclusive code point ranges. */
export const FontCoverageSchema = z.object({
  fontId: IdSchema,
  family: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type FontCoverage = z.infer<typeof FontCoverageSchema>;

export const PortalStyleSchema = z.object({
  assetId: IdSchema,
  title: z.string(),
  fileUrl: UriSchema,
  thumbnailUrl: UriSchema,
});
export type PortalStyle = z.infer<typeof PortalStyleSchema>;

export const LicenseSchema = z.object({
  licenseId: IdSchema,
  title: z.string(),
  url: UriSchema.nullable(),
});
export type License = z.infer<typeof LicenseSchema>;

export const InfoPointCategorySchema = z.object({
  categoryId: IdSchema,
  title: z.string(),
  color: HexColorSchema,
});
export type InfoPointCategory = z.infer<typeof InfoPointCategorySchema>;

/** A look for a custom space: a wall and floor material, a sky and a lighting preset. */
export const CustomSpaceThemeSchema = z.object({
  themeId: IdSchema,
  title: z.string(),
  wallMaterialId: IdSchema,
  floorMaterialId: IdSchema,
  ceilingColor: HexColorSchema,
  skyId: IdSchema,
  lighting: z.enum(LIGHTING_PRESETS),
  thumbnailUrl: UriSchema.nullable(),
});
export type CustomSpaceTheme = z.infer<typeof CustomSpaceThemeSchema>;
