import { z } from "zod";
import { CurrencySchema, IdSchema, TimestampSchema } from "./entities/common";
import { MySubscriptionSchema, SUBSCRIPTION_CANCELED } from "./entities/my-subscription";
import { planOffer } from "./plans";
import {
  ACCOUNT_PLANS,
  type AccountPlan,
  PLAN_ROLES,
  planRoleLabel,
  roleForPlan,
} from "./rules/plan-role";
import { isAutoRenewalOn, subscriptionStatus } from "./rules/subscription-status";

// Subscriptions (issue 17 item 4; spec 1 §3 my subscription, §4 subscription status, §6 roles):
// the account's plan follows its subscriptions, the panel's calls, and the payloads the
// notificationhub pushes for the kinds Subscription and Wallet (spec 2 §7.7).

/** Paid plans a subscription can be for (custom is priced on request, free is not bought). */
export const SUBSCRIBED_PLANS = ["standard", "pro"] as const;
export type SubscribedPlan = (typeof SUBSCRIBED_PLANS)[number];

const PLAN_RANK: Record<AccountPlan, number> = { free: 0, standard: 1, pro: 2 };

/** The highest of some plans (spec 1 §6: premium, then pro, else free). */
export function highestPlan(plans: readonly AccountPlan[]): AccountPlan {
  let best: AccountPlan = "free";
  for (const plan of plans) if (PLAN_RANK[plan] > PLAN_RANK[best]) best = plan;
  return best;
}

export function planRank(plan: AccountPlan): number {
  return PLAN_RANK[plan];
}

/**
 * `isCanceled` of a provider's subscription: 2 once it has ended, 1 while a cancellation is
 * scheduled for the end of the period (auto-renewal off), 0 while it renews.
 */
export function isCanceledOf(subscription: {
  providerStatus: string;
  cancelAtPeriodEnd: boolean;
}): 0 | 1 | 2 {
  if (ENDED_PROVIDER_STATUSES.has(subscription.providerStatus)) return SUBSCRIPTION_CANCELED;
  return subscription.cancelAtPeriodEnd ? 1 : 0;
}

/** Provider statuses (Stripe's names) of a subscription that has ended or never started. */
const ENDED_PROVIDER_STATUSES = new Set(["canceled", "incomplete_expired", "unpaid"]);
/** Provider statuses that grant the plan: paid, in trial, or a renewal being retried. */
const GRANTING_PROVIDER_STATUSES = new Set(["active", "trialing", "past_due"]);

