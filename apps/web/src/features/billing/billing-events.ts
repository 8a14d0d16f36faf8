import { SubscriptionHubEventSchema, WalletHubEventSchema } from "@atrium/domain/subscriptions";
import type { QueryClient } from "@tanstack/react-query";
import { subscriptionQueryKey } from "../../api/subscriptions";
import { type Me, meQueryKey } from "../auth/use-me";

/**
 * Applies one notificationhub Subscription or Wallet push to the cached queries: a new plan goes
 * straight into the signed-in account (the header's label), the subscription and the wallet are
 * read again. A payload that does not match the domain's versioned schema is dropped; answers
 * whether the event was applied.
 */
export function applyBillingEvent(
  queryClient: QueryClient,
  name: "Subscription" | "Wallet",
  payload: unknown,
): boolean {
  if (name === "Subscription") {
    const parsed = SubscriptionHubEventSchema.safeParse(payload);
    if (!parsed.success) return false;
    const { plan, role, planLabel } = parsed.data;
    queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
      me ? { ...me, plan, role, planLabel } : me,
    );
    void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    return true;
  }
  if (!WalletHubEventSchema.safeParse(payload).success) return false;
  void queryClient.invalidateQueries({ queryKey: ["wallet"] });
  return true;
}
