import {
  type ConnectionState,
  NOTIFICATIONS_PAGE_DEFAULT,
  type Notification,
  type NotificationEvent,
  notificationHubServerV1,
} from "@atrium/domain";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  fetchNotifications,
  fetchUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../api/notifications";
import { acquireNotificationHub } from "../live/notification-hub";

// keyed by account: another account signed in in the same tab never sees these
export const unreadKey = (userId: string) => ["notifications", userId, "unread"] as const;
export const listKey = (userId: string) => ["notifications", userId, "list"] as const;
type Pages = InfiniteData<Notification[], number>;

/** Applies one notificationhub event to the cached count and list (exported for tests). */
export function applyNotificationEvent(
  queryClient: QueryClient,
  userId: string,
  event: NotificationEvent,
) {
  queryClient.setQueryData(unreadKey(userId), { count: event.unreadCount });
  queryClient.setQueryData<Pages>(listKey(userId), (data) => {
    if (!data) return data;
    if (event.change === "new") {
      // a grown notification (more messages of one conversation) moves to the top
      const rest = data.pages.map((page) => page.filter((n) => n.id !== event.notification.id));
      const [first = [], ...others] = rest;
      return { ...data, pages: [[event.notification, ...first], ...others] };
    }
    const ids = event.ids ? new Set(event.ids) : null;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)),
      ),
    };
  });
}

/**
 * The signed-in user's notifications: the unread count, the list (newest first, a page at a
 * time, loaded when `listOpen`), marking read, and live updates from the notificationhub
 * (every event checked against the domain's schema; one that does not match is dropped).
 */
export function useNotifications(userId: string, listOpen: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConnectionState>("Disconnected");
  const unread = useQuery({
    queryKey: unreadKey(userId),
    queryFn: ({ signal }) => fetchUnreadNotifications(signal),
  });
  const list = useInfiniteQuery({
    queryKey: listKey(userId),
    queryFn: ({ pageParam, signal }) =>
      fetchNotifications({ cp: pageParam, ipp: NOTIFICATIONS_PAGE_DEFAULT }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < NOTIFICATIONS_PAGE_DEFAULT ? undefined : pages.length,
    enabled: listOpen,
  });

  useEffect(() => {
    let connectedBefore = false;
    const hub = acquireNotificationHub(setState);
    const onConnect = () => {
      // what happened while the connection was down: ask again
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: ["notifications", userId] });
      }
      connectedBefore = true;
    };
    const onNotification = (payload: unknown) => {
      const parsed = notificationHubServerV1.Notification.safeParse(payload);
      if (parsed.success) applyNotificationEvent(queryClient, userId, parsed.data);
    };
    if (hub.socket.connected) connectedBefore = true;
    hub.socket.on("connect", onConnect);
    hub.socket.on("Notification", onNotification);
    return () => {
      hub.socket.off("connect", onConnect);
      hub.socket.off("Notification", onNotification);
      hub.release();
    };
  }, [queryClient, userId]);

  const markRead = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: (notification) => {
      queryClient.setQueryData<Pages>(listKey(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((n) => (n.id === notification.id ? notification : n)),
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: unreadKey(userId) });
    },
  });
  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count) => {
      applyNotificationEvent(queryClient, userId, {
        v: 1,
        change: "read",
        ids: null,
        unreadCount: count.count,
      });
    },
  });

  return {
    state,
    unreadCount: unread.data?.count ?? 0,
    list,
    items: list.data?.pages.flat() ?? [],
    markRead: markRead.mutate,
    markAllRead: markAllRead.mutate,
    markingAll: markAllRead.isPending,
  };
}
