import { z } from "zod";
import { IdSchema } from "./common";

/** The part of a scene's metadata a slot carries (spec 2 §3.5). */
export const PublishedSlotSceneMetadataSchema = z.object({
  privacyACLEnabled: z.boolean().default(false),
  communicationACLEnabled: z.boolean().default(false),
  userPrivacyACL: z.array(IdSchema).default(() => []),
  groupPrivacyACL: z.array(IdSchema).default(() => []),
  userCommunicationACL: z.array(IdSchema).default(() => []),
  groupCommunicationACL: z.array(IdSchema).default(() => []),
  visible: z.boolean().default(true),
  publishedPublic: z.boolean().default(true),
  premadeSceneId: IdSchema.nullable().default(null),
});
export type PublishedSlotSceneMetadata = z.infer<typeof PublishedSlotSceneMetadataSchema>;

/** A publishing slot with the scene it holds (spec 2 §3.5). */
export const PublishedSlotSchema = z.object({
  slotId: IdSchema,
  active: z.boolean(),
  districtId: IdSchema.nullable().default(null),
  districtSlot: z.boolean().default(false),
  districtSubdomain: z.string().nullable().default(null),
  ownerId: IdSchema,
  productId: IdSchema.nullable().default(null),
  publisherId: IdSchema.nullable().default(null),
  sceneId: IdSchema.nullable().default(null),
  sceneMetadata: PublishedSlotSceneMetadataSchema.nullable().default(null),
});
export type PublishedSlot = z.infer<typeof PublishedSlotSchema>;
