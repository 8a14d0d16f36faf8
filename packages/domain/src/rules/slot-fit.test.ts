import { describe, expect, it } from "vitest";
import { slotTakesSpace } from "./slot-fit";

describe("slotTakesSpace", () => {
  const own = [
    { kind: "free", districtId: null },
    { kind: "purchased", districtId: null },
    { kind: "plan", districtId: null },
  ] as const;
  const districtA = { kind: "district", districtId: "a" } as const;
  const districtB = { kind: "district", districtId: "b" } as const;

  it("puts a district's space into that district's slots only", () => {
    expect(slotTakesSpace(districtA, "a")).toBe(true);
    expect(slotTakesSpace(districtB, "a")).toBe(false);
    for (const slot of own) expect(slotTakesSpace(slot, "a")).toBe(false);
  });

  it("puts any other space into its creator's own slots, never a district's", () => {
    for (const slot of own) expect(slotTakesSpace(slot, null)).toBe(true);
    expect(slotTakesSpace(districtA, null)).toBe(false);
  });
});
