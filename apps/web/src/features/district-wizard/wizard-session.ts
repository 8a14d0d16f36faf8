import type { DistrictWizardState } from "@atrium/domain/rules/district-wizard";

// The wizard's choices and its submission in progress, kept in the tab's sessionStorage: a card
// checkout leaves the page (the sandbox's page or the provider's) and comes back to the wizard
// with ?checkout={sessionId}, where the submission goes on from where it was.

export interface PendingCheckout {
  kind: "plan" | "bundle";
  priceId: string;
  sessionId: string | null;
  paid: boolean;
}

export interface Submission {
  /** The cart's idempotency key: a retried settlement charges nothing. */
  idempotencyKey: string;
  /** The cart the key was made for. */
  cartSignature?: string;
  checkouts: PendingCheckout[];
  settle: boolean;
  /** Set once the district exists (edit mode: from the start). */
  districtId: string | null;
  subdomain: string | null;
  freeSceneId: string | null;
  settled: boolean;
}

export interface WizardSession {
  /** The district being added to (edit mode), or null when creating. */
  districtId: string | null;
  state: DistrictWizardState;
  step: number;
  planPriceId: string | null;
  bundlePriceId: string | null;
  submission: Submission | null;
}

const KEY = "atrium:district-wizard";

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The session saved for this wizard (the same district, or creation), if any. */
export function loadWizardSession(districtId: string | null): WizardSession | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as WizardSession;
    if (session.districtId !== districtId || typeof session.state !== "object") return null;
    return session;
  } catch {
    return null;
  }
}

export function saveWizardSession(session: WizardSession) {
  storage()?.setItem(KEY, JSON.stringify(session));
}

export function clearWizardSession() {
  storage()?.removeItem(KEY);
}
