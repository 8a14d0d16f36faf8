import { describe, expect, it } from "vitest";
import { InternalPurchaseRequestSchema } from "../entities/wallet";
import { CREDITS_PER_UNIT, canApply, ledgerBalance, signedAmount } from "./wallet-ledger";

describe("wallet ledger rules", () => {
  it("adds for purchases, refunds and grants and spends for the rest", () => {
    expect(signedAmount("creditPurchase", 600)).toBe(600);
    expect(signedAmount("refund", 50)).toBe(50);
    expect(signedAmount("adminGrant", 1)).toBe(1);
    expect(signedAmount("slotPurchase", 600)).toBe(-600);
    expect(signedAmount("slotKeepAlive", 600)).toBe(-600);
    expect(signedAmount("extraLevel", 50)).toBe(-50);
    expect(signedAmount("premadeSpace", 300)).toBe(-300);
  });

  it("refuses empty, negative, fractional and huge movements", () => {
    for (const credits of [0, -1, 1.5, Number.NaN, 10_000_001]) {
      expect(() => signedAmount("adminGrant", credits)).toThrow(RangeError);
    }
  });

  it("never lets a balance go below zero", () => {
    expect(canApply(100, -100)).toBe(true);
    expect(canApply(99, -100)).toBe(false);
    expect(canApply(0, 600)).toBe(true);
  });

  it("sums the movements", () => {
    expect(ledgerBalance([{ amount: 1000 }, { amount: -600 }, { amount: -50 }])).toBe(350);
    expect(ledgerBalance([])).toBe(0);
  });

  it("prices slots at the keep-alive and levels at 50", () => {
    expect(CREDITS_PER_UNIT.slotPurchase).toBe(600);
    expect(CREDITS_PER_UNIT.slotKeepAlive).toBe(600);
    expect(CREDITS_PER_UNIT.extraLevel).toBe(50);
  });

  it("names the field of a bad purchase", () => {
    for (const slots of [-1, 0, 1.5, 101, "2"]) {
      const result = InternalPurchaseRequestSchema.safeParse({ idempotencyKey: "abcdefgh", slots });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["slots"]);
    }
    const badKey = InternalPurchaseRequestSchema.safeParse({ idempotencyKey: "a b", slots: 1 });
    expect(badKey.error?.issues[0]?.path).toEqual(["idempotencyKey"]);
  });
});
