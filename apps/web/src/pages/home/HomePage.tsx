import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import classes from "./HomePage.module.css";

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t("home.metaTitle")} description={t("home.metaDescription")} />
      <section className={classes.hero}>
        <Container>
          <Stack gap="lg" maw={760}>
            <Title order={1} className={classes.title}>
              {t("home.heroTitle")}
            </Title>
            <Text size="xl" c="dimmed">
              {t("home.heroText")}
            </Text>
            <Group>
              <Button component={Link} to={ROUTES.EXPLORE} size="lg">
                {t("home.explore")}
              </Button>
              <Button component={Link} to={ROUTES.EDITOR} size="lg" variant="default">
                {t("home.start")}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
    </>
  );
}
