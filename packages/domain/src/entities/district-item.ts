import { z } from "zod";
import { IdSchema } from "./common";

export const DISTRICT_ITEM_TYPES = ["slot", "template"] as const;
export type DistrictItemType = (typeof DISTRICT_ITEM_TYPES)[number];

/** Something a district can buy with credits: a space slot or a premade template. */
export const DistrictItemSchema = z.object({
  districtItemId: IdSchema,
  type: z.enum(DISTRICT_ITEM_TYPES),
  priceCoin: z.number().int().min(0),
  /** The district it was purchased for; null in the catalogue. */
  districtId: IdSchema.nullable().default(null),
});
export type DistrictItem = z.infer<typeof DistrictItemSchema>;
