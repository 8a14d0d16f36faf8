import { messages } from "@atrium/domain/messages";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/client";
import { showToast } from "../toast/toast";

/**
 * The drafts-limit check a new space runs first (spec 1 §2: EDITOR). On failure the user goes
 * home and is told 'Draft limit reached'.
 */
export function useDraftLimitGate(): "checking" | "allowed" | "refused" {
  const navigate = useNavigate();
  const [state, setState] = useState<"checking" | "allowed" | "refused">("checking");
  useEffect(() => {
    let cancelled = false;
    api("/api/sceneService/scene/metadata/draftsLimit", { quiet: true }).then(
      () => !cancelled && setState("allowed"),
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) {
          // the scene service is not deployed yet: nothing to count against
          setState("allowed");
          return;
        }
        setState("refused");
        showToast({ color: "red", message: messages.editor.draftLimitReached, autoClose: 5000 });
        void navigate("/", { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return state;
}
