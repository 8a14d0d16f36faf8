import type { SceneLink } from "@atrium/domain";
import { Anchor, Button, Divider, List, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Controls help, third person, full screen and the space's links. */
export function MorePanel({
  thirdPerson,
  onThirdPerson,
  links,
}: {
  thirdPerson: boolean;
  onThirdPerson: (on: boolean) => void;
  links: SceneLink[];
}) {
  const { t } = useTranslation();
  const canFullscreen = typeof document !== "undefined" && document.fullscreenEnabled;
  return (
    <Stack gap="md">
      <Switch
        checked={thirdPerson}
        onChange={(event) => onThirdPerson(event.currentTarget.checked)}
        label={t("viewerPage.more.thirdPerson")}
      />
      {canFullscreen && (
        <Button
          variant="light"
          onClick={() => {
            if (document.fullscreenElement) void document.exitFullscreen();
            else void document.documentElement.requestFullscreen().catch(() => {});
          }}
        >
          {t("viewerPage.more.fullscreen")}
        </Button>
      )}
      <Divider />
      <Title order={5}>{t("viewerPage.more.controls")}</Title>
      <List size="sm" spacing={4}>
        <List.Item>{t("viewerPage.more.keys")}</List.Item>
        <List.Item>{t("viewerPage.more.mouse")}</List.Item>
        <List.Item>{t("viewerPage.more.click")}</List.Item>
        <List.Item>{t("viewerPage.more.touch")}</List.Item>
      </List>
      {links.length > 0 && (
        <>
          <Divider />
          <Title order={5}>{t("viewerPage.more.links")}</Title>
          <Stack gap={4}>
            {links.map((link) => (
              <Anchor key={link.id} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title || link.url}
              </Anchor>
            ))}
          </Stack>
        </>
      )}
      <Text size="xs" c="dimmed">
        Atrium
      </Text>
    </Stack>
  );
}
