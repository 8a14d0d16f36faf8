import { describe, expect, it } from "vitest";
import { creditBundleAnalyticsItem, purchaseAnalyticsEvent } from "./purchase-analytics";

describe("purchase analytics (spec 2 §3.1, §9.2)", () => {
  it("makes a purchase event of items with id, name, category, quantity and price, in EUR by default", () => {
    const item = creditBundleAnalyticsItem({
      priceId: "credits-1800",
      productName: "1,800 credits",
      amount: 17000,
    });
    expect(item).toEqual({
      id: "credits-1800",
      name: "1,800 credits",
      category: "credits",
      quantity: 1,
      price: 170,
    });
    expect(
      purchaseAnalyticsEvent({ transactionId: "cs_1", items: [item, { ...item, quantity: 2 }] }),
    ).toEqual({
      event: "purchase",
      ecommerce: {
        transaction_id: "cs_1",
        currency: "EUR",
        value: 510,
        items: [item, { ...item, quantity: 2 }],
      },
    });
  });

  it("keeps a given currency, upper-cased", () => {
    const event = purchaseAnalyticsEvent({ transactionId: "cs_2", items: [], currency: "usd" });
    expect(event.ecommerce.currency).toBe("USD");
    expect(event.ecommerce.value).toBe(0);
  });
});
