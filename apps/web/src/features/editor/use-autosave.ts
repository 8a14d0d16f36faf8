import { TIMEOUTS } from "@atrium/domain/constants";
import { useEffect, useRef } from "react";

/** How long after the last edit auto-save saves a saved space (issue 21 item 9). */
export const AUTOSAVE_DEBOUNCE_MS = 2_000;

export interface AutosaveState {
  enabled: boolean;
  loaded: boolean;
  dirty: boolean;
  /** Changes with every edit (the document): the debounce restarts from it. */
  change?: unknown;
  /** Whether the space exists on the server: quick saves and saves on leaving need one. */
  saved?: boolean;
}

const wanted = (now: AutosaveState) => now.enabled && now.loaded && now.dirty;

/**
 * Auto-save (spec 1 §4, issue 21 item 9) while the scene is loaded, auto-save is on and there
 * are unsaved changes: a saved space is saved a couple of seconds after the last edit and as
 * the page is hidden or closed (the save request is sent with keepalive, so it outlives the
 * tab); every 30 s in any case (a new space is created then). Each save names the revision it
 * was loaded at, so a stale one is refused, never written over newer work.
 */
export function useAutosave(
  state: AutosaveState,
  save: () => Promise<unknown>,
  intervalMs: number = TIMEOUTS.autosaveIntervalMs,
  debounceMs: number = AUTOSAVE_DEBOUNCE_MS,
) {
  const latest = useRef({ state, save });
  latest.current = { state, save };

  useEffect(() => {
    const timer = setInterval(() => {
      const { state: now, save: run } = latest.current;
      if (wanted(now)) void run();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);

  // a few seconds after the last edit: `change` restarts the wait at every edit
  const { enabled, loaded, dirty, change, saved } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each edit (change) restarts the timer
  useEffect(() => {
    if (!(enabled && loaded && dirty && saved)) return;
    const timer = setTimeout(() => {
      const { state: now, save: run } = latest.current;
      if (wanted(now) && now.saved) void run();
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [enabled, loaded, dirty, change, saved, debounceMs]);

  // as the page is hidden (another tab, the phone's home screen) or closed
  useEffect(() => {
    const leaving = () => {
      const { state: now, save: run } = latest.current;
      if (wanted(now) && now.saved) void run();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") leaving();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", leaving);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", leaving);
    };
  }, []);
}