export interface StoredSubscription {
  plan: SubscribedPlan;
  providerStatus: string;
  isCanceled: number;
  endsAt: Date;
  canceledAt: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether a subscription gives its plan now: the provider counts it paid and spec 1 §4 active. */
export function subscriptionGrantsPlan(subscription: StoredSubscription, now: Date): boolean {
  if (!GRANTING_PROVIDER_STATUSES.has(subscription.providerStatus)) return false;
  return (
    subscriptionStatus(
      {
        isCanceled: subscription.isCanceled,
        endsAt: iso(subscription.endsAt),
        canceledAt: iso(subscription.canceledAt),
      },
      now,
    ) === "active"
  );
}

/**
 * How long past the end of a paid period the plan holds while the provider's renewal event is
 * on its way (a renewal moves the end a period on; a missed one ends the plan after this).
 */
export const PLAN_RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The account's plan: the highest of the plan an operator granted and those of its subscriptions
 * that grant theirs now; `endsAt` is when it falls back (the winning subscription's paid period
 * plus the grace), null when the granted plan wins.
 */
export function accountPlanOf(
  grantedPlan: AccountPlan,
  subscriptions: readonly StoredSubscription[],
  now: Date,
): { plan: AccountPlan; endsAt: Date | null } {
  let plan = grantedPlan;
  let endsAt: Date | null = null;
  for (const subscription of subscriptions) {
    if (!subscriptionGrantsPlan(subscription, now)) continue;
    const until = new Date(subscription.endsAt.getTime() + PLAN_RENEWAL_GRACE_MS);
    if (PLAN_RANK[subscription.plan] > PLAN_RANK[plan]) {
      plan = subscription.plan;
      endsAt = until;
    } else if (subscription.plan === plan && endsAt && until > endsAt) {
      endsAt = until;
    }
  }
  return { plan, endsAt };
}

/** The plan in force for a stored account: past its end, the granted plan. */
export function planInForce(
  account: { plan: AccountPlan; grantedPlan: AccountPlan; planEndsAt: Date | null },
  now: Date,
): AccountPlan {
  if (account.planEndsAt && account.planEndsAt.getTime() <= now.getTime()) {
    return account.grantedPlan;
  }
  return account.plan;
}

/** What a plan entitles its holder to, server-enforced where the feature exists. */
export function planEntitlements(plan: AccountPlan) {
  const offer = planOffer(plan);
  return {
    drafts: offer.drafts,
    includedSlots: offer.includedSlots,
    includedSlotMonths: offer.includedSlotMonths,
    freePremadeSpaces: offer.freePremadeSpaces,
    privacy: offer.privacy,
    customCommunication: offer.customCommunication,
    districts: offer.districts,
  };
}

export const PlanEntitlementsSchema = z.object({
  drafts: z.number().int().min(0).nullable(),
  includedSlots: z.number().int().min(0),
  includedSlotMonths: z.number().int().min(0).nullable(),
  freePremadeSpaces: z.number().int().min(0),
  privacy: z.boolean(),
  customCommunication: z.boolean(),
  districts: z.boolean(),
});

export const PlanIntervalNameSchema = z.enum(["monthly", "yearly"]);

/** The user's subscription: the spec's my-subscription fields and what the panel shows. */
export const UserSubscriptionSchema = MySubscriptionSchema.extend({
  subscriptionId: IdSchema,
  plan: z.enum(SUBSCRIBED_PLANS),
  interval: PlanIntervalNameSchema,
  /** In the currency's minor unit, per interval. */
  amount: z.number().int().min(0),
  currency: CurrencySchema,
  status: z.enum(["active", "canceled", "expired"]),
  autoRenewal: z.boolean(),
});
export type UserSubscription = z.infer<typeof UserSubscriptionSchema>;

/** GET externaltransaction/usersubscription. */
export const SubscriptionOverviewSchema = z.object({
  /** The subscription that counts (the one giving the plan, else the latest); null: none. */
  subscription: UserSubscriptionSchema.nullable(),
  plan: z.enum(ACCOUNT_PLANS),
  role: z.enum(PLAN_ROLES),
  planLabel: z.enum(["FREE", "STANDARD", "PRO"]),
  entitlements: PlanEntitlementsSchema,
});
export type SubscriptionOverview = z.infer<typeof SubscriptionOverviewSchema>;

/** The spec's status and renewal rules applied to a stored subscription. */
export function describeSubscription(
  stored: StoredSubscription & { subscriptionId: string; priceId: string },
  price: { interval: "monthly" | "yearly"; amount: number; currency: string },
  now: Date,
): UserSubscription {
  const mine = {
    priceId: stored.priceId,
    isCanceled: stored.isCanceled,
    endsAt: stored.endsAt.toISOString(),
    canceledAt: iso(stored.canceledAt),
  };
  return {
    ...mine,
    subscriptionId: stored.subscriptionId,
    plan: stored.plan,
    interval: price.interval,
    amount: price.amount,
    currency: price.currency,
    status: subscriptionStatus(mine, now),
    autoRenewal: isAutoRenewalOn(mine),
  };
}

export function planLabelOf(plan: AccountPlan): "FREE" | "STANDARD" | "PRO" {
  return planRoleLabel(roleForPlan(plan)) as "FREE" | "STANDARD" | "PRO";
}

// --- the panel's calls (spec 2 §7.4 stripe/*) ---

export const SubscriptionRefSchema = z.object({ subscriptionId: IdSchema });
export type SubscriptionRef = z.infer<typeof SubscriptionRefSchema>;

export const UpdatePaymentMethodRequestSchema = SubscriptionRefSchema.extend({
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?!\/)[^\s\\]*$/, "must be a path on this site, starting with /")
    .default("/settings"),
});
export type UpdatePaymentMethodRequest = z.infer<typeof UpdatePaymentMethodRequestSchema>;

