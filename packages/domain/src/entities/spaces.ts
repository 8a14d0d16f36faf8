import { z } from "zod";
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_OPTIONS,
  SPACE_TITLE_MAX_LENGTH,
} from "../constants";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./common";
import { SceneCardSchema } from "./scene-metadata";
import { SLOT_KINDS } from "./space-slot";
import { TEMPLATE_TIERS } from "./template";

// The shapes of the spaces calls (/api/sceneService and the scene parts of
// /api/socialInteractionService) that server and web share.

const IdList = z.array(IdSchema).max(500);

/**
 * What a client may change in a scene's metadata (POST creates, PATCH changes): every field
 * optional and without defaults, so a PATCH leaves what it does not name. Unknown keys (the
 * server-owned fields a client may echo back) are ignored.
 */
export const SceneMetadataPatchSchema = z.object({
  title: z.string().trim().max(SPACE_TITLE_MAX_LENGTH).optional(),
  description: z.string().max(5000).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(10).optional(),
  comments: z.boolean().optional(),
  adultContent: z.boolean().optional(),
  coverPhotoUri: UriSchema.nullable().optional(),
  photoGallery: z.array(UriSchema).max(50).optional(),
  audioUri: UriSchema.nullable().optional(),
  thumbnailUri: UriSchema.nullable().optional(),
  visible: z.boolean().optional(),
  publishedPublic: z.boolean().optional(),
  publishedPublicDistricts: IdList.optional(),
  publishedPrivateDistricts: IdList.optional(),
  restrictedToGroups: IdList.optional(),
  districtId: IdSchema.nullable().optional(),
  privacyACLEnabled: z.boolean().optional(),
  userPrivacyACL: IdList.optional(),
  groupPrivacyACL: IdList.optional(),
  communicationACLEnabled: z.boolean().optional(),
  userCommunicationACL: IdList.optional(),
  groupCommunicationACL: IdList.optional(),
});
export type SceneMetadataPatch = z.infer<typeof SceneMetadataPatchSchema>;

/** POST /scene/metadata: the metadata, and optionally the premade space the content starts from. */
export const CreateSceneRequestSchema = SceneMetadataPatchSchema.extend({
  spaceTemplateId: IdSchema.nullable().optional(),
});
export type CreateSceneRequest = z.infer<typeof CreateSceneRequestSchema>;

/**
 * PUT /scene/content/{id}: the document and the revision the editor loaded. A stale revision
 * is refused with 409; metadata sent with it is saved in the same transaction.
 */
export const SaveSceneContentRequestSchema = z.object({
  revision: z.number().int().min(0),
  document: z.unknown(),
  metadata: SceneMetadataPatchSchema.optional(),
});
export type SaveSceneContentRequest = z.infer<typeof SaveSceneContentRequestSchema>;

/** A space card as the spaces calls answer it: metadata, creator, counters, revision. */
export const SpaceCardSchema = SceneCardSchema.extend({
  /** The premade space the content started from, if any. */
  premadeSceneId: IdSchema.nullable().default(null),
  /** The content's revision: what the next PUT /scene/content must name. */
  revision: z.number().int().min(0).default(0),
});
export type SpaceCard = z.infer<typeof SpaceCardSchema>;

/** GET /scene/content/{id} and /publishedscene/content/{id}. */
export const SceneContentResponseSchema = z.object({
  sceneId: IdSchema,
  revision: z.number().int().min(0),
  /** A SceneDocument of the current version (older stored documents are migrated on read). */
  document: z.unknown(),
  updatedAt: TimestampSchema,
});
export type SceneContentResponse = z.infer<typeof SceneContentResponseSchema>;

/** PUT /scene/content/{id}'s answer. */
export const SaveSceneContentResponseSchema = z.object({
  sceneId: IdSchema,
  revision: z.number().int().min(0),
  updatedAt: TimestampSchema,
});

/** GET /scene/metadata/draftsLimit when a draft may be created (otherwise 403). */
export const DraftsLimitResponseSchema = z.object({
  draftCount: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
  canCreate: z.boolean(),
});

