declare global {
  interface Window {
    /** Set by the prerendered page's boot script (scripts/prerender.mjs). */
    __atriumEarlyClick?: () => HTMLButtonElement | null;
  }
}

/**
 * The button tapped on a prerendered page before the app ran (its boot script kept the last
 * one), and stops keeping them: once hydration starts, React answers clicks itself. Pressed
 * again once the app is ready, so a menu opened early still opens.
 */
export function takeEarlyClick(): HTMLButtonElement | null {
  const take = window.__atriumEarlyClick;
  window.__atriumEarlyClick = undefined;
  return take?.() ?? null;
}
