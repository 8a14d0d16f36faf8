import { describe, expect, it } from "vitest";
import { applyNumberInput, clampNumber, isBlockedNumberKey, stepNumber } from "./number-input";

describe("number input", () => {
  it("the value is clamped between optional minimum and maximum", () => {
    expect(clampNumber(5, { min: 0, max: 3 })).toBe(3);
    expect(clampNumber(-1, { min: 0 })).toBe(0);
    expect(clampNumber(1e9)).toBe(1e9);
  });
  it("non-finite typing is ignored: the previous value stays", () => {
    expect(applyNumberInput(7, "abc")).toBe(7);
    expect(applyNumberInput(7, "")).toBe(7);
    expect(applyNumberInput(7, Number.POSITIVE_INFINITY)).toBe(7);
    expect(applyNumberInput(7, "12", { max: 10 })).toBe(10);
    expect(applyNumberInput(7, "2.5")).toBe(2.5);
  });
  it("the keys minus, plus and e are blocked", () => {
    for (const key of ["-", "+", "e", "E"]) expect(isBlockedNumberKey(key)).toBe(true);
    expect(isBlockedNumberKey("5")).toBe(false);
    expect(isBlockedNumberKey(".")).toBe(false);
  });
  it("default step 1, clamped", () => {
    expect(stepNumber(4, 1)).toBe(5);
    expect(stepNumber(4, -1, { step: 0.5 })).toBe(3.5);
    expect(stepNumber(10, 1, { max: 10 })).toBe(10);
  });
});
