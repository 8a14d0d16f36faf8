import { Z_INDEX } from "@atrium/domain/constants";
import { Badge, Divider, Drawer, Group, NavLink, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES, userPath } from "../../app/paths";
import { UserAvatar } from "./UserAvatar";
import type { Me } from "./use-me";
import { useSignOut } from "./use-sign-out";
import "../../i18n/areas/account";

/** The user menu drawer (spec 1 §2 Shell), loaded when first opened. */
export default function UserMenu({
  me,
  opened,
  onClose,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const items = [
    { key: "profile", to: userPath(me.userId) },
    { key: "spaces", to: userPath(me.userId, "spaces", "published") },
    { key: "districts", to: userPath(me.userId, "districts", "my-districts") },
    { key: "myLibrary", to: userPath(me.userId, "library", "images") },
    { key: "connections", to: userPath(me.userId, "connections", "followers") },
    { key: "activity", to: userPath(me.userId, "activity", "history") },
    { key: "wallet", to: ROUTES.WALLET },
    { key: "settings", to: ROUTES.SETTINGS },
    // districts need Pro: the wizard is offered to Pro users (spec 1 §6)
    ...(me.plan === "pro" ? [{ key: "createDistrict", to: ROUTES.DISTRICT_WIZARD }] : []),
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      zIndex={Z_INDEX.sideDrawer}
      size="min(360px, 100%)"
      title={t("nav.userMenu.title")}
      closeButtonProps={{ "aria-label": t("nav.userMenu.close") }}
    >
      <Stack gap="xs">
        <Group wrap="nowrap">
          <UserAvatar user={me} size="lg" />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {me.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {me.email}
            </Text>
            <Badge size="sm" variant="light" mt={4}>
              {me.planLabel}
            </Badge>
          </div>
        </Group>
        <Divider my="xs" />
        <nav aria-label={t("nav.userMenu.title")}>
          {items.map((item) => (
            <NavLink
              key={item.key}
              component={Link}
              to={item.to}
              label={t(`shell.userMenu.${item.key}`)}
              onClick={onClose}
            />
          ))}
          <Divider my="xs" />
          <NavLink
            component="button"
            label={t("shell.userMenu.logOut")}
            onClick={() => {
              onClose();
              void signOut();
            }}
          />
        </nav>
      </Stack>
    </Drawer>
  );
}
