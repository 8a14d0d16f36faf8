import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { ROUTES } from "../../app/paths";
import { signUpPath } from "../auth/return-to";
import { fetchMe, meQueryKey } from "../auth/use-me";

/**
 * `startNewSpace()` for every 'Create space' button: check first, then open the editor. The
 * check's code (the API call, the messages, the toast) loads on the first click, keeping it off
 * the home page's first load (bench/benches/home-js.ts).
 */
export function useStartNewSpace() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const startNewSpace = useCallback(async () => {
    const me = await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe });
    if (!me) {
      await navigate(signUpPath(ROUTES.EDITOR));
      return;
    }
    setChecking(true);
    try {
      const { runDraftLimitCheck } = await import("./check");
      if (await runDraftLimitCheck(navigate)) await navigate(ROUTES.EDITOR);
    } finally {
      setChecking(false);
    }
  }, [navigate, queryClient]);
  return { startNewSpace, checking };
}
