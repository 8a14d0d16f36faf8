import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectHub } from "../live/hub-connection";
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
    const socket = connectHub({ hub: "notificationhub", onState: () => {} });
    socket.on("Subscription", (payload: unknown) => {
      applyBillingEvent(queryClient, "Subscription", payload);
    });
    socket.on("Wallet", (payload: unknown) => {
      applyBillingEvent(queryClient, "Wallet", payload);
    });
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
  return null;
}
