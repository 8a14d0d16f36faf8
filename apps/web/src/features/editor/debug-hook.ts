/**
 * The editor's engine and 3D view handles for the journeys and benchmarks
 * (`window.__atriumEditorEngine`, `window.__atriumEditorView`).
 * It exists only when the page was asked for it before loading: the localStorage key
 * `atrium.debugHooks` set to "1" (e2e/fixtures sets it with an init script, as the benches do).
 * Every other visitor gets no global handle to the renderer.
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

type HookWindow = { __atriumEditorEngine?: unknown; __atriumEditorView?: unknown };

/** Exposes the engine and the view when asked for; returns the cleanup that removes them again. */
export function exposeEditorEngine(engine: unknown, view?: unknown): () => void {
  if (!debugHooksEnabled()) return () => {};
  const target = globalThis as HookWindow;
  target.__atriumEditorEngine = engine;
  target.__atriumEditorView = view;
  return () => {
    if (target.__atriumEditorEngine !== engine) return;
    delete target.__atriumEditorEngine;
    delete target.__atriumEditorView;
  };
}
