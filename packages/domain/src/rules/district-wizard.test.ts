import { describe, expect, it } from "vitest";
import { DISTRICT_SLOT_ITEM_ID } from "../entities/district-cart";
import { messages } from "../messages";
import { cartTotal, creditsMissing } from "./cart-total";
import {
  type DistrictWizardState,
  firstBlockedStepBefore,
  stepProblems,
  submissionPlan,
  wizardCart,
  wizardSteps,
} from "./district-wizard";

const state = (patch: Partial<DistrictWizardState> = {}): DistrictWizardState => ({
  mode: "create",
  title: "Museum Row",
  subdomain: "museum-row",
  public: "true",
  freeSpaceTemplateId: "template-a",
  extraSlots: 0,
  templates: [],
  ...patch,
});

describe("the district wizard's steps", () => {
  it("has four steps when creating and skips General in edit mode", () => {
    expect(wizardSteps("create")).toEqual(["general", "spaceSlots", "premadeSpaces", "overview"]);
    expect(wizardSteps("edit")).toEqual(["spaceSlots", "premadeSpaces", "overview"]);
  });

  it("keeps General until title, subdomain and the public choice are valid", () => {
    expect(stepProblems("general", state())).toEqual({});
    expect(stepProblems("general", state({ title: "A", subdomain: "www", public: "" }))).toEqual({
      title: expect.stringContaining("at least 2"),
      subdomain: 'Subdomain cannot be "www"',
      public: messages.forms.required,
    });
    expect(stepProblems("general", state({ subdomain: "-row" })).subdomain).toBe(
      messages.district.subdomainPattern,
    );
    expect(stepProblems("general", state({ subdomain: "My Row" })).subdomain).toBe(
      messages.district.subdomainPattern,
    );
    expect(stepProblems("general", state({ title: "x".repeat(51) })).title).toBeDefined();
  });

  it("needs the free premade space in create mode only", () => {
    expect(stepProblems("premadeSpaces", state({ freeSpaceTemplateId: null }))).toEqual({
      freeSpaceTemplateId: messages.district.selectFreePremade,
    });
    expect(
      stepProblems("premadeSpaces", state({ mode: "edit", freeSpaceTemplateId: null })),
    ).toEqual({});
    expect(stepProblems("spaceSlots", state({ freeSpaceTemplateId: null }))).toEqual({});
  });

  it("reaches a later step only past steps that may be left", () => {
    const bad = state({ title: "", freeSpaceTemplateId: null });
    expect(firstBlockedStepBefore(bad, 0)).toBeNull();
    expect(firstBlockedStepBefore(bad, 1)).toBe("general");
    expect(firstBlockedStepBefore(state({ freeSpaceTemplateId: null }), 3)).toBe("premadeSpaces");
    expect(firstBlockedStepBefore(state(), 3)).toBeNull();
    expect(firstBlockedStepBefore(state({ mode: "edit", title: "" }), 2)).toBeNull();
  });
});

describe("the wizard's cart", () => {
  it("holds the extra slots with their quantity and each premade space once", () => {
    const cart = wizardCart(
      state({
        extraSlots: 3,
        templates: [
          { spaceTemplateId: "t1", districtItemId: "i1", title: "T1", priceCoin: 900 },
          { spaceTemplateId: "t2", districtItemId: "i2", title: "T2", priceCoin: 1200 },
        ],
      }),
      600,
    );
    expect(cart.slots).toEqual([
      { districtItemId: DISTRICT_SLOT_ITEM_ID, quantity: 3, priceCoin: 600 },
    ]);
    expect(cart.spaceTemplates.map((line) => line.quantity)).toEqual([1, 1]);
    expect(cartTotal(cart)).toBe(3 * 600 + 900 + 1200);
    expect(creditsMissing(cartTotal(cart), 1000)).toBe(2900);
    expect(wizardCart(state(), 600)).toEqual({ slots: [], spaceTemplates: [] });
  });
});

describe("the submission's order", () => {
  const base = {
    isPro: true,
    planPriceId: null,
    bundlePriceId: null,
    total: 0,
    balance: 0,
    cartLines: 0,
  };

  it("is blocked for a non-Pro user without a plan", () => {
    expect(submissionPlan({ ...base, isPro: false })).toEqual({
      blocked: messages.district.selectSubscriptionPlan,
    });
  });

  it("is blocked when credits are missing and no bundle is chosen", () => {
    expect(submissionPlan({ ...base, total: 600, balance: 100 })).toEqual({
      blocked: messages.district.selectCreditBundle,
    });
  });

  it("pays by card first (plan, then bundle), then settles", () => {
    expect(
      submissionPlan({
        isPro: false,
        planPriceId: "plan-pro-year",
        bundlePriceId: "bundle-1",
        total: 600,
        balance: 0,
        cartLines: 1,
      }),
    ).toEqual({
      blocked: null,
      checkouts: [
        { kind: "plan", priceId: "plan-pro-year" },
        { kind: "bundle", priceId: "bundle-1" },
      ],
      settle: true,
    });
  });

  it("settles a cart that costs nothing (Pro's free premade space), and no empty one", () => {
    expect(submissionPlan({ ...base, total: 0, cartLines: 1 })).toEqual({
      blocked: null,
      checkouts: [],
      settle: true,
    });
  });

  it("proceeds directly without payment, ignoring a bundle that is not needed", () => {
    expect(submissionPlan(base)).toEqual({ blocked: null, checkouts: [], settle: false });
    expect(
      submissionPlan({ ...base, bundlePriceId: "b", total: 600, balance: 600, cartLines: 1 }),
    ).toEqual({
      blocked: null,
      checkouts: [],
      settle: true,
    });
  });
});
