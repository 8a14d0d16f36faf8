import type { PublicProfile } from "@atrium/domain";
import { NavLink as MantineNavLink, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation, useNavigate } from "react-router";
import { userPath } from "../../app/paths";
import { accountCategories, canSee } from "../../features/account-sections/registry";
import "../../i18n/areas/account";

/** The account area's menu: categories and their sections, those this visitor may see. */
export function AccountNav({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = accountCategories
    .map((category) => ({
      ...category,
      sections: category.sections.filter((entry) => canSee(entry, profile, isOwner)),
    }))
    .filter((category) => category.sections.length > 0);
  return (
    <>
      {/* phones: one compact picker instead of the long list */}
      <NativeSelect
        hiddenFrom="sm"
        aria-label={t("accounts.area.nav")}
        value={pathname}
        onChange={(event) => void navigate(event.currentTarget.value)}
        data={[
          { value: userPath(profile.userId), label: t("accounts.area.about") },
          ...visible.map((category) => ({
            group: t(category.labelKey),
            items: category.sections.map((entry) => ({
              value: userPath(profile.userId, entry.category, entry.subcategory),
              label: t(entry.labelKey),
            })),
          })),
        ]}
      />
      <Paper
        visibleFrom="sm"
        withBorder
        radius="xl"
        p="xs"
        component="nav"
        aria-label={t("accounts.area.nav")}
      >
        <Stack gap={2}>
          <MantineNavLink
            component={NavLink}
            to={userPath(profile.userId)}
            end
            label={t("accounts.area.about")}
            active={pathname === userPath(profile.userId)}
          />
          {accountCategories.map((category) => {
            const visible = category.sections.filter((entry) => canSee(entry, profile, isOwner));
            if (visible.length === 0) return null;
            return (
              <div key={category.category}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
                  {t(category.labelKey)}
                </Text>
                {visible.map((entry) => {
                  const to = userPath(profile.userId, entry.category, entry.subcategory);
                  return (
                    <MantineNavLink
                      key={entry.subcategory}
                      component={NavLink}
                      to={to}
                      label={t(entry.labelKey)}
                      active={pathname === to}
                    />
                  );
                })}
              </div>
            );
          })}
        </Stack>
      </Paper>
    </>
  );
}
