import { z } from "zod";
import { CurrencySchema, IdSchema } from "./common";

export const CREDIT_BUNDLE_ICON_IDS = [
  "credits-icon-1",
  "credits-icon-2",
  "credits-icon-3",
  "credits-icon-4",
] as const;
export type CreditBundleIconId = (typeof CREDIT_BUNDLE_ICON_IDS)[number];

/** A one-time credit package. `price` is in the currency's major unit (e.g. 60 = 60 euro). */
export const CreditBundleSchema = z.object({
  priceId: IdSchema,
  unit: z.number().int().min(1),
  price: z.number().min(0),
  currency: CurrencySchema,
  iconId: z.enum(CREDIT_BUNDLE_ICON_IDS).optional(),
});
export type CreditBundle = z.infer<typeof CreditBundleSchema>;
