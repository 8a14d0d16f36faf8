import { randomUUID } from "node:crypto";
import {
  type Notification,
  type NotificationEvent,
  NotificationEventSchema,
  notificationExcerpt,
} from "@atrium/domain";
import type { Logger } from "pino";
import { ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import type { NewNotification, NotificationListRow, NotificationsRepo } from "./repo.js";

/** Where notifications are pushed (the notificationhub), set once the hub exists. */
export interface NotificationPublisher {
  publish(recipientId: string, event: NotificationEvent): void;
}

/** Whether `recipientId` blocked `actorId`: a blocked actor's doings are not told. */
export type BlockCheck = (recipientId: string, actorId: string) => Promise<boolean>;

export function toNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: {
      userId: row.actor_id,
      name: row.actor_name,
      profilePicture: row.actor_picture ? fileUrl(row.actor_picture) : null,
    },
    sceneId: row.scene_id,
    sceneTitle: row.scene_title,
    commentId: row.comment_id,
    groupId: row.group_id,
    eventId: row.event_id,
    excerpt: row.excerpt,
    count: Number(row.count),
    read: Boolean(row.read),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Notifications (issue 16 item 7): the social modules tell this service what happened (a
 * follow, a like, a comment or reply, a direct message); it stores a notification for each
 * person concerned (never the actor; never someone who blocked the actor) and pushes it to the
 * recipient's open tabs. Telling never fails the action that told: a failure is logged.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepo;
  logger: Logger;
  blocked?: BlockCheck;
}) {
  const { repo, logger } = deps;
  let publisher: NotificationPublisher | null = null;
  let blocked = deps.blocked ?? null;

  function push(recipientId: string, event: NotificationEvent) {
    if (!publisher) return;
    // what leaves the server is what the web will check
    const parsed = NotificationEventSchema.safeParse(event);
    if (!parsed.success) {
      logger.error({ issues: parsed.error.issues }, "notification event does not match its schema");
      return;
    }
    publisher.publish(recipientId, parsed.data);
  }

  async function tell(input: Omit<NewNotification, "id">) {
    if (input.recipientId === input.actorId) return;
    if (blocked && (await blocked(input.recipientId, input.actorId))) return;
    const id = await repo.add({ ...input, id: randomUUID() });
    if (!id) return;
    const row = await repo.byId(id);
    if (!row) return;
    push(input.recipientId, {
      v: 1,
      change: "new",
      notification: toNotification(row),
      unreadCount: await repo.unreadCount(input.recipientId),
    });
  }

  async function safely(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      logger.error({ err, what }, "notification failed");
    }
  }

  async function own(auth: AuthContext | null, id: string) {
    const me = assertSignedIn(auth);
    const row = await repo.byId(id);
    if (!row) throw new NotFoundError();
    if (row.recipient_id !== me.userId) throw new ForbiddenError();
    return { me, row };
  }

  return {
    setPublisher(next: NotificationPublisher) {
      publisher = next;
    },
    /** The block rule, once blocking exists. */
    setBlockCheck(next: BlockCheck) {
      blocked = next;
    },

    // --- what the social modules tell ---

    followed: (actorId: string, followeeId: string) =>
      safely("follow", () => tell({ type: "follow", actorId, recipientId: followeeId })),

    liked: (actorId: string, sceneId: string) =>
      safely("like", async () => {
        const owner = await repo.sceneOwner(sceneId);
        if (owner) await tell({ type: "like", actorId, recipientId: owner, sceneId });
      }),

    /** A new comment tells the space's owner; a reply tells the author replied to as well. */
    commented: (actorId: string, commentId: string) =>
      safely("comment", async () => {
        const found = await repo.commentAudience(commentId);
        if (!found) return;
        const about = {
          actorId,
          sceneId: found.scene_id,
          commentId,
          excerpt: notificationExcerpt(found.body),
        };
        if (found.parent_author_id) {
          await tell({ ...about, type: "reply", recipientId: found.parent_author_id });
        }
        if (found.owner_id !== found.parent_author_id) {
          await tell({ ...about, type: "comment", recipientId: found.owner_id });
        }
      }),

    directMessage: (actorId: string, groupId: string, memberIds: string[], text: string) =>
      safely("directMessage", async () => {
        for (const recipientId of memberIds) {
          await tell({
            type: "directMessage",
            actorId,
            recipientId,
            groupId,
            excerpt: notificationExcerpt(text),
          });
        }
      }),

    /** A party invitation (issue 19), with the space the inviter was in. */
    partyInvitation: (actorId: string, recipientId: string, sceneId: string | null) =>
      safely("partyInvitation", () =>
        tell({ type: "partyInvitation", actorId, recipientId, sceneId }),
      ),
    /**
     * The invitee answered a party invitation (accepted or declined): its bell entry is read
     * now, and the invitee's open tabs are told (the count drops, the entry stops asking).
     */
    partyInvitationAnswered: (recipientId: string, inviterId: string) =>
      safely("partyInvitationAnswered", async () => {
        const ids = await repo.markPartyInvitationsRead(recipientId, inviterId);
        if (ids.length === 0) return;
        const unreadCount = await repo.unreadCount(recipientId);
        push(recipientId, { v: 1, change: "read", ids, unreadCount });
      }),
    /** An event started: its host's followers are told, once per follower and event. */
    eventStarted: (
      event: { hostId: string; eventId: string; sceneId: string; title: string },
      followerIds: string[],
    ) =>
      (async () => {
        // one follower's failure does not keep the others from being told
        for (const recipientId of followerIds) {
          await safely("eventStarted", () =>
            tell({
              type: "eventStarted",
              actorId: event.hostId,
              recipientId,
              sceneId: event.sceneId,
              eventId: event.eventId,
              excerpt: notificationExcerpt(event.title),
            }),
          );
        }
      })(),

    // --- the notificationService calls ---

    async list(auth: AuthContext | null, page: { cp: number; ipp: number }) {
      const me = assertSignedIn(auth);
      return (await repo.list(me.userId, page.cp * page.ipp, page.ipp)).map(toNotification);
    },

    async unreadCount(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return { count: await repo.unreadCount(me.userId) };
    },

    /** Marks one of mine read (403 for another's, 404 for none); the other tabs are told. */
    async markRead(auth: AuthContext | null, id: string) {
      const { me } = await own(auth, id);
      const changed = await repo.markRead(id);
      const unreadCount = await repo.unreadCount(me.userId);
      if (changed) push(me.userId, { v: 1, change: "read", ids: [id], unreadCount });
      const row = await repo.byId(id);
      if (!row) throw new NotFoundError();
      return toNotification(row);
    },

    async markAllRead(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      const changed = await repo.markAllRead(me.userId);
      const count = await repo.unreadCount(me.userId);
      if (changed > 0) push(me.userId, { v: 1, change: "read", ids: null, unreadCount: count });
      return { count };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
