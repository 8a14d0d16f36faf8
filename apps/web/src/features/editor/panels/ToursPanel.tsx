import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Create Stories or Paths: guided tours of ordered points. */
export function ToursPanel() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={3}>{t("editor.steps.createStoriesOrPaths")}</Title>
      <Text size="sm" c="dimmed">
        {t("editorUi.tours.intro")}
      </Text>
    </Stack>
  );
}
