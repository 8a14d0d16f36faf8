import { Burger, Container, Group } from "@mantine/core";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { useMe } from "../../features/auth/use-me";
import { ROUTES } from "../paths";
import classes from "./Header.module.css";
import { Logo } from "./Logo";
import { NavDisclosure } from "./NavDisclosure";
import { HeaderActions, NavItemLink } from "./NavLinks";
import {
  type NavLinkItem,
  resourceItems,
  solutionsByFunction,
  solutionsByIndustry,
} from "./nav-items";
import { useVideoTutorialsLink } from "./use-video-tutorials-link";

const MobileMenu = lazy(() => import("./MobileMenu"));
// the bell and its socket client load only for signed-in people, once the page has painted
const NotificationBell = lazy(() => import("../../features/notifications/NotificationBell"));
// the Subscription and Wallet pushes (the header's plan label follows them), loaded alike
const BillingLive = lazy(() => import("../../features/billing/BillingLive"));

export function Header() {
  const { t } = useTranslation();
  const [menuOpened, setMenuOpened] = useState(false);
  // the drawer's code loads on the first open and stays mounted for its closing animation
  const [menuLoaded, setMenuLoaded] = useState(false);
  const location = useLocation();
  const resources = resourceItems(useVideoTutorialsLink());

  // the mobile menu closes on navigation (spec 1 §2 Shell)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setMenuOpened(false), [location.pathname, location.search]);

  const toggleMenu = () => {
    setMenuLoaded(true);
    setMenuOpened((opened) => !opened);
  };

  return (
    <header className={classes.header}>
      <Container className={classes.inner}>
        <Logo label={t("brand.name")} />

        <nav aria-label={t("nav.mainNavigation")} className={classes.desktopOnly}>
          <NavLink to={ROUTES.EXPLORE} className={classes.link}>
            {t("nav.explore")}
          </NavLink>
          <NavDisclosure label={t("nav.solutions")} wide>
            <PanelColumn title={t("nav.byIndustry")} items={solutionsByIndustry} />
            <PanelColumn title={t("nav.byFunction")} items={solutionsByFunction} />
          </NavDisclosure>
          <NavDisclosure label={t("nav.resources")}>
            {resources.map((item) => (
              <NavItemLink key={item.labelKey} item={item} className={classes.panelLink} />
            ))}
          </NavDisclosure>
          <NavLink to={ROUTES.PRICING} className={classes.link}>
            {t("nav.pricing")}
          </NavLink>
          <NavLink to={ROUTES.CONTACT} className={classes.link}>
            {t("nav.contactUs")}
          </NavLink>
        </nav>

        <Group gap="xs" wrap="nowrap">
          <HeaderBell />
          <Group gap="xs" className={classes.desktopOnly}>
            <HeaderActions />
          </Group>

          <Burger
            className={classes.mobileOnly}
            opened={menuOpened}
            onClick={toggleMenu}
            aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={menuOpened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpened}
            onClose={() => setMenuOpened(false)}
            resources={resources}
          />
        </Suspense>
      )}
    </header>
  );
}

/** The notification bell for a signed-in person with a profile, after the first paint. */
function HeaderBell() {
  const { data: me } = useMe();
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!painted || !me || me.needsProfile) return null;
  return (
    <Suspense fallback={null}>
      {/* another account in the same tab starts afresh (its own connection and list) */}
      <NotificationBell key={me.userId} userId={me.userId} />
      <BillingLive />
    </Suspense>
  );
}

/**
 * What a district's own header (pages/district/DistrictChrome.tsx) takes from the shell's: its
 * look, the bell and the sign-in, Create and account actions. Layout hands them over rather than
 * the district chrome importing them: the chrome loads only on district subdomains, and a module
 * it shared with the shell made the bundler move the shell's dependencies out of the entry chunk
 * into extra chunks that every page then loads.
 */
export interface ShellParts {
  classes: CSSModuleClasses;
  Bell: ComponentType;
  Actions: ComponentType<{ create?: ReactNode }>;
}

export const shellParts: ShellParts = { classes, Bell: HeaderBell, Actions: HeaderActions };

function PanelColumn({ title, items }: { title: string; items: NavLinkItem[] }) {
  return (
    <div>
      <div className={classes.panelHeading}>{title}</div>
      {items.map((item) => (
        <NavItemLink key={item.labelKey} item={item} className={classes.panelLink} />
      ))}
    </div>
  );
}
