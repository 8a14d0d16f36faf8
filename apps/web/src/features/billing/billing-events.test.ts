import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { subscriptionQueryKey } from "../../api/subscriptions";
import { type Me, meQueryKey } from "../auth/use-me";
import { applyBillingEvent } from "./billing-events";

const me = { userId: "u1", name: "Ada", plan: "free", role: "free-user", planLabel: "FREE" } as Me;
const activated = {
  v: 1,
  type: "subscription.activated",
  plan: "pro",
  role: "premium-user",
  planLabel: "PRO",
  subscription: null,
};

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, me);
  queryClient.setQueryData(subscriptionQueryKey, { plan: "free" });
  queryClient.setQueryData(["wallet", "balance"], { availableBalance: 0 });
  return queryClient;
}

describe("applyBillingEvent", () => {
  it("a Subscription push changes the account's plan and label at once, and rereads the panel", () => {
    const queryClient = client();
    expect(applyBillingEvent(queryClient, "Subscription", activated)).toBe(true);
    expect(queryClient.getQueryData<Me>(meQueryKey)).toMatchObject({
      userId: "u1",
      plan: "pro",
      role: "premium-user",
      planLabel: "PRO",
    });
    expect(queryClient.getQueryState(subscriptionQueryKey)?.isInvalidated).toBe(true);
  });

  it("drops a payload of another version or shape, and changes nothing", () => {
    const queryClient = client();
    for (const payload of [
      { ...activated, v: 2 },
      { ...activated, planLabel: "GOLD" },
      { ...activated, plan: undefined },
      "PRO",
      null,
    ]) {
      expect(applyBillingEvent(queryClient, "Subscription", payload)).toBe(false);
    }
    expect(queryClient.getQueryData<Me>(meQueryKey)?.planLabel).toBe("FREE");
    expect(queryClient.getQueryState(subscriptionQueryKey)?.isInvalidated).toBe(false);
  });

  it("a Wallet push rereads the wallet; a bad one is dropped", () => {
    const queryClient = client();
    expect(applyBillingEvent(queryClient, "Wallet", { v: 1, type: "wallet.updated" })).toBe(false);
    expect(queryClient.getQueryState(["wallet", "balance"])?.isInvalidated).toBe(false);
    const good = {
      v: 1,
      type: "wallet.updated",
      availableBalance: 600,
      checkoutSessionId: "cs_1",
    };
    expect(applyBillingEvent(queryClient, "Wallet", good)).toBe(true);
    expect(queryClient.getQueryState(["wallet", "balance"])?.isInvalidated).toBe(true);
  });
});
