import type { CartSlotLine, CartTemplateLine } from "../entities/cart";
import { DISTRICT_SLOT_ITEM_ID } from "../entities/district-cart";
import { coreMessages } from "../messages/core";
import { districtMessages } from "../messages/district";
import { creditsMissing } from "./cart-total";
import { validateDistrictTitle, validateSubdomain } from "./district-validation";

// The district wizard's steps and gates (spec 1 §2, §4, §5), shared by the web wizard and its
// tests: which steps a mode shows, what keeps a step from being left, what the cart holds and
// what the submission must pay for first.

export const DISTRICT_WIZARD_STEPS = [
  "general",
  "spaceSlots",
  "premadeSpaces",
  "overview",
] as const;
export type DistrictWizardStep = (typeof DISTRICT_WIZARD_STEPS)[number];
export type DistrictWizardMode = "create" | "edit";

/** Four steps when creating; edit mode (a districtId) skips General. */
export function wizardSteps(mode: DistrictWizardMode): DistrictWizardStep[] {
  return mode === "create" ? [...DISTRICT_WIZARD_STEPS] : DISTRICT_WIZARD_STEPS.slice(1);
}

export interface WizardTemplateChoice {
  spaceTemplateId: string;
  districtItemId: string;
  title: string;
  priceCoin: number;
}

export interface DistrictWizardState {
  mode: DistrictWizardMode;
  title: string;
  subdomain: string;
  /** The radio group's value: 'true', 'false', or '' before a choice. */
  public: "true" | "false" | "";
  freeSpaceTemplateId: string | null;
  /** Extra space slots to buy, beyond the ones the district has. */
  extraSlots: number;
  /** Premade spaces bought for the district (each once). */
  templates: WizardTemplateChoice[];
}

export type StepProblems = Partial<
  Record<"title" | "subdomain" | "public" | "freeSpaceTemplateId", string>
>;

/**
 * What keeps a step from being left: General needs a valid title and subdomain and a public or
 * private choice; the premade step in create mode needs the free premade space. Empty when the
 * step may be left. (The subdomain's availability is the server's answer, asked separately.)
 */
export function stepProblems(step: DistrictWizardStep, state: DistrictWizardState): StepProblems {
  const problems: StepProblems = {};
  if (step === "general" && state.mode === "create") {
    const title = validateDistrictTitle(state.title);
    if (title) problems.title = title;
    const subdomain = validateSubdomain(state.subdomain);
    if (subdomain) problems.subdomain = subdomain;
    if (state.public !== "true" && state.public !== "false")
      problems.public = coreMessages.forms.required;
  }
  if (step === "premadeSpaces" && state.mode === "create" && !state.freeSpaceTemplateId) {
    problems.freeSpaceTemplateId = districtMessages.selectFreePremade;
  }
  return problems;
}

/** The first step before `index` that cannot be left, or null when `index` may be reached. */
export function firstBlockedStepBefore(
  state: DistrictWizardState,
  index: number,
): DistrictWizardStep | null {
  const steps = wizardSteps(state.mode);
  for (const step of steps.slice(0, index)) {
    if (Object.keys(stepProblems(step, state)).length > 0) return step;
  }
  return null;
}

export interface DistrictCart {
  slots: Omit<CartSlotLine, "districtId">[];
  spaceTemplates: Omit<CartTemplateLine, "districtId">[];
}

/** The cart the wizard's choices make: slots with their quantity, premade spaces once each. */
export function wizardCart(state: DistrictWizardState, slotPriceCoin: number): DistrictCart {
  return {
    slots:
      state.extraSlots > 0
        ? [
            {
              districtItemId: DISTRICT_SLOT_ITEM_ID,
              quantity: state.extraSlots,
              priceCoin: slotPriceCoin,
            },
          ]
        : [],
    spaceTemplates: state.templates.map((template) => ({
      spaceTemplateId: template.spaceTemplateId,
      districtItemId: template.districtItemId,
      priceCoin: template.priceCoin,
      quantity: 1 as const,
    })),
  };
}

export interface SubmissionInput {
  isPro: boolean;
  /** The Pro price chosen in the overview (non-Pro users), or null. */
  planPriceId: string | null;
  /** The credit bundle chosen to cover missing credits, or null. */
  bundlePriceId: string | null;
  total: number;
  balance: number;
  /** The cart's lines: a cart that costs nothing (Pro's free premade space) is still settled. */
  cartLines: number;
}

export type SubmissionPlan =
  | { blocked: string }
  | { blocked: null; checkouts: { kind: "plan" | "bundle"; priceId: string }[]; settle: boolean };

/**
 * The submission's order (spec 1 §4): blocked when a non-Pro user chose no plan, or credits are
 * missing and no bundle is chosen; otherwise the card checkouts first (the plan, then the
 * bundle), then the district is created and the cart settled from the wallet.
 */
export function submissionPlan(input: SubmissionInput): SubmissionPlan {
  if (!input.isPro && !input.planPriceId)
    return { blocked: districtMessages.selectSubscriptionPlan };
  const missing = creditsMissing(input.total, input.balance);
  if (missing > 0 && !input.bundlePriceId) return { blocked: districtMessages.selectCreditBundle };
  const checkouts: { kind: "plan" | "bundle"; priceId: string }[] = [];
  if (!input.isPro && input.planPriceId)
    checkouts.push({ kind: "plan", priceId: input.planPriceId });
  if (missing > 0 && input.bundlePriceId)
    checkouts.push({ kind: "bundle", priceId: input.bundlePriceId });
  return { blocked: null, checkouts, settle: input.cartLines > 0 };
}
