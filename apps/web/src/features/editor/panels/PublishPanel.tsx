import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SceneSaver } from "../use-scene-saver";

/** Publish & Share: space info, placement, privacy, communication, publish, then share. */
export function PublishPanel(_props: { saver: SceneSaver }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={3}>{t("editor.steps.publishAndShare")}</Title>
      <Text size="sm" c="dimmed">
        {t("editorUi.publish.intro")}
      </Text>
    </Stack>
  );
}