/** A slot as /slot/my, /slot/available and /slot/{id} answer it. */
export const SlotViewSchema = z.object({
  slotId: IdSchema,
  kind: z.enum(SLOT_KINDS),
  active: z.boolean(),
  districtSlot: z.boolean(),
  districtId: IdSchema.nullable(),
  districtSubdomain: z.string().nullable(),
  ownerId: IdSchema,
  productId: IdSchema.nullable(),
  publisherId: IdSchema.nullable(),
  sceneId: IdSchema.nullable(),
  /** Only free slots expire (a month after sign-up unless kept alive); null otherwise. */
  expiresAt: TimestampSchema.nullable(),
  keepAliveCredits: z.number().int().min(0),
  sceneMetadata: SpaceCardSchema.nullable(),
});
export type SlotView = z.infer<typeof SlotViewSchema>;

/** POST /sceneactions/{id}/publish. */
export const PublishRequestSchema = z.object({
  publishedPublic: z.boolean().default(true),
  slotId: IdSchema.nullable().optional(),
});

export const SPACE_SORT_PARAM = SORT_OPTIONS;

/** GET /publishedscene/metadata/search. */
export const SpaceSearchRequestSchema = z.object({
  q: z.string().max(200).default(""),
  sort: z.enum(SORT_OPTIONS).default("datePublished"),
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Only this creator's spaces (a profile's published spaces). */
  creatorId: IdSchema.optional(),
  /** Adult content is left out unless the caller opts in with true. */
  adultContent: z
    .enum(["true", "false", "1", "0"])
    .transform((value) => value === "true" || value === "1")
    .optional(),
});
export type SpaceSearchRequest = z.input<typeof SpaceSearchRequestSchema>;

/** A premade space's size with its price, and its document on /premadescene/{id}. */
export const PremadeTemplateSchema = z.object({
  spaceTemplateId: IdSchema,
  title: z.string(),
  size: z.string(),
  tier: z.enum(TEMPLATE_TIERS),
  districtPrice: z.number().int().min(0),
  districtItemId: IdSchema.nullable(),
  coverPhoto: UriSchema.nullable(),
  photoGallery: z.array(UriSchema),
  document: z.unknown().optional(),
});
export type PremadeTemplate = z.infer<typeof PremadeTemplateSchema>;

/** GET /premadescene: families of premade spaces, each with its sizes. */
export const PremadeFamilySchema = z.object({
  spaceTemplateFamilyId: IdSchema,
  title: z.string(),
  description: z.string(),
  coverPhoto: UriSchema.nullable(),
  photoGallery: z.array(UriSchema),
  tier: z.enum(TEMPLATE_TIERS),
  templates: z.array(PremadeTemplateSchema),
});
export type PremadeFamily = z.infer<typeof PremadeFamilySchema>;

/** GET /sceneaccess/{id}/communication: whether the caller may talk in the space. */
export const CommunicationAccessSchema = z.object({
  sceneId: IdSchema,
  communicationACLEnabled: z.boolean(),
  allowed: z.boolean(),
});

// socialInteractionService

export const LikeStateSchema = z.object({
  sceneId: IdSchema,
  liked: z.boolean(),
  likes: z.number().int().min(0),
});
export type LikeState = z.infer<typeof LikeStateSchema>;

export const FavoriteStateSchema = z.object({ sceneId: IdSchema, favorite: z.boolean() });
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;

export const SceneViewResultSchema = z.object({
  sceneId: IdSchema,
  counted: z.boolean(),
  views: z.number().int().min(0),
});

export const UpdateCommentRequestSchema = z.object({ body: z.string().trim().min(1).max(2000) });

/** A history or favourites entry: the space and when. */
export const SpaceActivitySchema = z.object({ at: TimestampSchema, space: SpaceCardSchema });
export type SpaceActivity = z.infer<typeof SpaceActivitySchema>;

export const CommentsStateSchema = z.object({
  sceneId: IdSchema,
  enabled: z.boolean(),
  count: z.number().int().min(0),
  spaceOwnerId: IdSchema,
});

export const PersonListSchema = z.array(PersonSummarySchema);
