import { TIMEOUTS } from "@atrium/domain/constants";
import { useEffect, useRef } from "react";

/**
 * Auto-save (spec 1 §4): every 30 s while the scene is loaded, auto-save is on and there are
 * unsaved changes. The check reads the latest state through a ref, so the timer never restarts.
 */
export function useAutosave(
  state: { enabled: boolean; loaded: boolean; dirty: boolean },
  save: () => Promise<unknown>,
  intervalMs: number = TIMEOUTS.autosaveIntervalMs,
) {
  const latest = useRef({ state, save });
  latest.current = { state, save };
  useEffect(() => {
    const timer = setInterval(() => {
      const { state: now, save: run } = latest.current;
      if (now.enabled && now.loaded && now.dirty) void run();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
