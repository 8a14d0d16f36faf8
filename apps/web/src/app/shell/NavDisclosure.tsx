import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import classes from "./Header.module.css";

/**
 * A site-navigation dropdown as a disclosure (WAI-ARIA "disclosure navigation"):
 * a button that shows a panel of ordinary links. Opens on hover or click, closes on
 * Escape, outside click, focus leaving, or navigation.
 */
export function NavDisclosure({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // a click on a panel that hovering just opened keeps it open rather than closing it
  const openedByHover = useRef(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => {
    openedByHover.current = false;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        rootRef.current?.querySelector("button")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const showOnHover = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onClick = () => {
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
    } else {
      setOpen((value) => !value);
    }
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, 150);
  };

  return (
    // hover intent only: the button inside is the keyboard- and touch-operable control
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      ref={rootRef}
      className={classes.disclosure}
      onPointerEnter={(event) => event.pointerType === "mouse" && showOnHover()}
      onPointerLeave={(event) => event.pointerType === "mouse" && hideSoon()}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={classes.link}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onClick}
      >
        {label}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <div id={panelId} className={classes.panel} data-wide={wide || undefined} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
