import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";

/**
 * `startNewSpace()` for every 'Create space' button: the editor route's draft-limit check
 * (spec 1 §2 EDITOR), then the editor; on 403 home with the 'Draft limit reached' dialog. The
 * check's code loads on the first press, keeping it out of every page's first load.
 */
export function useStartNewSpace() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const startNewSpace = useCallback(async () => {
    setChecking(true);
    try {
      const check = await import("./check");
      await check.startNewSpace(navigate, queryClient);
    } finally {
      setChecking(false);
    }
  }, [navigate, queryClient]);
  return { startNewSpace, checking };
}
