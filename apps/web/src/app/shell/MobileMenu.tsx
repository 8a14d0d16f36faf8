import { Z_INDEX } from "@atrium/domain/constants";
import { Drawer, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../paths";
import classes from "./Header.module.css";
import { Logo } from "./Logo";
import { HeaderActions, NavItemLink } from "./NavLinks";
import { type NavLinkItem, solutionsByFunction, solutionsByIndustry } from "./nav-items";

/** The burger's full-screen top drawer; loaded only when a small screen opens it. */
export default function MobileMenu({
  opened,
  onClose,
  resources,
}: {
  opened: boolean;
  onClose: () => void;
  resources: NavLinkItem[];
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      position="top"
      size="100%"
      zIndex={Z_INDEX.topDrawer}
      title={<Logo label={t("brand.name")} />}
      closeButtonProps={{ "aria-label": t("nav.closeMenu") }}
    >
      <nav aria-label={t("nav.mainNavigation")} className={classes.mobileNav}>
        <Link to={ROUTES.EXPLORE} className={classes.mobileLink}>
          {t("nav.explore")}
        </Link>
        <div className={classes.mobileGroupLabel}>{t("nav.solutions")}</div>
        {[...solutionsByIndustry, ...solutionsByFunction].map((item) => (
          <NavItemLink key={item.labelKey} item={item} className={classes.mobileLink} />
        ))}
        <div className={classes.mobileGroupLabel}>{t("nav.resources")}</div>
        {resources.map((item) => (
          <NavItemLink key={item.labelKey} item={item} className={classes.mobileLink} />
        ))}
        <div className={classes.mobileGroupLabel} />
        <Link to={ROUTES.PRICING} className={classes.mobileLink}>
          {t("nav.pricing")}
        </Link>
        <Link to={ROUTES.CONTACT} className={classes.mobileLink}>
          {t("nav.contactUs")}
        </Link>
        <Group mt="lg" grow>
          <HeaderActions />
        </Group>
      </nav>
    </Drawer>
  );
}
