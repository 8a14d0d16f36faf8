import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while a prerendered page hydrates, true once the page's script runs:
 * controls that need JavaScript render disabled until then, and the markup still matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
