import { type MySubscription, SUBSCRIPTION_CANCELED } from "../entities/my-subscription";

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

type SubscriptionLike = Pick<MySubscription, "isCanceled"> &
  Partial<Pick<MySubscription, "priceId" | "endsAt" | "canceledAt">>;

function isPast(timestamp: string | null | undefined, now: Date): boolean {
  if (timestamp === null || timestamp === undefined) return false;
  const time = Date.parse(timestamp);
  return Number.isFinite(time) && time < now.getTime();
}

/**
 * Spec 1 §4, in its order: no plan means active; isCanceled equal to 2 means canceled; a
 * canceled or ended date in the past means expired; otherwise active.
 */
export function subscriptionStatus(
  subscription: SubscriptionLike | null | undefined,
  now: Date,
): SubscriptionStatus {
  if (subscription === null || subscription === undefined) return "active";
  if (subscription.isCanceled === SUBSCRIPTION_CANCELED) return "canceled";
  if (isPast(subscription.canceledAt, now) || isPast(subscription.endsAt, now)) return "expired";
  return "active";
}

/** Auto-renewal is on when isCanceled is empty or 0. */
export function isAutoRenewalOn(subscription: Pick<SubscriptionLike, "isCanceled">): boolean {
  return (
    subscription.isCanceled === null ||
    subscription.isCanceled === undefined ||
    subscription.isCanceled === 0
  );
}
