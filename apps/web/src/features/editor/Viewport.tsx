import { Center, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The 3D view; it draws the document with the engine once the engine is available. */
export function Viewport() {
  const { t } = useTranslation();
  return (
    <Center h="100%" data-testid="viewport">
      <Text c="dimmed">{t("editorUi.view.engineLoading")}</Text>
    </Center>
  );
}
