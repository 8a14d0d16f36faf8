import { Button, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The fallback error screen (spec 2 §2.1): the message, an optional detail line and
 * a "Return to homepage" link to the site root. A plain <a> on purpose: after a
 * failure the router itself may be the broken part.
 */
export function ErrorScreen({ message, detail }: { message: string; detail?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container py={96} size={720}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="atrium.6" lh={1} aria-hidden="true">
          ◇
        </Text>
        <Title order={1}>{message}</Title>
        {detail && (
          <Text c="dimmed" size="lg">
            {detail}
          </Text>
        )}
        <Button component="a" href="/" size="md" mt="sm">
          {t("errors.returnToHomepage")}
        </Button>
      </Stack>
    </Container>
  );
}
