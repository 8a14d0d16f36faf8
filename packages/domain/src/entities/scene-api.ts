import { z } from "zod";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./common";

const IdListSchema = z.array(IdSchema).default(() => []);

export const SPACE_TYPES = ["custom", "premade"] as const;

/**
 * A scene as the published-scene API answers it (spec 2 §3.4): metadata plus a summary of what
 * the content uses. The asset lists hold the ids of the assets placed in the scene; the full,
 * renderable content is the scene document (GET /scene/content/{id}).
 */
export const SceneApiSchema = z.object({
  sceneId: IdSchema,
  title: z.string(),
  description: z.string().default(""),
  adultContent: z.boolean().default(false),
  categories: IdListSchema,
  tags: z.array(z.string()).default(() => []),
  likes: z.number().int().min(0).default(0),
  views: z.number().int().min(0).default(0),
  spaceType: z.enum(SPACE_TYPES),
  thumbnailUri: UriSchema.nullable().default(null),
  owner: PersonSummarySchema,
  photoGallery: z.array(UriSchema).default(() => []),
  pictures: IdListSchema,
  videos: IdListSchema,
  props: IdListSchema,
  model3ds: IdListSchema,
  texts3d: IdListSchema,
  fontUris: z.array(UriSchema).default(() => []),
  guidedTourUris: z.array(UriSchema).default(() => []),
  links: z.array(UriSchema).default(() => []),
  members: IdListSchema,
  publishedPublic: z.boolean().default(true),
  publishedAtDistricts: IdListSchema,
  restrictedToGroups: IdListSchema,
  customSpace: z
    .object({
      levels: z.number().int().min(0),
      materialOverrides: IdListSchema,
      skyUri: UriSchema.nullable().default(null),
      terrainUri: UriSchema.nullable().default(null),
    })
    .nullable()
    .default(null),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type SceneApi = z.infer<typeof SceneApiSchema>;
