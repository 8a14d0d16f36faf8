import { Button, UnstyledButton } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { loginPath, signUpPath } from "../../features/auth/return-to";
import { useMe } from "../../features/auth/use-me";
import { useSessionHandoff } from "../../features/auth/use-session-handoff";
import { useStartNewSpace } from "../../features/draft-limit/use-start-new-space";
import { ROUTES } from "../paths";
import classes from "./Header.module.css";
import type { NavLinkItem } from "./nav-items";

const UserMenu = lazy(() => import("../../features/auth/UserMenu"));
// a visitor (every prerendered page) never shows an avatar: its code loads for signed-in people
const UserAvatar = lazy(() =>
  import("../../features/auth/UserAvatar").then((module) => ({ default: module.UserAvatar })),
);
const AVATAR_SIZE = 40;

/** A header link: external ones (video tutorials) open in a new tab. */
export function NavItemLink({ item, className }: { item: NavLinkItem; className: string }) {
  const { t } = useTranslation();
  return item.external ? (
    <a className={className} href={item.to} target="_blank" rel="noopener noreferrer">
      {t(item.labelKey)}
    </a>
  ) : (
    <Link className={className} to={item.to}>
      {t(item.labelKey)}
    </Link>
  );
}

/**
 * Sign in and Create when signed out (Create sends to sign-in, then to the editor); Create and
 * the user menu when signed in (spec 1 §2 Shell). A district's header passes its own `create`
 * (its Create Space, or nothing for those who may not create there).
 */
export function HeaderActions({ create }: { create?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  useSessionHandoff(me, isPending);
  const [menuOpened, setMenuOpened] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { startNewSpace, checking } = useStartNewSpace();

  // an identity provider's first sign-in: the profile is created before anything else
  useEffect(() => {
    if (me?.needsProfile && location.pathname !== "/login/welcome") {
      void navigate(
        `/login/welcome?returnTo=${encodeURIComponent(location.pathname + location.search)}`,
        { replace: true },
      );
    }
  }, [me?.needsProfile, location.pathname, location.search, navigate]);

  if (!me) {
    const here = `${location.pathname}${location.search}`;
    return (
      <>
        <Button
          component={Link}
          to={
            location.pathname === ROUTES.LOGIN
              ? `${ROUTES.LOGIN}${location.search}`
              : loginPath(here)
          }
          variant="default"
        >
          {t("nav.signIn")}
        </Button>
        {create === undefined ? (
          <Button component={Link} to={signUpPath(ROUTES.EDITOR)}>
            {t("nav.create")}
          </Button>
        ) : (
          create
        )}
      </>
    );
  }
  return (
    <>
      {create === undefined ? (
        <Button onClick={() => void startNewSpace()} loading={checking}>
          {t("nav.create")}
        </Button>
      ) : (
        create
      )}
      <UnstyledButton
        className={classes.account}
        aria-haspopup="dialog"
        onClick={() => {
          setMenuLoaded(true);
          setMenuOpened(true);
        }}
      >
        {/* the name says what is seen (the initials or picture) and what it does */}
        <Suspense
          fallback={<span style={{ display: "block", width: AVATAR_SIZE, height: AVATAR_SIZE }} />}
        >
          <UserAvatar user={me} size={AVATAR_SIZE} />
        </Suspense>
        <span className="atrium-visually-hidden">{t("nav.userMenu.open")}</span>
        {/* the plan follows the subscription: a push on the notificationhub updates it here */}
        <span className={classes.planLabel} data-testid="header-plan-label">
          {me.planLabel}
        </span>
      </UnstyledButton>
      {menuLoaded && (
        <Suspense fallback={null}>
          <UserMenu me={me} opened={menuOpened} onClose={() => setMenuOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
