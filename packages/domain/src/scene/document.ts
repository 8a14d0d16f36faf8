import { z } from "zod";
import { IdSchema } from "../entities/common";
import { CustomSpaceSchema, SpaceTemplateRefSchema } from "./custom-space";
import { Vec3Schema } from "./geometry";
import { checkSceneIntegrity } from "./integrity";
import {
  InfoPointItemSchema,
  LiveVideoItemSchema,
  Model3dItemSchema,
  PictureItemSchema,
  PortalItemSchema,
  PropItemSchema,
  SceneLinkSchema,
  Text3dItemSchema,
  VideoItemSchema,
  WebViewItemSchema,
} from "./items";
import { SCENE_DOCUMENT_LIMITS } from "./limits";

/** The version this build writes. Older documents are brought up to it by migrateSceneDocument. */
export const SCENE_DOCUMENT_VERSION = 1;

const itemList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(SCENE_DOCUMENT_LIMITS.maxItems)
    .default(() => []);

const SceneDocumentShape = z.object({
  version: z.literal(SCENE_DOCUMENT_VERSION),
  /** Exactly one of customSpace and spaceTemplate is set. */
  customSpace: CustomSpaceSchema.nullable().default(null),
  spaceTemplate: SpaceTemplateRefSchema.nullable().default(null),
  /** Font ids the texts use, preloaded before the scene shows. */
  fonts: z
    .array(IdSchema)
    .max(SCENE_DOCUMENT_LIMITS.maxFonts)
    .default(() => []),
  /** Whether other spaces may place a portal to this one. */
  linkable: z.boolean().default(true),
  links: z
    .array(SceneLinkSchema)
    .max(SCENE_DOCUMENT_LIMITS.maxLinks)
    .default(() => []),
  /** Where visitors appear (feet position) and which way they face, in metres and radians. */
  startingPosition: Vec3Schema.default([0, 0, 0]),
  startingRotation: Vec3Schema.default([0, 0, 0]),
  /** Ids of the scene's guided tours; the tours themselves live in the storytelling service. */
  guidedTours: z
    .array(IdSchema)
    .max(SCENE_DOCUMENT_LIMITS.maxGuidedTours)
    .default(() => []),
  pictures: itemList(PictureItemSchema),
  videos: itemList(VideoItemSchema),
  texts3d: itemList(Text3dItemSchema),
  models3d: itemList(Model3dItemSchema),
  portals: itemList(PortalItemSchema),
  infoPoints: itemList(InfoPointItemSchema),
  props: itemList(PropItemSchema),
  liveVideos: itemList(LiveVideoItemSchema),
  webViews3d: itemList(WebViewItemSchema),
  /**
   * Texture atlases the original player packed the scene's pictures into. Atrium's renderer does
   * not need it; it is kept so a document round-trips unchanged.
   */
  atlasCount: z.number().int().min(0).default(0),
});

/** A space's content: one versioned JSON document, validated alike by server and web. */
export const SceneDocumentSchema = SceneDocumentShape.superRefine((document, context) => {
  for (const issue of checkSceneIntegrity(document)) {
    context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
});
export type SceneDocument = z.infer<typeof SceneDocumentSchema>;
/** A document as it may be sent: defaults not yet applied. */
export type SceneDocumentInput = z.input<typeof SceneDocumentSchema>;
