import { z } from "zod";
import { SLOT_KEEP_ALIVE_CREDITS } from "../constants";
import { IdSchema, TimestampSchema } from "./common";
import { SceneMetadataSchema } from "./scene-metadata";

/**
 * Where a slot came from: the Starter Trial's free slot (one month, then kept alive by a credit
 * deduction), a purchased slot (never expires), a district's slot, or one of the slots a plan
 * includes (Pro's 4, while subscribed).
 */
export const SLOT_KINDS = ["free", "purchased", "district", "plan"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

/** A space slot as the publish flow's placement step lists it (spec 1 §3). */
export const SpaceSlotSchema = z.object({
  slotId: IdSchema,
  sceneMetadata: SceneMetadataSchema.nullable().default(null),
  districtSlot: z.boolean().default(false),
  kind: z.enum(SLOT_KINDS).default("purchased"),
  /** Only free slots expire; null for the others. */
  expiresAt: TimestampSchema.nullable().default(null),
  /** Credits deducted to keep a free slot active past its expiry. */
  keepAliveCredits: z.number().int().min(0).default(SLOT_KEEP_ALIVE_CREDITS),
});
export type SpaceSlot = z.infer<typeof SpaceSlotSchema>;
