import { z } from "zod";
import { IdSchema } from "./common";

const CoinSchema = z.number().int().min(0);

export const CartSlotLineSchema = z.object({
  districtItemId: IdSchema,
  quantity: z.number().int().min(1).max(100),
  priceCoin: CoinSchema,
  districtId: IdSchema.nullable().default(null),
});
export type CartSlotLine = z.infer<typeof CartSlotLineSchema>;

/** A premade template in the cart: always quantity 1 (spec 1 §3). */
export const CartTemplateLineSchema = z.object({
  spaceTemplateId: IdSchema,
  districtItemId: IdSchema,
  priceCoin: CoinSchema,
  quantity: z.literal(1).default(1),
  districtId: IdSchema.nullable().default(null),
});
export type CartTemplateLine = z.infer<typeof CartTemplateLineSchema>;

export const CartSchema = z.object({
  slots: z.array(CartSlotLineSchema).default(() => []),
  spaceTemplates: z.array(CartTemplateLineSchema).default(() => []),
});
export type Cart = z.infer<typeof CartSchema>;
