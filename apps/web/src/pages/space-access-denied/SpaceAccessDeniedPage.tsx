import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageMeta } from "../../app/shell/PageMeta";
import { useStartNewSpace } from "../../features/draft-limit/use-start-new-space";

/** Spec 1 §2 SPACEACCESSDENIED: shown to visitors outside a space's access list. */
export function SpaceAccessDeniedPage() {
  const { t } = useTranslation();
  const { startNewSpace, checking } = useStartNewSpace();
  return (
    <Container py={96} size={720}>
      <PageMeta title={t("spaceAccessDenied.title")} noindex />
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t("spaceAccessDenied.title")}</Title>
        <Text c="dimmed" size="lg">
          {t("spaceAccessDenied.subtitle")}
        </Text>
        <Button onClick={() => void startNewSpace()} loading={checking} size="md">
          {t("spaceAccessDenied.createSpace")}
        </Button>
      </Stack>
    </Container>
  );
}
