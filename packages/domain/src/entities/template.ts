import { z } from "zod";
import { IdSchema } from "./common";

export const TEMPLATE_TIERS = ["Standard", "Premium"] as const;
export type TemplateTier = (typeof TEMPLATE_TIERS)[number];

/**
 * A premade space (spec 1 §3): one size of a template family with its credit price. The spec
 * does not say how sizes are named; `size` is a short label such as "S", "M" or "L".
 */
export const SpaceTemplateSchema = z.object({
  spaceTemplateId: IdSchema,
  spaceTemplateFamilyId: IdSchema.nullable().default(null),
  districtItemId: IdSchema.nullable().default(null),
  title: z.string(),
  size: z.string().max(20),
  tier: z.enum(TEMPLATE_TIERS).default("Standard"),
  districtPrice: z.number().int().min(0),
});
export type SpaceTemplate = z.infer<typeof SpaceTemplateSchema>;
