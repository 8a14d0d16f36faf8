import { describe, expect, it } from "vitest";
import { isGroupedWithPrevious, showScrollToBottom } from "./chat-grouping";

const message = (userId: string, time: string) => ({ user: { userId }, time });

describe("chat: messages from the same user within 10 minutes are grouped", () => {
  it("same user, 10 minutes apart: grouped", () => {
    expect(
      isGroupedWithPrevious(
        message("u1", "2025-01-01T10:00:00Z"),
        message("u1", "2025-01-01T10:10:00Z"),
      ),
    ).toBe(true);
  });
  it("same user, just over 10 minutes: a new group", () => {
    expect(
      isGroupedWithPrevious(
        message("u1", "2025-01-01T10:00:00Z"),
        message("u1", "2025-01-01T10:10:01Z"),
      ),
    ).toBe(false);
  });
  it("another user or the first message: a new group", () => {
    expect(
      isGroupedWithPrevious(
        message("u1", "2025-01-01T10:00:00Z"),
        message("u2", "2025-01-01T10:01:00Z"),
      ),
    ).toBe(false);
    expect(isGroupedWithPrevious(undefined, message("u1", "2025-01-01T10:00:00Z"))).toBe(false);
  });
  it("the scroll-to-bottom button appears when more than 80px from the end", () => {
    expect(showScrollToBottom(80)).toBe(false);
    expect(showScrollToBottom(81)).toBe(true);
  });
});
