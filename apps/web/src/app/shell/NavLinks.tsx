import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../paths";
import type { NavLinkItem } from "./nav-items";

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

/** Sign in and Create. Signed-out visitors who press Create are sent to sign in (spec 1 §2). */
export function HeaderActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button component={Link} to={ROUTES.LOGIN} variant="default">
        {t("nav.signIn")}
      </Button>
      <Button component={Link} to={`${ROUTES.LOGIN}?returnTo=${encodeURIComponent(ROUTES.EDITOR)}`}>
        {t("nav.create")}
      </Button>
    </>
  );
}
