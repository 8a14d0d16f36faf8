import { EMOTES, type Emote } from "@atrium/domain";
import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import "../../../i18n/areas/viewer";

const KEYS: Record<Emote, string> = {
  Wave: "wave",
  Clap: "clap",
  "Thumbs up": "thumbsUp",
  Backflip: "backflip",
  Victory: "victory",
  "Finger Guns": "fingerGuns",
  Crazy: "crazy",
  Macarena: "macarena",
  "Hip Hop": "hipHop",
};

/** The spec's emotes, played on one's own avatar. */
export function EmotesPanel({ onEmote }: { onEmote: (emote: Emote) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="xs">
        {EMOTES.map((emote) => (
          <Button
            key={emote}
            variant="light"
            onClick={() => onEmote(emote)}
            h={72}
            styles={{ label: { flexDirection: "column", gap: 4, whiteSpace: "normal" } }}
          >
            {t(`viewer.emotes.${KEYS[emote]}`)}
          </Button>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t("viewerPage.emotes.hint")}
      </Text>
    </Stack>
  );
}
