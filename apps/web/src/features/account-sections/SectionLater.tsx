import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AccountSectionProps } from "./registry";
import "../../i18n/areas/account";

/** A section whose feature is being built elsewhere: it says so, and shows no invented data. */
export function laterSection(featureKey: string) {
  return function SectionLater({ title }: AccountSectionProps) {
    const { t } = useTranslation();
    return (
      <Paper withBorder p="xl" radius="xl">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{t("accounts.area.later", { feature: t(featureKey) })}</Text>
        </Stack>
      </Paper>
    );
  };
}
