import { describe, expect, it } from "vitest";
import { pickCreditBundles, sortBundlesByUnit, withBundleIcons } from "./credit-bundles";

const bundles = [
  { priceId: "p5000", unit: 5000 },
  { priceId: "p600", unit: 600 },
  { priceId: "p2400", unit: 2400 },
  { priceId: "p1200", unit: 1200 },
  { priceId: "p10000", unit: 10000 },
];

describe("credit bundles are sorted by unit", () => {
  it("sorts ascending without changing the input", () => {
    expect(sortBundlesByUnit(bundles).map((b) => b.unit)).toEqual([600, 1200, 2400, 5000, 10000]);
    expect(bundles[0]?.unit).toBe(5000);
  });
});

describe("icons credits-icon-1 to 4, numbered by ascending unit", () => {
  it("the smallest bundle gets credits-icon-1, a fifth keeps credits-icon-4", () => {
    expect(withBundleIcons(bundles).map((b) => [b.unit, b.iconId])).toEqual([
      [600, "credits-icon-1"],
      [1200, "credits-icon-2"],
      [2400, "credits-icon-3"],
      [5000, "credits-icon-4"],
      [10000, "credits-icon-4"],
    ]);
  });
});

describe("when filtering, only bundles with unit at least the missing credits, at most 3", () => {
  it("without a filter all bundles are shown", () => {
    expect(pickCreditBundles(bundles)).toHaveLength(5);
  });
  it("keeps units >= missing credits (the boundary included), at most 3", () => {
    const picked = pickCreditBundles(bundles, { missingCredits: 1200 });
    expect(picked.map((b) => b.unit)).toEqual([1200, 2400, 5000]);
  });
  it("a filtered bundle keeps the icon of its rank in the full list", () => {
    const picked = pickCreditBundles(bundles, { missingCredits: 2000 });
    expect(picked.map((b) => b.iconId)).toEqual([
      "credits-icon-3",
      "credits-icon-4",
      "credits-icon-4",
    ]);
  });
  it("nothing is large enough: an empty list", () => {
    expect(pickCreditBundles(bundles, { missingCredits: 20000 })).toEqual([]);
  });
});
