import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import classes from "./ContentHtml.module.css";

/**
 * HTML the server rendered from markdown and sanitised (the CMS never hands out anything
 * else). Links to pages of this site navigate inside the app instead of reloading it.
 */
export function ContentHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target === "_blank") return;
    if (href.startsWith("/") && !href.startsWith("//")) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    // the links inside are ordinary anchors, reachable and operable by keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only upgrades anchor navigation
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      className={`${classes.prose} ${className ?? ""}`}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (modules/cms/markdown.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
