import { Text } from "@mantine/core";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ChatComposer, type SendAck } from "./ChatComposer";
import { type ListedMessage, MessageList } from "./MessageList";
import { useFollowEnd } from "./use-follow-end";

/**
 * One conversation with a stored history (a direct message group, a party's chat): the history
 * opens at its end, messages the caller puts into the query's cache as they arrive are followed
 * when the reader is at the end and counted as unread otherwise (useFollowEnd); ChatComposer
 * sends.
 */
export function ChatConversation<M extends ListedMessage>({
  queryKey,
  load,
  send: deliver,
  meId,
  visible,
  testId,
  maxLength,
  height,
}: {
  queryKey: QueryKey;
  load: () => Promise<M[]>;
  send: (text: string) => Promise<SendAck>;
  meId: string;
  visible: boolean;
  /** The prefix of the test ids (`dm`, `party`): `party-input`, `party-message`... */
  testId: string;
  maxLength: number;
  height: string;
}) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey, queryFn: load, staleTime: Number.POSITIVE_INFINITY });
  const messages = history.data ?? [];
  const { viewportRef, farFromEnd, unread, onScroll, scrollToEnd } = useFollowEnd(messages, {
    following: visible,
    ready: history.isSuccess,
    openAtEnd: true,
  });
  return (
    <>
      <MessageList
        messages={messages}
        mine={(message) => message.user.userId === meId}
        testId={testId}
        height={height}
        viewportRef={viewportRef}
        onScroll={onScroll}
        empty={history.isSuccess ? <Text c="dimmed">{t("live.conversationEmpty")}</Text> : null}
        farFromEnd={farFromEnd}
        unread={unread}
        onScrollToEnd={scrollToEnd}
      />
      <ChatComposer testId={testId} maxLength={maxLength} onSend={deliver} onSent={scrollToEnd} />
    </>
  );
}
