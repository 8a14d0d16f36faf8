import { isGroupedWithPrevious } from "@atrium/domain";
import { ActionIcon, Avatar, Badge, Box, Group, ScrollArea, Stack, Text } from "@mantine/core";
import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";

// The message list of the chat sidebar's public and direct tabs: one user's messages within
// ten minutes share one header (name, avatar, time), one's own on the right, and a
// scroll-to-bottom button once the reader is more than 80 px above the end (its owner decides
// when: `farFromEnd`), showing how many arrived meanwhile.

export interface ListedMessage {
  id: string;
  time: string;
  text: string;
  user: { userId: string; name: string; profilePicture?: string | null };
}

export interface MessageListProps<M extends ListedMessage> {
  messages: M[];
  mine: (message: M) => boolean;
  /** `chat` or `dm`: the prefix of the list's test ids (`chat-message`, `dm-scroll-bottom`...). */
  testId: string;
  height: string;
  viewportRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  /** Shown instead of the list when it is empty (null: nothing). */
  empty: ReactNode;
  farFromEnd: boolean;
  /** Messages that arrived below the reader's view; the button shows the count. */
  unread: number;
  onScrollToEnd: () => void;
}

const timeOf = (time: string) =>
  new Date(time).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

export function MessageList<M extends ListedMessage>(props: MessageListProps<M>) {
  const { t } = useTranslation();
  const { messages, testId } = props;
  return (
    <Box pos="relative">
      <ScrollArea
        h={props.height}
        viewportRef={props.viewportRef}
        onScrollPositionChange={props.onScroll}
        data-testid={`${testId}-messages`}
      >
        {messages.length === 0 && props.empty}
        <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {messages.map((message, index) => {
            const grouped = isGroupedWithPrevious(messages[index - 1], message);
            const mine = props.mine(message);
            return (
              <Box
                key={message.id}
                component="li"
                data-testid={`${testId}-message`}
                data-grouped={grouped ? "true" : "false"}
                style={{ textAlign: mine ? "right" : "left" }}
                mt={grouped ? 0 : "xs"}
              >
                {!grouped && (
                  <Group gap={6} justify={mine ? "flex-end" : "flex-start"}>
                    <Avatar
                      src={message.user.profilePicture ?? undefined}
                      size="xs"
                      radius="xl"
                      alt=""
                    />
                    <Text size="xs" fw={700} data-testid={`${testId}-author`}>
                      {message.user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {timeOf(message.time)}
                    </Text>
                  </Group>
                )}
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {message.text}
                </Text>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
      {props.farFromEnd && (
        <ActionIcon
          pos="absolute"
          bottom={8}
          right={8}
          radius="xl"
          onClick={props.onScrollToEnd}
          aria-label={t("live.scrollToBottom")}
          data-testid={`${testId}-scroll-bottom`}
        >
          {props.unread > 0 ? props.unread : "↓"}
        </ActionIcon>
      )}
    </Box>
  );
}

/** How many messages are unread (a tab's or a conversation's); nothing when none. */
export function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge size="xs" circle data-testid={testId} aria-label={t("live.unread", { count })}>
      {count}
    </Badge>
  );
}
