import { useEffect, useState } from "react";

/**
 * The id of the heading the reader is in: the last heading above a line a little below the
 * sticky header. Recomputed on scroll (throttled to animation frames) and on resize.
 */
export function useActiveHeading(ids: readonly string[], offsetPx = 120): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | null = ids[0] ?? null;
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= offsetPx) current = id;
      }
      // at the very end of the page the last heading may never reach the line
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        current = ids.at(-1) ?? current;
      }
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids, offsetPx]);
  return active;
}
