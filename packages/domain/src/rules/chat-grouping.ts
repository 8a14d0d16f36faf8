import { TIMEOUTS } from "../constants";

type GroupableMessage = { time: string; user: { userId: string } };

/** Messages from the same user within 10 minutes of the previous one share one header. */
export function isGroupedWithPrevious(
  previous: GroupableMessage | undefined,
  message: GroupableMessage,
): boolean {
  if (previous === undefined || previous.user.userId !== message.user.userId) return false;
  const gap = Date.parse(message.time) - Date.parse(previous.time);
  return Number.isFinite(gap) && gap >= 0 && gap <= TIMEOUTS.chatGroupingMs;
}

/** The chat's scroll-to-bottom button shows when the reader is more than 80 px from the end. */
export function showScrollToBottom(distanceFromEndPx: number, thresholdPx = 80): boolean {
  return distanceFromEndPx > thresholdPx;
}
