import { describe, expect, it } from "vitest";
import { DRAFT_LIMITS, SLOT_KEEP_ALIVE_CREDITS } from "./constants";
import { CreditBundleSchema } from "./entities/credit-bundle";
import { SubscriptionPlanSchema } from "./entities/subscription-plan";
import {
  CREDIT_PACKAGES,
  EURO_PER_CREDIT,
  monthlyEquivalent,
  PLAN_OFFERS,
  packageSavingPercent,
  planFeatureLines,
  planOffer,
  subscriptionPlans,
  yearlySavingPercent,
} from "./plans";
import { withBundleIcons } from "./rules/credit-bundles";

describe("the plans (spec 1 §1)", () => {
  it("Free is the one-month Starter Trial: 2 drafts and 1 publishing slot for 1 month", () => {
    const free = planOffer("free");
    expect(free.price).toEqual({ month: 0, year: 0 });
    expect(free.drafts).toBe(2);
    expect(free.includedSlots).toBe(1);
    expect(free.includedSlotMonths).toBe(1);
    expect(planFeatureLines("free")).toEqual(
      expect.arrayContaining(["One-month Starter Trial", "Up to 2 drafts"]),
    );
  });

  it("Standard: up to 5 drafts, custom communication and privacy", () => {
    const standard = planOffer("standard");
    expect(standard.drafts).toBe(5);
    expect(standard.features).toEqual(
      expect.arrayContaining(["fiveDrafts", "privacy", "customCommunication"]),
    );
    expect(standard).toMatchObject({ privacy: true, customCommunication: true, districts: false });
    expect(planOffer("free")).toMatchObject({ privacy: false, customCommunication: false });
  });

  it("Pro: 4 free slots, 1 free premade space, branded spaces, user management, unlimited drafts, districts", () => {
    const pro = planOffer("pro");
    expect(pro).toMatchObject({
      drafts: null,
      includedSlots: 4,
      freePremadeSpaces: 1,
      districts: true,
    });
    expect(pro.features).toEqual(
      expect.arrayContaining([
        "fourFreeSlots",
        "freePremadeSpace",
        "brandedSpaces",
        "userManagement",
        "unlimitedDrafts",
        "districts",
      ]),
    );
  });

  it("draft limits agree with the editor's draft-limit check", () => {
    for (const offer of PLAN_OFFERS) expect(offer.drafts).toBe(DRAFT_LIMITS[offer.plan]);
  });

  it("yearly billing is ten months: about 17% off, shown per month", () => {
    const standard = planOffer("standard");
    expect(standard.price.year).toBe(standard.price.month * 10);
    expect(yearlySavingPercent(standard)).toBe(17);
    expect(yearlySavingPercent(planOffer("free"))).toBe(0);
    expect(monthlyEquivalent(standard, "month")).toBe(15);
    expect(monthlyEquivalent(standard, "year")).toBe(12.5);
  });

  it("every feature has its English line", () => {
    for (const offer of PLAN_OFFERS) {
      for (const line of planFeatureLines(offer.plan)) expect(line).toMatch(/\S/);
    }
  });

  it("read as the spec's subscription plans for the marketplace", () => {
    const plans = subscriptionPlans();
    for (const plan of plans) expect(SubscriptionPlanSchema.parse(plan)).toEqual(plan);
    expect(plans.map((plan) => plan.subscriptionType)).toEqual(["free", "standard", "pro"]);
    expect(plans[0]?.month).toBeNull();
    expect(plans[2]?.year).toEqual({ priceId: "plan-pro-year", price: 490, currency: "EUR" });
  });
});

describe("credit packages", () => {
  it("one credit is worth 10 cents: a 600-credit slot costs 60 euro (spec 2 §9.2)", () => {
    expect(SLOT_KEEP_ALIVE_CREDITS * EURO_PER_CREDIT).toBe(60);
  });

  it("are valid bundles, smallest first, with icons numbered by ascending unit", () => {
    for (const bundle of CREDIT_PACKAGES) CreditBundleSchema.parse(bundle);
    expect(CREDIT_PACKAGES.map((bundle) => bundle.unit)).toEqual([600, 1800, 3000, 6000]);
    expect(CREDIT_PACKAGES.map((bundle) => bundle.iconId)).toEqual([
      "credits-icon-1",
      "credits-icon-2",
      "credits-icon-3",
      "credits-icon-4",
    ]);
    expect(withBundleIcons(CREDIT_PACKAGES)).toEqual(CREDIT_PACKAGES);
  });

  it("the smallest is one slot at the base rate; larger ones cost less per credit", () => {
    expect(CREDIT_PACKAGES[0]).toMatchObject({ unit: 600, price: 60 });
    const savings = CREDIT_PACKAGES.map(packageSavingPercent);
    expect(savings[0]).toBe(0);
    for (let i = 1; i < savings.length; i++) {
      expect(savings[i]).toBeGreaterThan(savings[i - 1] as number);
    }
  });
});

describe("which plans allow choosing a space's audience (issue 21 item 8)", () => {
  it("Free does not; Standard and Pro do; Standard is the plan to point to", async () => {
    const { planAllowsAudience, planNeededFor } = await import("./plans");
    for (const choice of ["privacy", "communication"] as const) {
      expect(planAllowsAudience("free", choice)).toBe(false);
      expect(planAllowsAudience("standard", choice)).toBe(true);
      expect(planAllowsAudience("pro", choice)).toBe(true);
      expect(planNeededFor(choice)).toBe("standard");
    }
  });
});
