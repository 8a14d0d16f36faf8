import { List, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AccountSectionProps } from "./registry";
import "../../i18n/areas/account";

/** What a district is (spec 1 §1): shown to everyone in the districts category. */
export default function WhatIsDistrict({ title }: AccountSectionProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "lg", sm: "xl" }} radius="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text>{t("accounts.district.intro")}</Text>
        <List spacing="xs">
          {(["subdomain", "slots", "premade", "people", "privacy"] as const).map((key) => (
            <List.Item key={key}>{t(`accounts.district.points.${key}`)}</List.Item>
          ))}
        </List>
        <Text c="dimmed">{t("accounts.district.plan")}</Text>
      </Stack>
    </Paper>
  );
}
