import { DRAFT_LIMITS } from "../constants";
import type { AccountPlan } from "./plan-role";

/** Drafts a plan may hold: Free 2, Standard 5, Pro unlimited (null). */
export function draftLimit(plan: AccountPlan): number | null {
  return DRAFT_LIMITS[plan];
}

/** The editor's draft-limit check: a new draft fits while the count is under the limit. */
export function canCreateDraft(plan: AccountPlan, draftCount: number): boolean {
  const limit = draftLimit(plan);
  return limit === null || draftCount < limit;
}
