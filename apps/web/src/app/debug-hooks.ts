/**
 * Test handles on the page (the editor's engine, the viewer's state) exist only when the page
 * was asked for them before loading: the localStorage key `atrium.debugHooks` set to "1"
 * (the journeys and benches set it with an init script). Every other visitor gets no global
 * handle to the renderer.
 */
export const DEBUG_HOOKS_KEY = "atrium.debugHooks";

export function debugHooksEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem(DEBUG_HOOKS_KEY) === "1";
  } catch {
    // storage blocked (privacy settings): no hook
    return false;
  }
}
