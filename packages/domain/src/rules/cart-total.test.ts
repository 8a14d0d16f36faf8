import { describe, expect, it } from "vitest";
import { cartTotal, creditsMissing } from "./cart-total";

describe("cart total: the sum of quantity x priceCoin", () => {
  it("an empty cart costs 0", () => {
    expect(cartTotal({ slots: [], spaceTemplates: [] })).toBe(0);
  });
  it("sums slots by quantity and templates once each (templates have quantity 1)", () => {
    const cart = {
      slots: [
        { districtItemId: "slot", quantity: 3, priceCoin: 600, districtId: null },
        { districtItemId: "slot-b", quantity: 1, priceCoin: 50, districtId: "d1" },
      ],
      spaceTemplates: [
        {
          spaceTemplateId: "t1",
          districtItemId: "i1",
          priceCoin: 1200,
          quantity: 1 as const,
          districtId: null,
        },
        {
          spaceTemplateId: "t2",
          districtItemId: "i2",
          priceCoin: 300,
          quantity: 1 as const,
          districtId: null,
        },
      ],
    };
    expect(cartTotal(cart)).toBe(3 * 600 + 50 + 1200 + 300);
  });
});

describe("credits missing: total minus balance, or 0", () => {
  it("total above balance: the difference", () => {
    expect(creditsMissing(1800, 500)).toBe(1300);
  });
  it("balance covers the total: 0", () => {
    expect(creditsMissing(600, 600)).toBe(0);
    expect(creditsMissing(600, 5000)).toBe(0);
  });
});
