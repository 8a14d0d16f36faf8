import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common";

/**
 * The signed-in user's subscription (spec 1 §3). `isCanceled`: empty or 0 means auto-renewal is
 * on, 2 means canceled. The spec does not name 1; Atrium uses it for "cancellation scheduled at
 * the end of the period" (auto-renewal off, still active), which is what a card provider reports
 * between a cancel request and the period end.
 */
export const MySubscriptionSchema = z.object({
  priceId: IdSchema.nullable(),
  isCanceled: z.number().int().min(0).max(2).nullable().default(null),
  endsAt: TimestampSchema.nullable().default(null),
  canceledAt: TimestampSchema.nullable().default(null),
});
export type MySubscription = z.infer<typeof MySubscriptionSchema>;

export const SUBSCRIPTION_CANCELED = 2;
