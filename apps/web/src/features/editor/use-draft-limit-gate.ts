import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { runDraftLimitCheck } from "../draft-limit";

/**
 * The drafts-limit check a new space runs first (spec 1 §2: EDITOR), also for direct visits to
 * /curate: on failure the user goes home and sees 'Draft limit reached' (the spaces feature's
 * check and dialog).
 */
export function useDraftLimitGate(): "checking" | "allowed" | "refused" {
  const navigate = useNavigate();
  const [state, setState] = useState<"checking" | "allowed" | "refused">("checking");
  useEffect(() => {
    let cancelled = false;
    void runDraftLimitCheck(navigate).then((allowed) => {
      if (!cancelled) setState(allowed ? "allowed" : "refused");
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return state;
}
