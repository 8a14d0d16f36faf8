import { SubscriptionHubEventSchema, WalletHubEventSchema } from "@atrium/domain/subscriptions";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscriptionQueryKey } from "../../api/subscriptions";
import { type Me, meQueryKey } from "../auth/use-me";
import { connectHub } from "../live/hub-connection";

/**
 * The notificationhub's Subscription and Wallet pushes (spec 2 §7.7) for this tab: a plan that
 * changes (subscription.activated renews the account's role) shows in the header at once,
 * without signing in again; a wallet that changes is read again. Every payload is checked
 * against the domain's versioned schema; one that does not match is dropped. Loaded on its own,
 * after the first paint, for signed-in people only.
 */
export default function BillingLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectHub({ hub: "notificationhub", onState: () => {} });
    socket.on("Subscription", (payload: unknown) => {
      const parsed = SubscriptionHubEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const { plan, role, planLabel } = parsed.data;
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me ? { ...me, plan, role, planLabel } : me,
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    });
    socket.on("Wallet", (payload: unknown) => {
      if (WalletHubEventSchema.safeParse(payload).success) {
        void queryClient.invalidateQueries({ queryKey: ["wallet"] });
      }
    });
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
  return null;
}
