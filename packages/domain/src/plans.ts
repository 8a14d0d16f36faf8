// Atrium's plans and credit packages: the one place the pricing page and the marketplace read
// them from. Prices are in euro (the currency's major unit), as CreditBundle and PlanPrice carry
// them. The spec fixes what each plan includes and that a slot costs 600 credits (60 euro); the
// subscription prices and the larger packages are Atrium's (docs/decisions.md).

import {
  DRAFT_LIMITS,
  EXTRA_LEVEL_CREDITS,
  FREE_SLOT_DURATION_MONTHS,
  PURCHASE_CURRENCY_DEFAULT,
  SLOT_KEEP_ALIVE_CREDITS,
  SLOT_KEEP_ALIVE_EURO_CENTS,
} from "./constants";
import type { CreditBundle, CreditBundleIconId } from "./entities/credit-bundle";
import type { SubscriptionPlan } from "./entities/subscription-plan";
import { planMessages } from "./messages/plans";
import type { AccountPlan } from "./rules/plan-role";

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** The interval preselected wherever a plan is picked (spec 1 §6: yearly preselected). */
export const DEFAULT_PLAN_INTERVAL: PlanInterval = "year";

/** What a plan includes, as keys of `planMessages.features`. */
export type PlanFeature = keyof typeof planMessages.features;

export interface PlanOffer {
  plan: AccountPlan;
  /** Price per interval in euro; 0 for Free. */
  price: Record<PlanInterval, number>;
  /** Payment-provider price ids per interval; null for Free, which is not bought. */
  priceId: Record<PlanInterval, string> | null;
  /** Drafts the plan may hold; null means unlimited. */
  drafts: number | null;
  /** Publishing slots the plan itself provides (Pro while subscribed; Free for its trial). */
  includedSlots: number;
  /** How long the included slots last, in months; null while the plan lasts. */
  includedSlotMonths: number | null;
  freePremadeSpaces: number;
  /** Choose who can view a space. */
  privacy: boolean;
  /** Choose who can chat and talk in a space. */
  customCommunication: boolean;
  districts: boolean;
  features: readonly PlanFeature[];
}

/** Yearly billing costs ten months: two months free. */
const YEAR_IN_MONTHS_PAID = 10;
const yearly = (monthly: number) => monthly * YEAR_IN_MONTHS_PAID;

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    plan: "free",
    price: { month: 0, year: 0 },
    priceId: null,
    drafts: DRAFT_LIMITS.free,
    includedSlots: 1,
    includedSlotMonths: FREE_SLOT_DURATION_MONTHS,
    freePremadeSpaces: 0,
    privacy: false,
    customCommunication: false,
    districts: false,
    features: ["starterTrial", "twoDrafts", "oneTrialSlot", "allContentTypes", "shareAndEmbed"],
  },
  {
    plan: "standard",
    price: { month: 15, year: yearly(15) },
    priceId: { month: "plan-standard-month", year: "plan-standard-year" },
    drafts: DRAFT_LIMITS.standard,
    includedSlots: 0,
    includedSlotMonths: null,
    freePremadeSpaces: 0,
    privacy: true,
    customCommunication: true,
    districts: false,
    features: ["everythingInFree", "fiveDrafts", "privacy", "customCommunication"],
  },
  {
    plan: "pro",
    price: { month: 49, year: yearly(49) },
    priceId: { month: "plan-pro-month", year: "plan-pro-year" },
    drafts: DRAFT_LIMITS.pro,
    includedSlots: 4,
    includedSlotMonths: null,
    freePremadeSpaces: 1,
    privacy: true,
    customCommunication: true,
    districts: true,
    features: [
      "everythingInStandard",
      "fourFreeSlots",
      "freePremadeSpace",
      "districts",
      "brandedSpaces",
      "userManagement",
      "unlimitedDrafts",
    ],
  },
];

export function planOffer(plan: AccountPlan): PlanOffer {
  const offer = PLAN_OFFERS.find((candidate) => candidate.plan === plan);
  if (!offer) throw new Error(`no offer for plan ${plan}`);
  return offer;
}

