import { z } from "zod";
import { SPACE_TITLE_MAX_LENGTH } from "../constants";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./common";

export const SCENE_STATES = ["Draft", "Published"] as const;
export type SceneState = (typeof SCENE_STATES)[number];

const IdListSchema = z
  .array(IdSchema)
  .max(500)
  .default(() => []);

/**
 * A scene's metadata (spec 2 §3.2), kept in relational tables apart from the content document.
 * Access lists hold user or group ids and default to empty.
 */
export const SceneMetadataSchema = z.object({
  sceneId: IdSchema,
  title: z.string().max(SPACE_TITLE_MAX_LENGTH).default(""),
  description: z.string().max(5000).default(""),
  tags: z
    .array(z.string().min(1).max(50))
    .max(10)
    .default(() => []),
  comments: z.boolean().default(true),
  adultContent: z.boolean().default(false),
  coverPhotoUri: UriSchema.nullable().default(null),
  photoGallery: z
    .array(UriSchema)
    .max(50)
    .default(() => []),
  audioUri: UriSchema.nullable().default(null),
  thumbnailUri: UriSchema.nullable().default(null),
  state: z.enum(SCENE_STATES).default("Draft"),
  visible: z.boolean().default(true),
  publishedPublic: z.boolean().default(true),
  publishedPublicDistricts: IdListSchema,
  publishedPrivateDistricts: IdListSchema,
  restrictedToGroups: IdListSchema,
  districtId: IdSchema.nullable().default(null),
  districtSubdomain: z.string().nullable().default(null),
  ownerId: IdSchema,
  creatorId: IdSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  publishedAt: TimestampSchema.nullable().default(null),
  slotId: IdSchema.nullable().default(null),
  privacyACLEnabled: z.boolean().default(false),
  userPrivacyACL: IdListSchema,
  groupPrivacyACL: IdListSchema,
  communicationACLEnabled: z.boolean().default(false),
  userCommunicationACL: IdListSchema,
  groupCommunicationACL: IdListSchema,
});
export type SceneMetadata = z.infer<typeof SceneMetadataSchema>;

/**
 * What a client may write (create or PATCH): the server owns ids, ownership, state, dates and
 * the slot. The form-only file fields (coverPhotoUriFile, photoGalleryFiles) are browser File
 * objects and travel as multipart parts, so they are not part of this schema.
 */
export const SceneMetadataInputSchema = SceneMetadataSchema.omit({
  sceneId: true,
  state: true,
  ownerId: true,
  creatorId: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  slotId: true,
  districtSubdomain: true,
});
export type SceneMetadataInput = z.infer<typeof SceneMetadataInputSchema>;

/** The publish flow's visitor pickers, kept beside the ACL ids they fill. */
export const SceneMetadataFormExtrasSchema = z.object({
  privacySelectedVisitors: z.array(PersonSummarySchema).default(() => []),
  communicationSelectedVisitors: z.array(PersonSummarySchema).default(() => []),
});
export type SceneMetadataFormExtras = z.infer<typeof SceneMetadataFormExtrasSchema>;

/**
 * A space card: metadata plus creator and counters. The spec calls the comment counter
 * `comments`, which collides with the metadata's comments-enabled flag; the count is
 * `commentsCount` here.
 */
export const SceneCardSchema = SceneMetadataSchema.extend({
  creator: PersonSummarySchema,
  likes: z.number().int().min(0).default(0),
  views: z.number().int().min(0).default(0),
  commentsCount: z.number().int().min(0).default(0),
  liveVisitors: z.array(PersonSummarySchema).default(() => []),
});
export type SceneCard = z.infer<typeof SceneCardSchema>;

/** POST sceneactions/{id}/publish. */
export const PublishSceneRequestSchema = z.object({
  publishedPublic: z.boolean().default(true),
  slotId: IdSchema,
});
export type PublishSceneRequest = z.infer<typeof PublishSceneRequestSchema>;

/** PATCH scene metadata visibility: hide (false) or unhide (true). */
export const SceneVisibilityRequestSchema = z.object({ visible: z.boolean() });
export type SceneVisibilityRequest = z.infer<typeof SceneVisibilityRequestSchema>;

/** GET scene drafts limit. */
export const DraftsLimitSchema = z.object({
  draftCount: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
  canCreate: z.boolean(),
});
export type DraftsLimit = z.infer<typeof DraftsLimitSchema>;
