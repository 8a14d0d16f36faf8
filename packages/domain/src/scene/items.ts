import { z } from "zod";
import { VOLUME } from "../constants";
import { IdSchema, UriSchema } from "../entities/common";
import { TextAssetSchema } from "../entities/text-asset";
import { RotationSchema, ScaleSchema, Vec3Schema } from "./geometry";

// Items placed in a scene. Every item has an id, a transform in metres and radians, the level
// it stands on and, when snapped to a wall, that wall; library-backed items name their asset.

export const PlacedItemBaseSchema = z.object({
  id: IdSchema,
  title: z.string().max(100).default(""),
  description: z.string().max(5000).default(""),
  position: Vec3Schema,
  rotation: RotationSchema.default([0, 0, 0]),
  scale: ScaleSchema.default([1, 1, 1]),
  /** For a premade template, the id of one of the template's levels. */
  levelId: IdSchema,
  wallId: IdSchema.optional(),
  /** A locked item cannot be moved or deleted in the editor until unlocked. */
  locked: z.boolean().default(false),
});
export type PlacedItemBase = z.infer<typeof PlacedItemBaseSchema>;

const VolumeSchema = z.number().int().min(VOLUME.min).max(VOLUME.max).default(VOLUME.default);

export const PictureItemSchema = PlacedItemBaseSchema.extend({ assetId: IdSchema });
export type PictureItem = z.infer<typeof PictureItemSchema>;

export const VideoItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema,
  autoplay: z.boolean().default(false),
  loop: z.boolean().default(true),
  volume: VolumeSchema,
});
export type VideoItem = z.infer<typeof VideoItemSchema>;

/** A 3D text carries its content inline; `assetId` names the library text it came from, if any. */
export const Text3dItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema.nullable().default(null),
  text: TextAssetSchema,
});
export type Text3dItem = z.infer<typeof Text3dItemSchema>;

/**
 * Which of a model's clips play, looped (scene/model-animation.ts): null none (the model at
 * rest), a clip's name that clip, `{ all: true }` every clip together.
 */
export const ModelAnimationSchema = z
  .union([z.string().max(200), z.strictObject({ all: z.literal(true) })])
  .nullable();

export const Model3dItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema,
  animation: ModelAnimationSchema.default(null),
});
export type Model3dItem = z.infer<typeof Model3dItemSchema>;

/** A portal to another scene; null until the creator picks one. */
export const PortalItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema,
  targetSceneId: IdSchema.nullable().default(null),
});
export type PortalItem = z.infer<typeof PortalItemSchema>;

/** An info point: a marker that opens a card with `title` and `body`. */
export const InfoPointItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema.nullable().default(null),
  body: z.string().max(10_000).default(""),
  category: z.string().max(100).nullable().default(null),
});
export type InfoPointItem = z.infer<typeof InfoPointItemSchema>;

export const PropItemSchema = PlacedItemBaseSchema.extend({ propId: IdSchema });
export type PropItem = z.infer<typeof PropItemSchema>;

/**
 * A screen showing a live stream. The spec names live videos without a shape; a stream URL
 * (null until set) and the volume are what a screen needs.
 */
export const LiveVideoItemSchema = PlacedItemBaseSchema.extend({
  streamUrl: UriSchema.nullable().default(null),
  volume: VolumeSchema,
});
export type LiveVideoItem = z.infer<typeof LiveVideoItemSchema>;

/** A web page shown on a panel; `assetId` names the library web view it came from, if any. */
export const WebViewItemSchema = PlacedItemBaseSchema.extend({
  assetId: IdSchema.nullable().default(null),
  url: z
    .string()
    .regex(/^https?:\/\/\S+$/i)
    .max(2048),
});
export type WebViewItem = z.infer<typeof WebViewItemSchema>;

/** A link shown in the space's info panel. */
export const SceneLinkSchema = z.object({
  id: IdSchema,
  title: z.string().max(100).default(""),
  url: z
    .string()
    .regex(/^https?:\/\/\S+$/i)
    .max(2048),
});
export type SceneLink = z.infer<typeof SceneLinkSchema>;

export { SCENE_ITEM_LISTS, type SceneItemList } from "./item-lists";