/** The English lines of what a plan includes. */
export function planFeatureLines(plan: AccountPlan): string[] {
  return planOffer(plan).features.map((feature) => planMessages.features[feature]);
}

/** The monthly cost of paying yearly, rounded to cents, for "per month, billed yearly". */
export function monthlyEquivalent(offer: PlanOffer, interval: PlanInterval): number {
  return interval === "month" ? offer.price.month : Math.round((offer.price.year / 12) * 100) / 100;
}

/** Whole percent saved by paying yearly instead of twelve monthly payments. */
export function yearlySavingPercent(offer: PlanOffer): number {
  if (offer.price.month === 0) return 0;
  return Math.round((1 - offer.price.year / (offer.price.month * 12)) * 100);
}

/** The plans in the spec's subscription-plan shape, for the marketplace's plan picker. */
export function subscriptionPlans(currency = PURCHASE_CURRENCY_DEFAULT): SubscriptionPlan[] {
  return PLAN_OFFERS.map((offer) => ({
    subscriptionType: offer.plan,
    month: offer.priceId
      ? { priceId: offer.priceId.month, price: offer.price.month, currency }
      : null,
    year: offer.priceId ? { priceId: offer.priceId.year, price: offer.price.year, currency } : null,
    descriptionPoints: planFeatureLines(offer.plan),
  }));
}

/** The euro value of one credit: a slot's 600 credits cost 60 euro. */
export const EURO_PER_CREDIT = SLOT_KEEP_ALIVE_EURO_CENTS / 100 / SLOT_KEEP_ALIVE_CREDITS;

/**
 * One-time credit packages, smallest first, with their icons numbered by ascending unit (the
 * rule of rules/credit-bundles.ts, checked by a test; written out so that the pricing page
 * does not load the schema library). The smallest is exactly one slot at the base rate;
 * larger ones cost less per credit.
 */
export const CREDIT_PACKAGES: readonly (CreditBundle & { iconId: CreditBundleIconId })[] = [
  {
    priceId: "credits-600",
    unit: 600,
    price: 60,
    currency: PURCHASE_CURRENCY_DEFAULT,
    iconId: "credits-icon-1",
  },
  {
    priceId: "credits-1800",
    unit: 1800,
    price: 170,
    currency: PURCHASE_CURRENCY_DEFAULT,
    iconId: "credits-icon-2",
  },
  {
    priceId: "credits-3000",
    unit: 3000,
    price: 270,
    currency: PURCHASE_CURRENCY_DEFAULT,
    iconId: "credits-icon-3",
  },
  {
    priceId: "credits-6000",
    unit: 6000,
    price: 510,
    currency: PURCHASE_CURRENCY_DEFAULT,
    iconId: "credits-icon-4",
  },
];

/** Whole percent a package saves against buying its credits at the base rate. */
export function packageSavingPercent(bundle: Pick<CreditBundle, "unit" | "price">): number {
  return Math.round((1 - bundle.price / (bundle.unit * EURO_PER_CREDIT)) * 100);
}

/** What credits buy, for the pricing page's explanation. */
export const CREDIT_PRICES = {
  /** A publishing slot, bought once; purchased slots do not expire. */
  slot: SLOT_KEEP_ALIVE_CREDITS,
  /** Each level beyond the first in a custom space. */
  extraLevel: EXTRA_LEVEL_CREDITS,
} as const;

/** The publish choices a plan may restrict (issue 21 item 8): who may visit, who may talk. */
export type AudienceChoice = "privacy" | "communication";

/** Whether a plan lets its holder choose who may visit (privacy) or talk (communication). */
export function planAllowsAudience(plan: AccountPlan, choice: AudienceChoice): boolean {
  const offer = planOffer(plan);
  return choice === "privacy" ? offer.privacy : offer.customCommunication;
}

/** The first plan, in price order, that allows a choice: the one to point a Free holder to. */
export function planNeededFor(choice: AudienceChoice): AccountPlan {
  const offer = PLAN_OFFERS.find((candidate) => planAllowsAudience(candidate.plan, choice));
  if (!offer) throw new Error(`no plan allows ${choice}`);
  return offer.plan;
}
