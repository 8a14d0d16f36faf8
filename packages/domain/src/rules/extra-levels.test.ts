import { describe, expect, it } from "vitest";
import {
  canAddLevel,
  extraLevelCount,
  extraLevelsCost,
  nextLevelCost,
  unpaidExtraLevels,
} from "./extra-levels";

describe("extra levels (spec 2 §9.2: 50 credits each beyond the included one)", () => {
  it("the first level is included, each further one costs 50 credits", () => {
    expect(nextLevelCost(0)).toBe(0);
    expect(nextLevelCost(1)).toBe(50);
    expect(extraLevelsCost(1)).toBe(0);
    expect(extraLevelsCost(3)).toBe(100);
  });

  it("stops at the configured limit of extra levels", () => {
    expect(canAddLevel(4, 4)).toBe(true);
    expect(canAddLevel(5, 4)).toBe(false);
    expect(canAddLevel(1, 0)).toBe(false);
  });

  it("owes only the extra levels not paid for yet", () => {
    expect(extraLevelCount(0)).toBe(0);
    expect(extraLevelCount(3)).toBe(2);
    expect(unpaidExtraLevels(3, 0)).toBe(2);
    expect(unpaidExtraLevels(3, 1)).toBe(1);
    // removed after paying: nothing owed, nothing refunded
    expect(unpaidExtraLevels(1, 2)).toBe(0);
  });
});
