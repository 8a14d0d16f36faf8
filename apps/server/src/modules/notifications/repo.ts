import type { NotificationType } from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { query } from "../scenes/rows.js";

/** A notification with what it shows: its actor's name and picture, its space's title. */
export interface NotificationListRow {
  id: string;
  recipient_id: string;
  type: NotificationType;
  actor_id: string;
  actor_name: string;
  actor_picture: string | null;
  scene_id: string | null;
  scene_title: string | null;
  comment_id: string | null;
  group_id: string | null;
  event_id: string | null;
  excerpt: string;
  count: number;
  read: boolean;
  created_at: string;
}

export interface NewNotification {
  id: string;
  recipientId: string;
  type: NotificationType;
  actorId: string;
  sceneId?: string | null;
  commentId?: string | null;
  groupId?: string | null;
  eventId?: string | null;
  excerpt?: string;
}

// timestamps as ISO 8601 text: both drivers answer the same
const LIST_SELECT = sql`SELECT n.id, n.recipient_id, n.type, n.actor_id, u.name AS actor_name,
    u.profile_picture_file_id AS actor_picture, n.scene_id, s.title AS scene_title, n.comment_id,
    n.group_id, n.event_id, n.excerpt, n.count, n.read_at IS NOT NULL AS read,
    to_json(n.created_at) #>> '{}' AS created_at
  FROM notifications n
  JOIN users u ON u.id = n.actor_id
  LEFT JOIN scenes s ON s.id = n.scene_id`;

export function createNotificationsRepo(db: Database) {
  async function byId(id: string): Promise<NotificationListRow | undefined> {
    const [row] = await query<NotificationListRow>(db, sql`${LIST_SELECT} WHERE n.id = ${id}`);
    return row;
  }

  return {
    byId,

    /**
     * Stores a notification and answers its id, or null when it was told before (a follow or
     * a like tells once). A direct message while the group's notification is unread grows that
     * one (newest message, count + 1) and answers its id.
     */
    async add(input: NewNotification): Promise<string | null> {
      const values = sql`(${input.id}, ${input.recipientId}, ${input.type}, ${input.actorId},
        ${input.sceneId ?? null}, ${input.commentId ?? null}, ${input.groupId ?? null},
        ${input.eventId ?? null}, ${input.excerpt ?? ""})`;
      const insert = sql`INSERT INTO notifications
        (id, recipient_id, type, actor_id, scene_id, comment_id, group_id, event_id, excerpt)
        VALUES ${values}`;
      let statement = sql`${insert} RETURNING id`;
      if (input.type === "follow") {
        statement = sql`${insert} ON CONFLICT (recipient_id, actor_id) WHERE type = 'follow'
          DO NOTHING RETURNING id`;
      } else if (input.type === "like") {
        statement = sql`${insert} ON CONFLICT (recipient_id, actor_id, scene_id) WHERE type = 'like'
          DO NOTHING RETURNING id`;
      } else if (input.type === "eventStarted") {
        statement = sql`${insert} ON CONFLICT (recipient_id, event_id) WHERE type = 'eventStarted'
          DO NOTHING RETURNING id`;
      } else if (input.type === "directMessage") {
        statement = sql`${insert}
          ON CONFLICT (recipient_id, group_id) WHERE type = 'directMessage' AND read_at IS NULL
          DO UPDATE SET actor_id = EXCLUDED.actor_id, excerpt = EXCLUDED.excerpt,
            count = notifications.count + 1, created_at = now()
          RETURNING id`;
      }
      const [row] = await query<{ id: string }>(db, statement);
      return row?.id ?? null;
    },

    /** A page of a user's notifications, newest first. */
    async list(recipientId: string, offset: number, limit: number) {
      return query<NotificationListRow>(
        db,
        sql`${LIST_SELECT} WHERE n.recipient_id = ${recipientId}
            ORDER BY n.created_at DESC, n.id DESC OFFSET ${offset} LIMIT ${limit}`,
      );
    },

    async unreadCount(recipientId: string): Promise<number> {
      const [row] = await query<{ count: number | string }>(
        db,
        sql`SELECT count(*) AS count FROM notifications
            WHERE recipient_id = ${recipientId} AND read_at IS NULL`,
      );
      return Number(row?.count ?? 0);
    },

    /** Marks one read; answers whether it was unread. */
    async markRead(id: string): Promise<boolean> {
      const rows = await query(
        db,
        sql`UPDATE notifications SET read_at = now() WHERE id = ${id} AND read_at IS NULL RETURNING 1`,
      );
      return rows.length > 0;
    },

    /** Marks read a recipient's unread party invitations from one inviter (answered now);
     * answers their ids. */
    async markPartyInvitationsRead(recipientId: string, inviterId: string): Promise<string[]> {
      const rows = await query<{ id: string }>(
        db,
        sql`UPDATE notifications SET read_at = now()
            WHERE recipient_id = ${recipientId} AND actor_id = ${inviterId}
              AND type = 'partyInvitation' AND read_at IS NULL RETURNING id`,
      );
      return rows.map((row) => row.id);
    },

    /** Marks all of a user's notifications read; answers how many were unread. */
    async markAllRead(recipientId: string): Promise<number> {
      const rows = await query(
        db,
        sql`UPDATE notifications SET read_at = now()
            WHERE recipient_id = ${recipientId} AND read_at IS NULL RETURNING 1`,
      );
      return rows.length;
    },

    /** Who is told of a new comment: the space's owner, and the author of the comment replied to. */
    async commentAudience(commentId: string) {
      const [row] = await query<{
        scene_id: string;
        author_id: string;
        body: string;
        owner_id: string;
        parent_author_id: string | null;
      }>(
        db,
        sql`SELECT c.scene_id, c.user_id AS author_id, c.body, s.owner_id, p.user_id AS parent_author_id
            FROM scene_comments c
            JOIN scenes s ON s.id = c.scene_id
            LEFT JOIN scene_comments p ON p.id = c.parent_comment_id
            WHERE c.id = ${commentId}`,
      );
      return row;
    },

    async sceneOwner(sceneId: string): Promise<string | null> {
      const [row] = await query<{ owner_id: string }>(
        db,
        sql`SELECT owner_id FROM scenes WHERE id = ${sceneId}`,
      );
      return row?.owner_id ?? null;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
