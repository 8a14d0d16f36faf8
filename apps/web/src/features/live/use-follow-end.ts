import { CHAT_SCROLL_THRESHOLD_PX, showScrollToBottom } from "@atrium/domain";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** How many of `messages` came after the one with id `lastSeen` (null: none seen, all are new). */
export function newSince(messages: readonly { id: string }[], lastSeen: string | null): number {
  if (lastSeen === null) return messages.length;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.id === lastSeen) return messages.length - 1 - index;
  }
  return messages.length; // the last seen one was dropped from a capped list: all shown are new
}

export interface FollowEnd {
  /** The message list's scrolling element. */
  viewportRef: RefObject<HTMLDivElement | null>;
  /** The reader is more than CHAT_SCROLL_THRESHOLD_PX above the end (show the button). */
  farFromEnd: boolean;
  /** Messages that arrived while the reader was above the end or the list was hidden. */
  unread: number;
  onScroll: () => void;
  scrollToEnd: () => void;
}

/**
 * Follow-the-end scrolling of a chat message list (the sidebar's public and Direct tabs): new
 * messages scroll the list to its end when it is shown (`following`) and the reader is within
 * 80 px of the end; otherwise they count as unread until the reader scrolls back to the end or
 * scrolls there with `scrollToEnd`. New messages are counted by id, so a list capped at its
 * newest messages keeps being followed. `openAtEnd` scrolls to the end once the first messages
 * are `ready` (a stored history); otherwise the messages present at first are neither followed
 * nor unread. Scroll positions are read 100 ms after scrolling stops.
 */
export function useFollowEnd(
  messages: readonly { id: string }[],
  {
    following,
    ready = true,
    openAtEnd = false,
  }: { following: boolean; ready?: boolean; openAtEnd?: boolean },
): FollowEnd {
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const [farFromEnd, setFarFromEnd] = useState(false);
  const [unread, setUnread] = useState(0);
  // undefined: nothing seen yet (the first ready messages open at the end)
  const lastSeen = useRef<string | null | undefined>(
    openAtEnd ? undefined : (messages.at(-1)?.id ?? null),
  );

  const isFar = useCallback(() => {
    const el = viewportRef.current;
    const distance = el ? el.scrollHeight - el.scrollTop - el.clientHeight : 0;
    return showScrollToBottom(distance, CHAT_SCROLL_THRESHOLD_PX);
  }, []);
  const scrollToEnd = useCallback(() => {
    const el = viewportRef.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
    setUnread(0);
    setFarFromEnd(false);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const before = lastSeen.current;
    lastSeen.current = messages.at(-1)?.id ?? null;
    if (before === undefined) {
      requestAnimationFrame(scrollToEnd);
      return;
    }
    const added = newSince(messages, before);
    if (added <= 0) return;
    if (following && !isFar()) requestAnimationFrame(scrollToEnd);
    else setUnread((count) => count + added);
  }, [messages, ready, following, isFar, scrollToEnd]);

  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );
  const onScroll = useCallback(() => {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const far = isFar();
      setFarFromEnd(far);
      if (!far) setUnread(0);
    }, 100);
  }, [isFar]);

  return { viewportRef, farFromEnd, unread, onScroll, scrollToEnd };
}
