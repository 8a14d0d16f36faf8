import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { acquireNotificationHub } from "../live/notification-hub";
import { applyBillingEvent } from "./billing-events";

/**
 * The notificationhub's Subscription and Wallet pushes (spec 2 §7.7) for this tab: a plan that
 * changes (subscription.activated renews the account's role) shows in the header at once,
 * without signing in again; a wallet that changes is read again. Loaded on its own, after the
 * first paint, for signed-in people only.
 */
export default function BillingLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const hub = acquireNotificationHub();
    const onSubscription = (payload: unknown) =>
      applyBillingEvent(queryClient, "Subscription", payload);
    const onWallet = (payload: unknown) => applyBillingEvent(queryClient, "Wallet", payload);
    hub.socket.on("Subscription", onSubscription);
    hub.socket.on("Wallet", onWallet);
    return () => {
      hub.socket.off("Subscription", onSubscription);
      hub.socket.off("Wallet", onWallet);
      hub.release();
    };
  }, [queryClient]);
  return null;
}
