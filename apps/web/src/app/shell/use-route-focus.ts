import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** How long a new page may take to show its heading (its code or data still loading). */
const HEADING_WAIT_MS = 3000;

/**
 * After a client-side navigation to another path, the new page starts at its top (Back and
 * Forward excepted), and focus goes to its heading (the
 * first h1 in `main`, else `main` itself), so a screen reader announces the page and the next
 * Tab starts from its top, as after a full page load. Not on the first load, not when only the
 * query changes (explore's filters), and never when the person has already moved focus.
 */
export function useRouteFocus(mainId: string) {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // a link at the foot of a long page opened the next one scrolled as far down
    if (navigationType !== "POP") window.scrollTo(0, 0);
    const main = document.getElementById(mainId);
    if (!main) return;
    const focusedBefore = document.activeElement;
    const untouched = () =>
      document.activeElement === focusedBefore ||
      document.activeElement === document.body ||
      !document.activeElement?.isConnected;
    const focusTarget = (target: HTMLElement) => {
      if (!untouched()) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.setAttribute("data-route-focus", "");
      target.focus({ preventScroll: true });
    };
    const heading = () => main.querySelector<HTMLElement>("h1");
    const found = heading();
    if (found) {
      focusTarget(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const later = heading();
      if (!later) return;
      stop();
      focusTarget(later);
    });
    const timer = setTimeout(() => {
      stop();
      focusTarget(main);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId, navigationType]);
}
