import { Z_INDEX } from "@atrium/domain/constants";
import { Avatar, Burger, Button, Container, Drawer, Group } from "@mantine/core";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { districtWizardPath } from "../../app/paths";
import type { ShellParts } from "../../app/shell/Header";
import { CreateDistrictSpaceButton } from "./CreateDistrictSpaceButton";
import { districtLook, districtThemeVariables } from "./district-look";
import { categoriesFor, type DistrictCategory } from "./sections";
import { useDistrict } from "./use-district";
import "./catalogue";

const CATEGORY_PATHS: Record<DistrictCategory, string> = {
  home: "/",
  spaces: "/spaces",
  library: "/library",
  members: "/members",
  groups: "/groups",
  manage: "/manage",
};

/**
 * The frame of a district subdomain (spec 1 §2): the district header replaces the shell's (no
 * explore, pricing, contact, resources; Upgrade for the owner only; Create Space for owners and
 * creators), and the district's theme colour and font dress its pages.
 */
export default function DistrictChrome({
  subdomain,
  skipLink,
  shell,
  children,
}: {
  subdomain: string;
  skipLink: ReactNode;
  /** The shell's look, bell and actions (Layout passes them: see ShellParts). */
  shell: ShellParts;
  children: ReactNode;
}) {
  const { access, info, styles } = useDistrict(subdomain);
  const look = districtLook(styles);
  const variables = districtThemeVariables(look);
  const frame: CSSProperties & Record<string, string> = {
    minHeight: "100dvh",
    display: "flex",
    flexDirection: "column",
    ...variables,
  };
  if (look.fontFamily) frame.fontFamily = look.fontFamily;
  // dialogs, drawers and menus render in portals outside the frame: the document takes the look
  const signature = JSON.stringify(variables);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the variables
  useEffect(() => applyDocumentVariables(variables), [signature]);
  const entered = access.data?.access === true ? access.data : null;
  return (
    <div style={frame} data-district={subdomain}>
      {skipLink}
      <DistrictHeader
        shell={shell}
        title={info.data?.title ?? null}
        photo={info.data?.photo ?? null}
        districtId={entered?.districtId ?? null}
        role={entered?.role ?? null}
        canCreate={entered?.canCreateSpaces ?? false}
        accent={look.accent}
      />
      {children}
    </div>
  );
}

/** Sets the variables on the document's root element; the cleanup puts the earlier values back. */
function applyDocumentVariables(variables: Record<string, string>) {
  const root = document.documentElement.style;
  const earlier = Object.keys(variables).map(
    (name) => [name, root.getPropertyValue(name)] as const,
  );
  for (const [name, value] of Object.entries(variables)) root.setProperty(name, value);
  return () => {
    for (const [name, value] of earlier)
      if (value) root.setProperty(name, value);
      else root.removeProperty(name);
  };
}

function DistrictHeader({
  shell: { classes, Bell, Actions },
  title,
  photo,
  districtId,
  role,
  canCreate,
  accent,
}: {
  shell: ShellParts;
  title: string | null;
  photo: string | null;
  districtId: string | null;
  role: "Owner" | "Creator" | "Guest" | null;
  canCreate: boolean;
  accent: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => setOpened(false), [location.pathname, location.search]);

  const links = districtId
    ? categoriesFor(role).map((category) => ({
        category,
        to: CATEGORY_PATHS[category],
        label: t(`districtSite.nav.${category}`),
      }))
    : [];
  const create =
    canCreate && districtId ? (
      <CreateDistrictSpaceButton districtId={districtId} color={accent} />
    ) : null;
  const upgrade =
    role === "Owner" && districtId ? (
      <Button component={Link} to={districtWizardPath(districtId)} variant="default">
        {t("districtSite.upgrade")}
      </Button>
    ) : null;
  const brand = (
    <Link
      to="/"
      className={classes.logo}
      style={{ color: accent }}
      data-testid="district-header-title"
    >
      {photo ? <Avatar src={photo} size={32} radius="md" alt="" /> : null}
      <span>{title ?? t("brand.name")}</span>
    </Link>
  );

  return (
    <header
      className={classes.header}
      style={{ borderBottom: `3px solid ${accent}` }}
      data-testid="district-header"
    >
      <Container className={classes.inner}>
        {brand}
        {links.length > 0 ? (
          <nav aria-label={t("districtSite.nav.label")} className={classes.desktopOnly}>
            {links.map((link) => (
              <NavLink
                key={link.category}
                to={link.to}
                end={link.category === "home"}
                className={classes.link}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          <Bell />
          <Group gap="xs" className={classes.desktopOnly}>
            {upgrade}
            <Actions create={create} />
          </Group>
          <Burger
            className={classes.mobileOnly}
            opened={opened}
            onClick={() => setOpened((value) => !value)}
            aria-label={opened ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={opened}
            aria-controls="district-menu"
          />
        </Group>
      </Container>
      <Drawer
        id="district-menu"
        opened={opened}
        onClose={() => setOpened(false)}
        position="top"
        size="100%"
        zIndex={Z_INDEX.topDrawer}
        title={brand}
        closeButtonProps={{ "aria-label": t("nav.closeMenu") }}
      >
        <nav aria-label={t("districtSite.nav.label")} className={classes.mobileNav}>
          {links.map((link) => (
            <Link key={link.category} to={link.to} className={classes.mobileLink}>
              {link.label}
            </Link>
          ))}
          <Group mt="lg" grow>
            {upgrade}
            <Actions create={create} />
          </Group>
        </nav>
      </Drawer>
    </header>
  );
}
