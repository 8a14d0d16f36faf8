// What premade spaces cost an account (spec 1 §1: Pro includes one free premade space; a premade
// space is bought once per account). One rule for the server, which charges it, and the web,
// which shows it in the district wizard's cart before anything is charged.

/** What the account has already: the premade spaces it owns and whether Pro's free one is used. */
export interface PremadeHoldings {
  isPro: boolean;
  freeUsed: boolean;
  ownedTemplateIds: readonly string[];
}

export type PremadeChargeReason = "owned" | "free" | "price";

export interface PremadeCharge {
  spaceTemplateId: string;
  credits: number;
  reason: PremadeChargeReason;
}

/**
 * The credits each premade space costs, bought in this order: one already owned costs nothing
 * again; the first one not owned is free while the account is Pro and has not used its free
 * one; every other costs its price.
 */
export function premadeCharges(
  lines: readonly { spaceTemplateId: string; priceCoin: number }[],
  holdings: PremadeHoldings,
): PremadeCharge[] {
  let freeLeft = holdings.isPro && !holdings.freeUsed;
  return lines.map((line) => {
    if (holdings.ownedTemplateIds.includes(line.spaceTemplateId))
      return { spaceTemplateId: line.spaceTemplateId, credits: 0, reason: "owned" };
    if (freeLeft) {
      freeLeft = false;
      return { spaceTemplateId: line.spaceTemplateId, credits: 0, reason: "free" };
    }
    return { spaceTemplateId: line.spaceTemplateId, credits: line.priceCoin, reason: "price" };
  });
}

/** A district cart's total as it will be charged: the slots at their price, premade spaces by `premadeCharges`. */
export function districtCartCharge(
  cart: {
    slots: readonly { quantity: number; priceCoin: number }[];
    spaceTemplates: readonly { spaceTemplateId: string; priceCoin: number }[];
  },
  holdings: PremadeHoldings,
): { total: number; premade: PremadeCharge[] } {
  const premade = premadeCharges(cart.spaceTemplates, holdings);
  const slots = cart.slots.reduce((sum, line) => sum + line.quantity * line.priceCoin, 0);
  return { total: premade.reduce((sum, line) => sum + line.credits, slots), premade };
}
