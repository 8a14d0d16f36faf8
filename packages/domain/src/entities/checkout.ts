import { z } from "zod";
import { CurrencySchema, IdSchema, TimestampSchema } from "./common";
import { CreditBundleSchema } from "./credit-bundle";
import { PaymentProductsResponseSchema } from "./payment-products";
import { SubscriptionPlanSchema } from "./subscription-plan";

// Card checkout (issue 17): one shape whichever payment provider runs it (the built-in sandbox
// or Stripe).

/** GET stripe/products: the provider's products, and the bundles and plans made of them. */
export const StripeProductsResponseSchema = PaymentProductsResponseSchema.extend({
  /** One-time credit bundles, sorted by unit, with icons numbered by ascending unit. */
  creditBundles: z.array(CreditBundleSchema),
  subscriptionPlans: z.array(SubscriptionPlanSchema),
  /** Which provider sells them: the built-in sandbox or Stripe. */
  provider: z.enum(["sandbox", "stripe"]),
});
export type StripeProductsResponse = z.infer<typeof StripeProductsResponseSchema>;

export const CreateCheckoutSessionRequestSchema = z.object({
  /** The price of a credit bundle or of a plan, as stripe/products lists it. */
  priceId: IdSchema,
  /** Where the buyer returns after paying (an app-relative path, e.g. /wallet). */
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?!\/)[^\s\\]*$/, "must be a path on this site, starting with /")
    .default("/wallet"),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequestSchema>;

export const CheckoutSessionSchema = z.object({
  sessionId: IdSchema,
  /** The checkout page to open: the sandbox's own page or the provider's. */
  url: z.string(),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

export const CHECKOUT_STATUSES = ["open", "complete", "declined", "expired"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const CHECKOUT_MODES = ["payment", "subscription", "setup"] as const;

/** GET stripe/session-status, and what the sandbox's checkout page shows. */
export const CheckoutSessionStatusSchema = z.object({
  sessionId: IdSchema,
  /** A credit bundle (payment), a plan (subscription) or a card change (setup). */
  mode: z.enum(CHECKOUT_MODES).default("payment"),
  status: z.enum(CHECKOUT_STATUSES),
  priceId: IdSchema,
  productName: z.string(),
  /** In the currency's minor unit (cents). */
  amount: z.number().int().min(0),
  currency: CurrencySchema,
  credits: z.number().int().min(0),
  returnPath: z.string(),
  /** Why the last card was refused, when it was. */
  failure: z.string().nullable(),
  createdAt: TimestampSchema,
});
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatusSchema>;

/** The sandbox's test cards: one that pays, one that is declined, one that asks to confirm. */
export const SANDBOX_TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  needsConfirmation: "4000002500003155",
} as const;

export const SandboxPayRequestSchema = z.object({
  /** Digits, spaces allowed between groups. */
  cardNumber: z
    .string()
    .max(30)
    .regex(/^[0-9 ]+$/, "use only digits and spaces")
    .transform((value) => value.replace(/ /g, ""))
    .pipe(z.string().min(12, "must have 12 to 19 digits").max(19, "must have 12 to 19 digits")),
  /** The buyer confirmed the payment (the step a needs-confirmation card asks for). */
  confirmed: z.boolean().default(false),
});
export type SandboxPayRequest = z.infer<typeof SandboxPayRequestSchema>;

export const SandboxPayResponseSchema = z.object({
  status: z.enum(["complete", "requiresConfirmation"]),
  returnPath: z.string(),
});
export type SandboxPayResponse = z.infer<typeof SandboxPayResponseSchema>;

export const checkoutMessages = {
  declined: "Your card was declined. No money was taken.",
  unknownCard: "This card is not one of the sandbox's test cards.",
  notOpen: "This checkout is already finished.",
  notForSale: "There is no credit bundle or subscription plan with this price",
} as const;
