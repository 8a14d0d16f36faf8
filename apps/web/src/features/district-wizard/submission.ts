import type { DistrictCart, DistrictWizardState } from "@atrium/domain/rules/district-wizard";
import type { Submission } from "./wizard-session";

// The district wizard's submission, one step at a time in the spec's order (spec 1 §4): the card
// checkouts first (a Pro plan, then a credit package), each confirmed by its push (Subscription,
// Wallet) or the checkout's status; then the district is created; then the cart is settled from
// the wallet. Every step is recorded in the submission, so a return from a checkout page or a
// retry after a failure goes on where it stopped and never pays twice.

export type SubmissionPhase = "paying" | "creating" | "settling";

export interface SubmissionDeps {
  /** Opens a card checkout returning to the wizard; answers its session id and page. */
  openCheckout: (priceId: string) => Promise<{ sessionId: string; url: string }>;
  /**
   * Waits until the checkout is paid (its push, or its status), and for a plan until the
   * account is Pro: true when paid, false when declined or expired.
   */
  waitForPaid: (sessionId: string, kind: "plan" | "bundle") => Promise<boolean>;
  createDistrict: (state: DistrictWizardState) => Promise<{
    districtId: string;
    subdomain: string;
    freeSceneId: string;
  }>;
  settle: (districtId: string, idempotencyKey: string, cart: DistrictCart) => Promise<void>;
  /** Leaves for the checkout page. */
  leave: (url: string) => void;
  /** Records the submission's progress (sessionStorage). */
  save: (submission: Submission) => void;
  onPhase: (phase: SubmissionPhase) => void;
}

export type SubmissionOutcome =
  | { kind: "left" }
  | { kind: "declined" }
  | { kind: "done"; submission: Submission };

/**
 * Runs the submission from where it stands. `returnedFrom` is the checkout session the page came
 * back from (?checkout=), if any: only that checkout is waited for; any other open one is
 * opened anew (its page was left without paying).
 */
export async function runSubmission(
  start: Submission,
  state: DistrictWizardState,
  cart: DistrictCart,
  returnedFrom: string | null,
  deps: SubmissionDeps,
): Promise<SubmissionOutcome> {
  let submission = start;
  const update = (patch: Partial<Submission>) => {
    submission = { ...submission, ...patch };
    deps.save(submission);
  };
  for (const [index, checkout] of submission.checkouts.entries()) {
    if (checkout.paid) continue;
    if (checkout.sessionId && checkout.sessionId === returnedFrom) {
      deps.onPhase("paying");
      const paid = await deps.waitForPaid(checkout.sessionId, checkout.kind);
      if (!paid) return { kind: "declined" };
      update({
        checkouts: submission.checkouts.map((entry, at) =>
          at === index ? { ...entry, paid: true } : entry,
        ),
      });
      continue;
    }
    const opened = await deps.openCheckout(checkout.priceId);
    update({
      checkouts: submission.checkouts.map((entry, at) =>
        at === index ? { ...entry, sessionId: opened.sessionId } : entry,
      ),
    });
    deps.leave(opened.url);
    return { kind: "left" };
  }
  if (!submission.districtId) {
    deps.onPhase("creating");
    const created = await deps.createDistrict(state);
    update({
      districtId: created.districtId,
      subdomain: created.subdomain,
      freeSceneId: created.freeSceneId,
    });
  }
  if (submission.settle && !submission.settled && submission.districtId) {
    deps.onPhase("settling");
    await deps.settle(submission.districtId, submission.idempotencyKey, cart);
    update({ settled: true });
  }
  return { kind: "done", submission };
}
