import { describe, expect, it } from "vitest";
import { isAutoRenewalOn, subscriptionStatus } from "./subscription-status";

const now = new Date("2025-06-15T12:00:00Z");
const yesterday = "2025-06-14T12:00:00Z";
const tomorrow = "2025-06-16T12:00:00Z";

describe("subscription status", () => {
  it("no plan means active", () => {
    expect(subscriptionStatus(null, now)).toBe("active");
    expect(subscriptionStatus(undefined, now)).toBe("active");
  });
  it("isCanceled equal to 2 means canceled, even with dates in the past", () => {
    expect(subscriptionStatus({ isCanceled: 2, endsAt: yesterday, canceledAt: null }, now)).toBe(
      "canceled",
    );
  });
  it("a canceled date in the past means expired", () => {
    expect(subscriptionStatus({ isCanceled: 1, canceledAt: yesterday, endsAt: null }, now)).toBe(
      "expired",
    );
  });
  it("an ended date in the past means expired", () => {
    expect(subscriptionStatus({ isCanceled: 0, endsAt: yesterday, canceledAt: null }, now)).toBe(
      "expired",
    );
  });
  it("otherwise active: future dates, or none", () => {
    expect(subscriptionStatus({ isCanceled: 1, endsAt: tomorrow, canceledAt: tomorrow }, now)).toBe(
      "active",
    );
    expect(subscriptionStatus({ isCanceled: null, endsAt: null, canceledAt: null }, now)).toBe(
      "active",
    );
  });
  it("takes now as a parameter: the same subscription expires once now passes its end", () => {
    const subscription = { isCanceled: 0, endsAt: tomorrow, canceledAt: null };
    expect(subscriptionStatus(subscription, now)).toBe("active");
    expect(subscriptionStatus(subscription, new Date("2025-06-17T00:00:00Z"))).toBe("expired");
  });
});

describe("auto-renewal is on when isCanceled is empty or 0", () => {
  it("empty or 0: on", () => {
    expect(isAutoRenewalOn({ isCanceled: null })).toBe(true);
    expect(isAutoRenewalOn({ isCanceled: 0 })).toBe(true);
  });
  it("1 or 2: off", () => {
    expect(isAutoRenewalOn({ isCanceled: 1 })).toBe(false);
    expect(isAutoRenewalOn({ isCanceled: 2 })).toBe(false);
  });
});
