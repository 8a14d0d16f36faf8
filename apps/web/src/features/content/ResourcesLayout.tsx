import { RESOURCES_SIDEBAR } from "@atrium/domain/constants";
import { activeSidebarItem, resourceSidebarItems } from "@atrium/domain/rules/resources-menu";
import { useQuery } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { resourceCategoriesQuery } from "../../api/cms";
import "./catalogue";
import classes from "./ResourcesLayout.module.css";

type SidebarState = "auto" | "open" | "closed";

/**
 * The resources pages' frame: the sidebar (spec 2 §2.1) beside the page. The sidebar is
 * 200 px open and 5% closed; on small screens it starts closed (a CSS media query decides,
 * so the prerendered page is already right before any script runs) and a "Resources"
 * header opens it.
 */
export function ResourcesLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [state, setState] = useState<SidebarState>("auto");
  const { data: categories } = useQuery(resourceCategoriesQuery());
  const items = resourceSidebarItems(categories ?? []);
  const active = activeSidebarItem(items, pathname);

  const toggle = () =>
    setState((current) => {
      const narrow = window.matchMedia(`(max-width: ${SMALL_SCREEN})`).matches;
      const open = current === "open" || (current === "auto" && !narrow);
      return open ? "closed" : "open";
    });

  return (
    <div
      className={classes.layout}
      data-sidebar={state}
      style={
        {
          "--sidebar-open": RESOURCES_SIDEBAR.openWidth,
          "--sidebar-closed": RESOURCES_SIDEBAR.closedWidth,
        } as CSSProperties
      }
    >
      <div className={classes.smallHeader}>
        <button
          type="button"
          className={classes.smallHeaderButton}
          onClick={toggle}
          aria-controls="resources-sidebar"
        >
          <span>{t("common.resources")}</span>
          <ChevronIcon />
        </button>
      </div>
      <aside id="resources-sidebar" className={classes.sidebar} aria-label={t("common.resources")}>
        <button
          type="button"
          className={classes.toggle}
          onClick={toggle}
          aria-label={t("resourcesUi.toggleSidebar")}
          title={t("resourcesUi.toggleSidebar")}
        >
          <ChevronIcon />
        </button>
        <nav>
          <ul className={classes.list}>
            {items.map((item) => {
              const content = (
                <>
                  {item.icon ? <SidebarIcon src={item.icon} /> : <span className={classes.icon} />}
                  <span className={classes.label}>{item.title}</span>
                </>
              );
              return (
                <li key={item.id}>
                  {item.externalUrl ? (
                    <a
                      className={classes.item}
                      href={item.externalUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={item.title}
                    >
                      {content}
                      <span className={classes.label} aria-hidden="true">
                        ↗
                      </span>
                      <span className={classes.srOnly}>{t("resourcesUi.opensInNewTab")}</span>
                    </a>
                  ) : (
                    <Link
                      className={classes.item}
                      to={item.link}
                      title={item.title}
                      data-active={active?.id === item.id || undefined}
                      aria-current={active?.id === item.id ? "page" : undefined}
                      onClick={() => setState((current) => (current === "open" ? "auto" : current))}
                    >
                      {content}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className={classes.page}>{children}</div>
    </div>
  );
}

const SMALL_SCREEN = "57.5em";

/** The category's svg icon; a failed load is logged only (spec 2 §8). */
function SidebarIcon({ src }: { src: string }) {
  return (
    <img
      className={classes.icon}
      src={src}
      alt=""
      width={20}
      height={20}
      onError={() => console.warn(`Resource icon ${src} could not be loaded`)}
    />
  );
}

function ChevronIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" className={classes.chevron}>
      <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}
