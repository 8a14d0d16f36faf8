import { z } from "zod";
import { IdSchema, TimestampSchema, UriSchema } from "./entities/common";

// Notifications (issue 16 item 7, spec 2 §7.4 notificationService and §7.7): persisted rows a
// user reads through REST, pushed live on the notificationhub to every open tab of the
// recipient. The hub's event names are the spec's notification kinds: Notification (what this
// file describes), Wallet and Subscription (their own payloads, elsewhere).

/** The notificationhub's server events: the spec's notification kinds. */
export const NOTIFICATION_HUB_KINDS = ["Notification", "Wallet", "Subscription"] as const;
export type NotificationHubKind = (typeof NOTIFICATION_HUB_KINDS)[number];

/** What a notification is about. */
export const NOTIFICATION_TYPES = [
  "follow",
  "like",
  "comment",
  "reply",
  "directMessage",
  "partyInvitation",
  "eventStarted",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The excerpt of a comment or message a notification carries, in characters. */
export const NOTIFICATION_EXCERPT_MAX = 140;
/** A list page holds at most this many notifications. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;

/** Cuts a comment or message to the excerpt a notification keeps (whole code points). */
export function notificationExcerpt(text: string): string {
  const chars = Array.from(text.trim().replace(/\s+/g, " "));
  return chars.length <= NOTIFICATION_EXCERPT_MAX
    ? chars.join("")
    : `${chars.slice(0, NOTIFICATION_EXCERPT_MAX - 1).join("")}…`;
}

export const NotificationActorSchema = z.object({
  userId: IdSchema,
  name: z.string().max(200),
  profilePicture: UriSchema.nullable(),
});

export const NotificationSchema = z
  .object({
    id: IdSchema,
    type: z.enum(NOTIFICATION_TYPES),
    /** Who did it: the follower, the one who liked, commented, replied or wrote. */
    actor: NotificationActorSchema,
    /** The space liked or commented on (like, comment, reply). */
    sceneId: IdSchema.nullable(),
    sceneTitle: z.string().max(500).nullable(),
    /** The comment or reply (comment, reply). */
    commentId: IdSchema.nullable(),
    /** The direct message group (directMessage). */
    groupId: IdSchema.nullable(),
    /** The event that started (eventStarted; its host is the actor). Added within version 1:
     * absent means null. */
    eventId: IdSchema.nullable().default(null),
    /** The comment's or message's first words. */
    excerpt: z.string().max(NOTIFICATION_EXCERPT_MAX * 2),
    /** Direct messages of one group while unread are one notification: how many. */
    count: z.number().int().min(1),
    read: z.boolean(),
    createdAt: TimestampSchema,
  })
  .superRefine((value, ctx) => {
    const needsScene =
      value.type === "like" ||
      value.type === "comment" ||
      value.type === "reply" ||
      value.type === "eventStarted";
    if (needsScene && value.sceneId === null) {
      ctx.addIssue({
        code: "custom",
        path: ["sceneId"],
        message: `a ${value.type} names its space`,
      });
    }
    if (value.type === "directMessage" && value.groupId === null) {
      ctx.addIssue({
        code: "custom",
        path: ["groupId"],
        message: "a direct message names its group",
      });
    }
    if (value.type === "eventStarted" && value.eventId === null) {
      ctx.addIssue({ code: "custom", path: ["eventId"], message: "an event names its event" });
    }
  });
export type Notification = z.infer<typeof NotificationSchema>;

export const UnreadNotificationsSchema = z.object({ count: z.number().int().min(0) });
export type UnreadNotifications = z.infer<typeof UnreadNotificationsSchema>;

export const NotificationsPageSchema = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE_MAX)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
});

// --- notificationhub, version 1 ---

/** The payload of the hub's Notification event: a new (or grown) notification, or read marks
 * made in another tab; both carry the recipient's unread count after the change. */
export const NotificationEventSchema = z.discriminatedUnion("change", [
  z.object({
    v: z.literal(1),
    change: z.literal("new"),
    notification: NotificationSchema,
    unreadCount: z.number().int().min(0),
  }),
  z.object({
    v: z.literal(1),
    change: z.literal("read"),
    /** The notifications marked read; null: all of them. */
    ids: z.array(IdSchema).max(NOTIFICATIONS_PAGE_MAX).nullable(),
    unreadCount: z.number().int().min(0),
  }),
]);
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** Server events of the notificationhub this side of the product sends (protocol version 1). */
export const notificationHubServerV1 = {
  Notification: NotificationEventSchema,
} as const;
