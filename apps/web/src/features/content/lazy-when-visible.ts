import { type ComponentType, lazy } from "react";

/**
 * A lazily loaded component whose code is fetched only when the element with `anchorId` comes
 * near the viewport (or is pointed at or focused). On a prerendered page, React keeps the
 * server's HTML for that part, readable and styled, and hydrates it when the code arrives:
 * the home page's contact form costs nothing until someone scrolls towards it. Without the
 * anchor in the page (client-side navigation, the build's renderer) it loads at once.
 */
export function lazyWhenVisible<Props extends object>(
  anchorId: string,
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => whenNear(anchorId).then(load));
}

function whenNear(anchorId: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") {
    return Promise.resolve();
  }
  const anchor = document.getElementById(anchorId);
  if (!anchor) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      anchor.removeEventListener("pointerenter", done);
      anchor.removeEventListener("focusin", done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(anchor);
    anchor.addEventListener("pointerenter", done);
    anchor.addEventListener("focusin", done);
  });
}
