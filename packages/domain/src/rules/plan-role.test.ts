import { describe, expect, it } from "vitest";
import {
  canOwnDistrict,
  planForRole,
  planRoleLabel,
  resolveAccountPlan,
  resolvePlanRole,
  roleForPlan,
} from "./plan-role";

describe("plan role resolution: the highest wins (premium, then pro, else free)", () => {
  it("premium-user wins over pro-user and free-user", () => {
    expect(resolvePlanRole(["free-user", "pro-user", "premium-user"])).toBe("premium-user");
  });
  it("pro-user wins over free-user", () => {
    expect(resolvePlanRole(["free-user", "pro-user"])).toBe("pro-user");
  });
  it("no plan role, or only unrelated roles, is free-user", () => {
    expect(resolvePlanRole([])).toBe("free-user");
    expect(resolvePlanRole(["offline_access", "uma_authorization"])).toBe("free-user");
  });
});

describe("labels: pro-user is labelled STANDARD, premium-user is labelled PRO", () => {
  it("labels each role", () => {
    expect(planRoleLabel("free-user")).toBe("FREE");
    expect(planRoleLabel("pro-user")).toBe("STANDARD");
    expect(planRoleLabel("premium-user")).toBe("PRO");
  });
});

describe("plan <-> role mapping", () => {
  it("maps both ways", () => {
    expect(planForRole("pro-user")).toBe("standard");
    expect(planForRole("premium-user")).toBe("pro");
    expect(roleForPlan("free")).toBe("free-user");
    expect(roleForPlan("standard")).toBe("pro-user");
    expect(roleForPlan("pro")).toBe("premium-user");
    expect(resolveAccountPlan(["pro-user"])).toBe("standard");
  });
  it("Pro is needed to create or upgrade a District", () => {
    expect(canOwnDistrict("pro")).toBe(true);
    expect(canOwnDistrict("standard")).toBe(false);
    expect(canOwnDistrict("free")).toBe(false);
  });
});
