import { z } from "zod";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./common";
import { UploadedFileSchema } from "./uploaded-file";

export const ASSET_TYPES = [
  "picture",
  "video",
  "model",
  "text",
  "portal",
  "hyperText",
  "webView",
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Collision shapes; text has none by default, everything else is precise. */
export const COLLISION_MODES = ["Precise", "None"] as const;
export type CollisionMode = (typeof COLLISION_MODES)[number];

/** Where a video comes from: an uploaded file or a YouTube link. */
export const VIDEO_PROVIDERS = ["File", "Youtube"] as const;

const CountSchema = z.number().int().min(0).default(0);

/**
 * The upload form's values (spec 1 §3 "Asset upload defaults"). The file fields describe the
 * chosen files; the bytes travel as multipart parts. The model counts are read from the model
 * when it is processed and shown before upload.
 */
export const AssetUploadSchema = z.object({
  type: z.enum(ASSET_TYPES),
  file: UploadedFileSchema.nullable().default(null),
  assetFile: UploadedFileSchema.nullable().default(null),
  thumbnail: UploadedFileSchema.nullable().default(null),
  audioFile: UploadedFileSchema.nullable().default(null),
  title: z.string().max(100).default(""),
  description: z.string().max(5000).default(""),
  interactive: z.boolean().default(true),
  collisions: z.enum(COLLISION_MODES).default("Precise"),
  transparent: z.boolean().default(false),
  /** Longest side in metres when first placed. */
  defaultSize: z.number().positive().default(1),
  tags: z
    .array(z.string().min(1).max(50))
    .max(10)
    .default(() => []),
  licenseId: IdSchema.nullable().default(null),
  provider: z.enum(VIDEO_PROVIDERS).nullable().default(null),
  animationClipCount: CountSchema,
  triangleCount: CountSchema,
  meshCount: CountSchema,
  materialCount: CountSchema,
  textureCount: CountSchema,
});
export type AssetUpload = z.infer<typeof AssetUploadSchema>;

/** The defaults a new upload of `type` starts from: texts have no collisions. */
export function assetUploadDefaults(type: AssetType): AssetUpload {
  const collisions: CollisionMode = type === "text" || type === "hyperText" ? "None" : "Precise";
  return AssetUploadSchema.parse({ type, collisions });
}

/** A library item as its card shows it (spec 2 §3.1 "Asset card data"). */
export const AssetCardSchema = z.object({
  assetId: IdSchema,
  type: z.enum(ASSET_TYPES),
  thumbnailUrl: UriSchema.nullable().default(null),
  title: z.string(),
  description: z.string().default(""),
  updatedAt: TimestampSchema,
  creator: PersonSummarySchema,
});
export type AssetCard = z.infer<typeof AssetCardSchema>;
