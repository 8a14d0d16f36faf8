import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";

/**
 * An honest page for a route whose feature has not landed yet: it says so plainly
 * instead of showing invented content.
 */
export function ComingLater({
  pageKey,
  featureKey,
  metaKey,
}: {
  pageKey: string;
  featureKey: string;
  metaKey?: string | undefined;
}) {
  const { t } = useTranslation();
  const page = t(pageKey);
  return (
    <Container py={96} size={720}>
      {/* not indexed until the page's real content lands */}
      <PageMeta
        title={metaKey ? t(`meta.${metaKey}.title`) : page}
        description={metaKey ? t(`meta.${metaKey}.description`) : undefined}
        noindex
      />
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t("later.title", { page })}</Title>
        <Text c="dimmed" size="lg">
          {t("later.body", { feature: t(featureKey) })}
        </Text>
        <Button component={Link} to={ROUTES.HOME} variant="light">
          {t("later.back")}
        </Button>
      </Stack>
    </Container>
  );
}