export const PreviewSubscriptionUpdateRequestSchema = SubscriptionRefSchema.extend({
  /** The plan price to switch to (stripe/products' subscriptionProducts). */
  priceId: IdSchema,
});
export type PreviewSubscriptionUpdateRequest = z.infer<
  typeof PreviewSubscriptionUpdateRequestSchema
>;

export const SubscriptionUpdatePreviewSchema = z.object({
  subscriptionId: IdSchema,
  priceId: IdSchema,
  plan: z.enum(SUBSCRIBED_PLANS),
  interval: PlanIntervalNameSchema,
  /** Charged now, in the currency's minor unit; 0 or less: nothing now (a credit if below). */
  amountDue: z.number().int(),
  currency: CurrencySchema,
  /** Send it back with the change so that it is charged as previewed. */
  prorationDate: TimestampSchema,
  nextRenewal: TimestampSchema,
});
export type SubscriptionUpdatePreview = z.infer<typeof SubscriptionUpdatePreviewSchema>;

export const UpdateSubscriptionRequestSchema = PreviewSubscriptionUpdateRequestSchema.extend({
  prorationDate: TimestampSchema,
});
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequestSchema>;

export const CardDetailsSchema = z.object({
  brand: z.string().max(40),
  last4: z.string().regex(/^[0-9]{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2200),
});
export type CardDetails = z.infer<typeof CardDetailsSchema>;

/** GET externaltransaction/getuserslastcarddetails: null when no card is on file. */
export const LastCardResponseSchema = z.object({ card: CardDetailsSchema.nullable() });

export const subscriptionMessages = {
  alreadySubscribed:
    "You already have a subscription. Change its plan from your account instead of starting another.",
  noSubscription: "You have no subscription.",
  ended: "This subscription has ended. Start a new one from the pricing page.",
  samePrice: "This subscription already has this price.",
  notAPlan: "There is no subscription plan with this price",
  prorationTooOld: "The preview is too old: preview the change again.",
} as const;

/** A preview is charged as shown only while it is this fresh. */
export const PRORATION_PREVIEW_MAX_AGE_MS = 30 * 60 * 1000;

// --- notificationhub payloads (spec 2 §7.7 kinds Subscription and Wallet), version 1 ---

export const BILLING_HUB_VERSION = 1;

/**
 * Event "Subscription": the account's plan changed or its subscription did. The spec's
 * `subscription.activated` is sent when a subscription starts giving a plan (tabs renew the
 * account's role without signing in again); `subscription.updated` for any other change.
 */
export const SubscriptionHubEventSchema = z.object({
  v: z.literal(BILLING_HUB_VERSION),
  type: z.enum(["subscription.activated", "subscription.updated"]),
  plan: z.enum(ACCOUNT_PLANS),
  role: z.enum(PLAN_ROLES),
  planLabel: z.enum(["FREE", "STANDARD", "PRO"]),
  subscription: UserSubscriptionSchema.nullable(),
});
export type SubscriptionHubEvent = z.infer<typeof SubscriptionHubEventSchema>;

/** Event "Wallet": the wallet's balance changed (the spec's wallet-updated push). */
export const WalletHubEventSchema = z.object({
  v: z.literal(BILLING_HUB_VERSION),
  type: z.literal("wallet.updated"),
  availableBalance: z.number().int().min(0),
  /** The checkout that paid for the change, when one did. */
  checkoutSessionId: IdSchema.nullable(),
});
export type WalletHubEvent = z.infer<typeof WalletHubEventSchema>;
