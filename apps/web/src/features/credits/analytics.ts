import {
  type CheckoutSessionStatus,
  creditBundleAnalyticsItem,
  purchaseAnalyticsEvent,
} from "@atrium/domain";

// Purchase analytics (spec 2 §3.1, §9.2): one `purchase` event per completed card checkout,
// pushed to window.dataLayer (a tag manager's queue) with the spec's items. A reload of the page
// that shows the completed checkout does not count the purchase again.

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const TRACKED_KEY = "atrium:purchases-tracked";

function tracked(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(TRACKED_KEY) ?? "[]") as string[];
  } catch {
    return [];
  }
}

/** Pushes the checkout's purchase to the data layer once; answers whether it did now. */
export function trackPurchase(checkout: CheckoutSessionStatus): boolean {
  if (checkout.status !== "complete") return false;
  const done = tracked();
  if (done.includes(checkout.sessionId)) return false;
  window.dataLayer ??= [];
  window.dataLayer.push(
    purchaseAnalyticsEvent({
      transactionId: checkout.sessionId,
      currency: checkout.currency,
      items: [creditBundleAnalyticsItem(checkout)],
    }),
  );
  try {
    sessionStorage.setItem(TRACKED_KEY, JSON.stringify([...done, checkout.sessionId].slice(-50)));
  } catch {
    // storage full or off: the purchase may be counted again on a reload, never lost
  }
  return true;
}
