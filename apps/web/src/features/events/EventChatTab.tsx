import { EVENT_CHAT_TEXT_MAX, type SceneEvent } from "@atrium/domain";
import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { eventMessages } from "../../api/events";
import catalogue from "../../i18n/en/on-demand/events.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import type { SendAck } from "../live/ChatComposer";
import { ChatConversation } from "../live/ChatConversation";
import { eventMessagesKey } from "./use-scene-events";

addOnDemandCatalogue(catalogue);

/**
 * The chat sidebar's Event tab (issue 19): the live event's chat, its stored history and what
 * arrives over liveuserhub (useSceneEvents puts it into the cached history), written through
 * the hub's SendEventMessage; nothing while no event is live.
 */
export function EventChatTab({
  event,
  meId,
  canChat,
  visible,
  send,
}: {
  event: SceneEvent | null;
  /** This visitor's user id (a guest's for this visit); null before the hub says. */
  meId: string | null;
  canChat: boolean;
  visible: boolean;
  send: (eventId: string, text: string) => Promise<SendAck>;
}) {
  const { t } = useTranslation();
  if (!event) {
    return (
      <Text c="dimmed" data-testid="chat-event-empty">
        {t("events.chatNone")}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="event-chat">
      <Text size="sm" fw={700} data-testid="event-chat-title">
        {event.title}
      </Text>
      {meId === null ? (
        <Text c="dimmed">{t("events.chatSignIn")}</Text>
      ) : (
        <ChatConversation
          key={event.eventId}
          queryKey={eventMessagesKey(event.eventId)}
          load={() => eventMessages(event.eventId)}
          send={(text) => send(event.eventId, text)}
          meId={meId}
          visible={visible}
          testId="event"
          maxLength={EVENT_CHAT_TEXT_MAX}
          height="min(48vh, 460px)"
        />
      )}
      {!canChat && (
        <Text size="sm" c="dimmed">
          {t("live.disabled")}
        </Text>
      )}
    </Stack>
  );
}
