import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ROUTES } from "../../app/paths";

/**
 * Leaving with unsaved changes asks first: the browser's prompt for reloads and closing the
 * tab, the router's blocker for links. Moving within the editor (/curate -> /curate/{id}
 * after the first save) never asks.
 */
export function useLeavePrompt(dirty: boolean) {
  const blocker = useBlocker(
    ({ nextLocation }) => dirty && !nextLocation.pathname.startsWith(ROUTES.EDITOR),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return blocker;
}
