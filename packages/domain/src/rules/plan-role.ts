import { planMessages } from "../messages/plans";

// Account plans and the token roles that carry them (spec 1 §6): free-user is Free, pro-user is
// the Standard plan (labelled STANDARD) and premium-user is the Pro plan (labelled PRO). The
// names disagree on purpose in the original product; only this file translates between them.

export const PLAN_ROLES = ["free-user", "pro-user", "premium-user"] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];

export const ACCOUNT_PLANS = ["free", "standard", "pro"] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

const PLAN_BY_ROLE: Record<PlanRole, AccountPlan> = {
  "free-user": "free",
  "pro-user": "standard",
  "premium-user": "pro",
};

const ROLE_BY_PLAN: Record<AccountPlan, PlanRole> = {
  free: "free-user",
  standard: "pro-user",
  pro: "premium-user",
};

/** The highest plan role among the token's roles wins: premium, then pro, else free. */
export function resolvePlanRole(roles: readonly string[]): PlanRole {
  if (roles.includes("premium-user")) return "premium-user";
  if (roles.includes("pro-user")) return "pro-user";
  return "free-user";
}

export function planForRole(role: PlanRole): AccountPlan {
  return PLAN_BY_ROLE[role];
}

export function roleForPlan(plan: AccountPlan): PlanRole {
  return ROLE_BY_PLAN[plan];
}

/** The account's plan from the token's roles. */
export function resolveAccountPlan(roles: readonly string[]): AccountPlan {
  return planForRole(resolvePlanRole(roles));
}

/** The badge label: FREE, STANDARD or PRO. */
export function planRoleLabel(role: PlanRole): string {
  return planMessages.roleLabels[planForRole(role)];
}

/** Pro is needed to create or upgrade a District. */
export function canOwnDistrict(plan: AccountPlan): boolean {
  return plan === "pro";
}
