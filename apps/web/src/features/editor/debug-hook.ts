import { debugHooksEnabled } from "../../app/debug-hooks";

/**
 * The editor's engine and 3D view handles for the journeys and benchmarks
 * (`window.__atriumEditorEngine`, `window.__atriumEditorView`).
 * They exist only when the page asked for test handles (app/debug-hooks.ts).
 */

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
