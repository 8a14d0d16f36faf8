import { describe, expect, it } from "vitest";
import { districtCartCharge, premadeCharges } from "./premade-price";

const hall = { spaceTemplateId: "hall", priceCoin: 800 };
const loft = { spaceTemplateId: "loft", priceCoin: 1200 };
const none = { isPro: false, freeUsed: false, ownedTemplateIds: [] };

describe("premadeCharges", () => {
  it("charges every premade space its price for an account without Pro", () => {
    expect(premadeCharges([hall, loft], none).map((line) => line.credits)).toEqual([800, 1200]);
  });

  it("gives a Pro account its first one free, once", () => {
    const pro = { ...none, isPro: true };
    expect(premadeCharges([hall, loft], pro)).toEqual([
      { spaceTemplateId: "hall", credits: 0, reason: "free" },
      { spaceTemplateId: "loft", credits: 1200, reason: "price" },
    ]);
    expect(premadeCharges([hall], { ...pro, freeUsed: true })[0]?.credits).toBe(800);
  });

  it("never charges again for one already owned, and keeps the free one for the next", () => {
    const charges = premadeCharges([hall, loft], {
      ...none,
      isPro: true,
      ownedTemplateIds: ["hall"],
    });
    expect(charges.map((line) => line.reason)).toEqual(["owned", "free"]);
    expect(charges.map((line) => line.credits)).toEqual([0, 0]);
  });
});

describe("districtCartCharge", () => {
  it("adds the slots at their price to the premade spaces as charged", () => {
    const cart = { slots: [{ quantity: 2, priceCoin: 600 }], spaceTemplates: [hall, loft] };
    expect(districtCartCharge(cart, none).total).toBe(1200 + 800 + 1200);
    expect(districtCartCharge(cart, { ...none, isPro: true }).total).toBe(1200 + 1200);
  });
});
