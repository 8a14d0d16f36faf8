import { PURCHASE_CURRENCY_DEFAULT } from "../constants";
import type { PurchaseAnalyticsItem } from "../entities/payment-products";

// Purchase analytics (spec 2 §3.1 "Purchase analytics item": id, name, category, quantity,
// price; §9.2: the currency defaults to EUR). The web pushes one `purchase` event per completed
// card checkout to window.dataLayer, where a tag manager picks it up.

export interface PurchaseAnalyticsEvent {
  event: "purchase";
  ecommerce: {
    transaction_id: string;
    currency: string;
    value: number;
    items: PurchaseAnalyticsItem[];
  };
}

/** The data layer's `purchase` event for one completed purchase. */
export function purchaseAnalyticsEvent(input: {
  transactionId: string;
  items: PurchaseAnalyticsItem[];
  currency?: string | null | undefined;
}): PurchaseAnalyticsEvent {
  const value = input.items.reduce((sum, item) => sum + item.quantity * item.price, 0);
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: input.transactionId,
      currency: (input.currency || PURCHASE_CURRENCY_DEFAULT).toUpperCase(),
      value: Math.round(value * 100) / 100,
      items: input.items,
    },
  };
}

/** A card checkout of a credit bundle as an analytics item (amounts come in cents). */
export function creditBundleAnalyticsItem(checkout: {
  priceId: string;
  productName: string;
  amount: number;
}): PurchaseAnalyticsItem {
  return {
    id: checkout.priceId,
    name: checkout.productName,
    category: "credits",
    quantity: 1,
    price: checkout.amount / 100,
  };
}
