import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_EXCERPT_MAX,
  NotificationEventSchema,
  NotificationSchema,
  NotificationsPageSchema,
  notificationExcerpt,
  notificationHubServerV1,
} from "./notifications";

const follow = {
  id: "n1",
  type: "follow",
  actor: { userId: "u1", name: "Ada", profilePicture: null },
  sceneId: null,
  sceneTitle: null,
  commentId: null,
  groupId: null,
  eventId: null,
  excerpt: "",
  count: 1,
  read: false,
  createdAt: "2026-11-26T10:00:00.000Z",
};

describe("notification schemas", () => {
  it("accepts each kind with what it is about", () => {
    expect(NotificationSchema.parse(follow)).toEqual(follow);
    const like = { ...follow, type: "like", sceneId: "s1", sceneTitle: "Hall" };
    expect(NotificationSchema.safeParse(like).success).toBe(true);
    const dm = { ...follow, type: "directMessage", groupId: "g1", excerpt: "hi", count: 3 };
    expect(NotificationSchema.safeParse(dm).success).toBe(true);
  });

  it("refuses a like, comment or reply without its space and a message without its group", () => {
    for (const type of ["like", "comment", "reply"]) {
      const result = NotificationSchema.safeParse({ ...follow, type });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["sceneId"]);
    }
    const dm = NotificationSchema.safeParse({ ...follow, type: "directMessage" });
    expect(dm.error?.issues[0]?.path).toEqual(["groupId"]);
  });

  it("refuses unknown types, counts below one and timestamps without an offset", () => {
    expect(NotificationSchema.safeParse({ ...follow, type: "poke" }).success).toBe(false);
    expect(NotificationSchema.safeParse({ ...follow, count: 0 }).success).toBe(false);
    expect(NotificationSchema.safeParse({ ...follow, createdAt: "yesterday" }).success).toBe(false);
  });

  it("the hub event is versioned: new notifications and read marks, nothing else", () => {
    const event = { v: 1, change: "new", notification: follow, unreadCount: 1 };
    expect(notificationHubServerV1.Notification.parse(event)).toEqual(event);
    const read = { v: 1, change: "read", ids: null, unreadCount: 0 };
    expect(NotificationEventSchema.parse(read)).toEqual(read);
    expect(NotificationEventSchema.safeParse({ ...event, v: 2 }).success).toBe(false);
    expect(NotificationEventSchema.safeParse({ ...read, change: "gone" }).success).toBe(false);
    expect(NotificationEventSchema.safeParse({ ...read, unreadCount: -1 }).success).toBe(false);
  });

  it("paging defaults and limits", () => {
    expect(NotificationsPageSchema.parse({})).toEqual({ cp: 0, ipp: 20 });
    expect(NotificationsPageSchema.parse({ cp: "2", ipp: "5" })).toEqual({ cp: 2, ipp: 5 });
    expect(NotificationsPageSchema.safeParse({ ipp: "51" }).success).toBe(false);
    expect(NotificationsPageSchema.safeParse({ cp: "-1" }).success).toBe(false);
  });
});

describe("notificationExcerpt", () => {
  it("folds whitespace and keeps short texts whole", () => {
    expect(notificationExcerpt("  hello \n  there ")).toBe("hello there");
  });
  it("cuts long texts on code points with an ellipsis", () => {
    const long = "😀".repeat(NOTIFICATION_EXCERPT_MAX + 10);
    const cut = notificationExcerpt(long);
    expect(Array.from(cut)).toHaveLength(NOTIFICATION_EXCERPT_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.includes("\uFFFD")).toBe(false);
  });
});
