import type { Notification, UnreadNotifications } from "@atrium/domain";
import { api } from "./client";

// The notificationService calls (spec 2 §7.4, issue 16 item 7).

const BASE = "/api/notificationService/notification";

export const fetchNotifications = (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
  api<Notification[]>(BASE, { query: page, signal });
export const fetchUnreadNotifications = (signal?: AbortSignal) =>
  api<UnreadNotifications>(`${BASE}/unreadcount`, { signal });
export const markNotificationRead = (id: string) =>
  api<Notification>(`${BASE}/${encodeURIComponent(id)}/read`, { method: "POST", quiet: true });
export const markAllNotificationsRead = () =>
  api<UnreadNotifications>(`${BASE}/read`, { method: "POST" });
