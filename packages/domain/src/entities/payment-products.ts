import { z } from "zod";
import { CurrencySchema, IdSchema } from "./common";

export const BILLING_INTERVALS = ["monthly", "yearly"] as const;

export const PaymentProductSchema = z.object({
  id: IdSchema,
  productName: z.string(),
  /** In the currency's minor unit (cents), as card providers report it. */
  priceAmount: z.number().int().min(0),
  currency: CurrencySchema,
  /** Set for subscriptions only. */
  interval: z.enum(BILLING_INTERVALS).nullable().default(null),
  /** The plan a subscription product grants (free, standard, pro); null for one-time products. */
  subscriptionIdentifier: z.string().nullable().default(null),
});
export type PaymentProduct = z.infer<typeof PaymentProductSchema>;

/** GET marketplace products. */
export const PaymentProductsResponseSchema = z.object({
  oneTimeProducts: z.array(PaymentProductSchema).default(() => []),
  subscriptionProducts: z.array(PaymentProductSchema).default(() => []),
});
export type PaymentProductsResponse = z.infer<typeof PaymentProductsResponseSchema>;

/** One purchased line as reported to analytics (spec 2 §3.1); price in the major unit. */
export const PurchaseAnalyticsItemSchema = z.object({
  id: IdSchema,
  name: z.string(),
  category: z.string(),
  quantity: z.number().int().min(1),
  price: z.number().min(0),
});
export type PurchaseAnalyticsItem = z.infer<typeof PurchaseAnalyticsItemSchema>;
