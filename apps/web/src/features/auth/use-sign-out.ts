import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { signOut } from "../../api/accounts";
import { ROUTES } from "../../app/paths";
import { markSessionEnding } from "./session-ending";
import { meQueryKey } from "./use-me";
import { skipSessionHandoff } from "./use-session-handoff";

/** Log out: the server ends the session, the cached account data goes, and we go home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    markSessionEnding();
    try {
      await signOut();
    } finally {
      await navigate(ROUTES.HOME);
      // on a district subdomain, the missing account must not send the tab to the platform
      skipSessionHandoff();
      // nothing of the signed-in account stays in memory after log-out
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    }
  };
}
