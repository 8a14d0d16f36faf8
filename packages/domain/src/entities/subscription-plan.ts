import { z } from "zod";
import { CurrencySchema, IdSchema } from "./common";

export const SUBSCRIPTION_TYPES = ["free", "standard", "pro", "custom"] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const PlanPriceSchema = z.object({
  priceId: IdSchema,
  price: z.number().min(0),
  currency: CurrencySchema,
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/**
 * A plan on the pricing page. Free has no prices; custom is priced on request (contact), so
 * both entries may be null.
 */
export const SubscriptionPlanSchema = z.object({
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  month: PlanPriceSchema.nullable().default(null),
  year: PlanPriceSchema.nullable().default(null),
  descriptionPoints: z.array(z.string()).default(() => []),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;
