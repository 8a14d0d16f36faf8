import { describe, expect, it } from "vitest";
import {
  accountPlanOf,
  describeSubscription,
  highestPlan,
  isCanceledOf,
  PLAN_RENEWAL_GRACE_MS,
  planEntitlements,
  planInForce,
  type StoredSubscription,
  SubscriptionHubEventSchema,
  subscriptionGrantsPlan,
} from "./subscriptions";

const now = new Date("2026-06-15T12:00:00Z");
const nextMonth = new Date("2026-07-15T12:00:00Z");
const lastMonth = new Date("2026-05-15T12:00:00Z");

const sub = (changes: Partial<StoredSubscription> = {}): StoredSubscription => ({
  plan: "pro",
  providerStatus: "active",
  isCanceled: 0,
  endsAt: nextMonth,
  canceledAt: null,
  ...changes,
});

describe("the account's plan follows its subscriptions", () => {
  it("the highest plan wins (premium, then pro, else free)", () => {
    expect(highestPlan([])).toBe("free");
    expect(highestPlan(["standard", "free"])).toBe("standard");
    expect(highestPlan(["standard", "pro", "free"])).toBe("pro");
  });

  it("an active subscription gives its plan until its end plus the grace", () => {
    expect(accountPlanOf("free", [sub()], now)).toEqual({
      plan: "pro",
      endsAt: new Date(nextMonth.getTime() + PLAN_RENEWAL_GRACE_MS),
    });
    expect(accountPlanOf("free", [sub({ plan: "standard" }), sub()], now).plan).toBe("pro");
  });

  it("canceled (isCanceled 2), ended or unpaid subscriptions give nothing", () => {
    expect(accountPlanOf("free", [sub({ isCanceled: 2 })], now).plan).toBe("free");
    expect(accountPlanOf("free", [sub({ endsAt: lastMonth })], now).plan).toBe("free");
    expect(accountPlanOf("free", [sub({ canceledAt: lastMonth })], now).plan).toBe("free");
    expect(accountPlanOf("free", [sub({ providerStatus: "incomplete" })], now).plan).toBe("free");
    expect(accountPlanOf("free", [sub({ providerStatus: "canceled" })], now).plan).toBe("free");
  });

  it("a scheduled cancellation keeps the plan until the end of the period", () => {
    const scheduled = sub({ isCanceled: 1, canceledAt: nextMonth });
    expect(subscriptionGrantsPlan(scheduled, now)).toBe(true);
    expect(accountPlanOf("free", [scheduled], now).plan).toBe("pro");
  });

  it("a granted plan is the floor; a higher subscription still wins", () => {
    expect(accountPlanOf("standard", [], now)).toEqual({ plan: "standard", endsAt: null });
    expect(accountPlanOf("pro", [sub({ plan: "standard" })], now)).toEqual({
      plan: "pro",
      endsAt: null,
    });
    expect(accountPlanOf("standard", [sub()], now).plan).toBe("pro");
  });

  it("past its end, the stored plan falls back to the granted one", () => {
    const account = { plan: "pro" as const, grantedPlan: "standard" as const };
    expect(planInForce({ ...account, planEndsAt: nextMonth }, now)).toBe("pro");
    expect(planInForce({ ...account, planEndsAt: null }, now)).toBe("pro");
    expect(planInForce({ ...account, planEndsAt: lastMonth }, now)).toBe("standard");
  });
});

describe("isCanceled of a provider's subscription", () => {
  it("0 renewing, 1 cancellation scheduled, 2 ended", () => {
    expect(isCanceledOf({ providerStatus: "active", cancelAtPeriodEnd: false })).toBe(0);
    expect(isCanceledOf({ providerStatus: "active", cancelAtPeriodEnd: true })).toBe(1);
    expect(isCanceledOf({ providerStatus: "canceled", cancelAtPeriodEnd: true })).toBe(2);
    expect(isCanceledOf({ providerStatus: "incomplete_expired", cancelAtPeriodEnd: false })).toBe(
      2,
    );
  });
});

describe("the panel's view", () => {
  it("applies the spec's status and renewal rules", () => {
    const price = { interval: "monthly" as const, amount: 4900, currency: "EUR" };
    const view = (changes: Partial<StoredSubscription>) =>
      describeSubscription(
        { ...sub(changes), subscriptionId: "sub_1", priceId: "plan-pro-month" },
        price,
        now,
      );
    expect(view({})).toMatchObject({ status: "active", autoRenewal: true, isCanceled: 0 });
    expect(view({ isCanceled: 1, canceledAt: nextMonth })).toMatchObject({
      status: "active",
      autoRenewal: false,
    });
    expect(view({ isCanceled: 2 })).toMatchObject({ status: "canceled", autoRenewal: false });
    expect(view({ endsAt: lastMonth })).toMatchObject({ status: "expired", autoRenewal: true });
  });

  it("plans' contents: Free 2 drafts and a one-month slot, Standard 5 and privacy, Pro all", () => {
    expect(planEntitlements("free")).toMatchObject({
      drafts: 2,
      includedSlots: 1,
      includedSlotMonths: 1,
      privacy: false,
      customCommunication: false,
      districts: false,
    });
    expect(planEntitlements("standard")).toMatchObject({
      drafts: 5,
      privacy: true,
      customCommunication: true,
      districts: false,
    });
    expect(planEntitlements("pro")).toMatchObject({
      drafts: null,
      includedSlots: 4,
      includedSlotMonths: null,
      freePremadeSpaces: 1,
      districts: true,
    });
  });

  it("the hub's Subscription payload is versioned", () => {
    const event = {
      v: 1,
      type: "subscription.activated",
      plan: "pro",
      role: "premium-user",
      planLabel: "PRO",
      subscription: null,
    };
    expect(SubscriptionHubEventSchema.parse(event)).toEqual(event);
    expect(SubscriptionHubEventSchema.safeParse({ ...event, v: 2 }).success).toBe(false);
  });
});
