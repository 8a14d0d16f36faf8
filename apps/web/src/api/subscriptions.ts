import type {
  CardDetails,
  CheckoutSession,
  SubscriptionOverview,
  SubscriptionUpdatePreview,
} from "@atrium/domain";
import { api } from "./client";

// The subscription panel's calls (spec 2 §7.4 marketplaceService, issue 17 item 4).

const BASE = "/api/marketplaceService";

export const subscriptionQueryKey = ["subscription"] as const;

/** Where a plan checkout comes back to: the account's subscription panel. */
export const SUBSCRIPTION_RETURN_PATH = "/settings?tab=subscription";

export const fetchSubscription = (signal?: AbortSignal) =>
  api<SubscriptionOverview>(`${BASE}/externaltransaction/usersubscription`, { signal });
export const fetchLastCard = (signal?: AbortSignal) =>
  api<{ card: CardDetails | null }>(`${BASE}/externaltransaction/getuserslastcarddetails`, {
    signal,
  });
export const startPlanCheckout = (priceId: string) =>
  api<CheckoutSession>(`${BASE}/stripe/create-checkout-session`, {
    method: "POST",
    body: { priceId, returnPath: SUBSCRIPTION_RETURN_PATH },
    quiet: true,
  });
export const cancelSubscription = (subscriptionId: string) =>
  api<SubscriptionOverview>(`${BASE}/stripe/cancel/subscription`, {
    method: "POST",
    body: { subscriptionId },
    quiet: true,
  });
export const resumeSubscription = (subscriptionId: string) =>
  api<SubscriptionOverview>(`${BASE}/stripe/removecancelationsubscription`, {
    method: "POST",
    body: { subscriptionId },
    quiet: true,
  });
export const previewSubscriptionUpdate = (subscriptionId: string, priceId: string) =>
  api<SubscriptionUpdatePreview>(`${BASE}/stripe/previewsubscriptionupdate`, {
    method: "POST",
    body: { subscriptionId, priceId },
    quiet: true,
  });
export const updateSubscription = (
  subscriptionId: string,
  priceId: string,
  prorationDate: string,
) =>
  api<SubscriptionOverview>(`${BASE}/stripe/updatesubscription`, {
    method: "POST",
    body: { subscriptionId, priceId, prorationDate },
    quiet: true,
  });
export const updatePaymentMethod = (subscriptionId: string) =>
  api<CheckoutSession>(`${BASE}/stripe/updatepaymentmethod/subscription`, {
    method: "POST",
    body: { subscriptionId, returnPath: SUBSCRIPTION_RETURN_PATH },
    quiet: true,
  });

/** Goes to a checkout page: the sandbox's own (a route of this app) or the provider's. */
export function openCheckoutPage(url: string, navigate: (path: string) => void) {
  if (/^https?:\/\//.test(url)) location.assign(url);
  else navigate(url);
}
