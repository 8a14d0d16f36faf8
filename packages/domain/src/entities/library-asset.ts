import { z } from "zod";
import { COLLISION_MODES } from "./asset";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./common";
import { TextAssetSchema } from "./text-asset";

// What the asset service answers for a library item (spec 2 §3.9 asset families), one shape per
// family with the fields its kind needs, all sharing the card fields (spec 2 §3.1 "Asset card
// data"). File fields are app-relative URLs of the file service (`/api/fileService/file/{id}`).

export const LIBRARY_FAMILIES = [
  "picture",
  "video",
  "audio",
  "model3d",
  "text3d",
  "webview3d",
  "infopoint",
] as const;
export type LibraryFamily = (typeof LIBRARY_FAMILIES)[number];

/** The account area's library sections (spec 2 §2.4) and what each lists. */
export const LIBRARY_SECTIONS = {
  images: { family: "picture" },
  videos: { family: "video" },
  "3d-models": { family: "model3d" },
  audio: { family: "audio" },
  "3d-texts": { family: "text3d", hyperText: false },
  "3d-hypertexts": { family: "text3d", hyperText: true },
  webviews: { family: "webview3d" },
} as const satisfies Record<string, { family: LibraryFamily; hyperText?: boolean }>;
export type LibrarySection = keyof typeof LIBRARY_SECTIONS;

const TagsSchema = z.array(z.string().min(1).max(50)).max(10);

const LibraryAssetBaseSchema = z.object({
  assetId: IdSchema,
  title: z.string(),
  description: z.string(),
  tags: TagsSchema,
  /** Whether other creators may find and place it (public lists). */
  public: z.boolean(),
  licenseId: IdSchema.nullable(),
  interactive: z.boolean(),
  collisions: z.enum(COLLISION_MODES),
  transparent: z.boolean(),
  /** Longest side in metres when first placed. */
  defaultSize: z.number().positive(),
  thumbnailUrl: UriSchema.nullable(),
  /** The file a scene loads: the display picture, the MP4, the optimised glb, the audio. */
  fileUrl: UriSchema.nullable(),
  /** Bytes this asset takes from its owner's storage quota. */
  bytes: z.number().int().min(0),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  creator: PersonSummarySchema,
});

export const PictureAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("picture"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The picture at up to 4096 px; `fileUrl` is the 2048 px display size. */
  fullUrl: UriSchema,
});

export const VideoAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("video"),
  provider: z.enum(["File", "Youtube"]),
  /** For YouTube, `link` and `file` hold the same watch URL (spec 2 §3.9). */
  link: UriSchema.nullable(),
  file: UriSchema.nullable(),
  youtubeVideoId: z.string().nullable(),
  width: z.number().int().min(0).nullable(),
  height: z.number().int().min(0).nullable(),
  /** Seconds; null for YouTube videos. */
  duration: z.number().min(0).nullable(),
});

export const AudioAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("audio"),
  contentType: z.enum(["audio/wav", "audio/mpeg"]),
  duration: z.number().min(0),
});

export const Model3dAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("model3d"),
  sourceFormat: z.enum(["glb", "gltf", "obj"]),
  /** The upload as it came (the glb, or the parts zipped). */
  originalFileUrl: UriSchema,
  animationClipCount: z.number().int().min(0),
  /** The clips' names, in the file's order; a placed model plays one, all or none of them. */
  animationClips: z.array(z.string()),
  triangleCount: z.number().int().min(0),
  meshCount: z.number().int().min(0),
  materialCount: z.number().int().min(0),
  textureCount: z.number().int().min(0),
});

export const Text3dAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("text3d"),
  text: TextAssetSchema,
  /** Characters of the content the chosen font cannot draw (spec 2 §5.3). */
  unsupportedCharacters: z.array(z.string()),
});

export const WebView3dAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("webview3d"),
  url: z
    .string()
    .regex(/^https?:\/\/\S+$/i)
    .max(2048),
});

export const InfoPointAssetSchema = LibraryAssetBaseSchema.extend({
  family: z.literal("infopoint"),
  body: z.string().max(10_000),
  category: z.string().max(100).nullable(),
});

export const LibraryAssetSchema = z.discriminatedUnion("family", [
  PictureAssetSchema,
  VideoAssetSchema,
  AudioAssetSchema,
  Model3dAssetSchema,
  Text3dAssetSchema,
  WebView3dAssetSchema,
  InfoPointAssetSchema,
]);
export type LibraryAsset = z.infer<typeof LibraryAssetSchema>;
export type PictureAsset = z.infer<typeof PictureAssetSchema>;
export type VideoAsset = z.infer<typeof VideoAssetSchema>;
export type AudioAsset = z.infer<typeof AudioAssetSchema>;
export type Model3dAsset = z.infer<typeof Model3dAssetSchema>;
export type Text3dAsset = z.infer<typeof Text3dAssetSchema>;
export type WebView3dAsset = z.infer<typeof WebView3dAssetSchema>;
export type InfoPointAsset = z.infer<typeof InfoPointAssetSchema>;

/** The editable fields of any library item (PATCH). */
export const LibraryAssetPatchSchema = z
  .object({
    title: z.string().trim().max(100),
    description: z.string().max(5000),
    tags: TagsSchema,
    public: z.boolean(),
    licenseId: IdSchema.nullable(),
    interactive: z.boolean(),
    collisions: z.enum(COLLISION_MODES),
    transparent: z.boolean(),
    defaultSize: z.number().positive().max(1000),
  })
  .partial();
export type LibraryAssetPatch = z.infer<typeof LibraryAssetPatchSchema>;

/** The signed-in user's storage and upload limits: what the library takes, the plan's quota. */
export const StorageUsageSchema = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
  /** Largest picture, video or audio file. */
  fileMaxBytes: z.number().int().positive(),
  /** Largest 3D model file (each part of a model upload). */
  modelMaxBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;
