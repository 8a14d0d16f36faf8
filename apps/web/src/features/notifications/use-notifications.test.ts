import type { Notification } from "@atrium/domain";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyNotificationEvent, listKey, unreadKey } from "./use-notifications";

const note = (id: string, read = false, count = 1): Notification => ({
  id,
  type: "directMessage",
  actor: { userId: "u1", name: "Ada", profilePicture: null },
  sceneId: null,
  sceneTitle: null,
  commentId: null,
  groupId: "g1",
  eventId: null,
  excerpt: "hi",
  count,
  read,
  createdAt: "2026-11-26T10:00:00.000Z",
});

function client(pages: Notification[][] | null) {
  const queryClient = new QueryClient();
  if (pages) queryClient.setQueryData(listKey("me"), { pages, pageParams: pages.map((_, i) => i) });
  return queryClient;
}
const list = (queryClient: QueryClient) =>
  queryClient.getQueryData<InfiniteData<Notification[], number>>(listKey("me"))?.pages;

describe("applyNotificationEvent", () => {
  it("puts a new notification on top and sets the unread count", () => {
    const queryClient = client([[note("a")], [note("b", true)]]);
    applyNotificationEvent(queryClient, "me", {
      v: 1,
      change: "new",
      notification: note("c"),
      unreadCount: 2,
    });
    expect(list(queryClient)?.map((page) => page.map((n) => n.id))).toEqual([["c", "a"], ["b"]]);
    expect(queryClient.getQueryData(unreadKey("me"))).toEqual({ count: 2 });
  });

  it("moves a grown notification to the top instead of showing it twice", () => {
    const queryClient = client([[note("a"), note("b")], [note("c")]]);
    applyNotificationEvent(queryClient, "me", {
      v: 1,
      change: "new",
      notification: note("c", false, 3),
      unreadCount: 3,
    });
    const pages = list(queryClient) ?? [];
    expect(pages.map((page) => page.map((n) => n.id))).toEqual([["c", "a", "b"], []]);
    expect(pages[0]?.[0]?.count).toBe(3);
  });

  it("marks the named notifications read, or all of them", () => {
    const queryClient = client([[note("a"), note("b")]]);
    applyNotificationEvent(queryClient, "me", { v: 1, change: "read", ids: ["b"], unreadCount: 1 });
    expect(list(queryClient)?.[0]?.map((n) => n.read)).toEqual([false, true]);
    applyNotificationEvent(queryClient, "me", { v: 1, change: "read", ids: null, unreadCount: 0 });
    expect(list(queryClient)?.[0]?.map((n) => n.read)).toEqual([true, true]);
    expect(queryClient.getQueryData(unreadKey("me"))).toEqual({ count: 0 });
  });

  it("only counts while the list was never opened", () => {
    const queryClient = client(null);
    applyNotificationEvent(queryClient, "me", {
      v: 1,
      change: "new",
      notification: note("a"),
      unreadCount: 1,
    });
    expect(list(queryClient)).toBeUndefined();
    expect(queryClient.getQueryData(unreadKey("me"))).toEqual({ count: 1 });
  });
});
