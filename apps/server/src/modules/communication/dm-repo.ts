import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { query } from "../scenes/rows.js";

export interface DmGroupRow {
  id: string;
  title: string;
  created_by: string;
  created_at: string;
  last_message_at: string;
  member_ids: string[];
}
export interface DmMessageRow {
  id: string;
  group_id: string;
  sender_id: string;
  text: string;
  created_at: string;
}

// timestamps as ISO 8601 text: both drivers answer the same
const GROUP_COLUMNS = sql`g.id, g.title, g.created_by, to_json(g.created_at) #>> '{}' AS created_at,
  to_json(g.last_message_at) #>> '{}' AS last_message_at,
  ARRAY(SELECT m.user_id FROM direct_message_group_members m WHERE m.group_id = g.id
        ORDER BY m.joined_at, m.user_id) AS member_ids`;

export function createDmRepo(db: Database) {
  return {
    async create(id: string, createdBy: string, title: string, memberIds: string[]) {
      await db.transaction(async (tx) => {
        await query(
          tx,
          sql`INSERT INTO direct_message_groups (id, title, created_by) VALUES (${id}, ${title}, ${createdBy})`,
        );
        for (const userId of memberIds) {
          await query(
            tx,
            sql`INSERT INTO direct_message_group_members (group_id, user_id) VALUES (${id}, ${userId})`,
          );
        }
      });
    },
    async group(id: string): Promise<DmGroupRow | undefined> {
      const [row] = await query<DmGroupRow>(
        db,
        sql`SELECT ${GROUP_COLUMNS} FROM direct_message_groups g WHERE g.id = ${id}`,
      );
      return row;
    },
    /** The two-person group of exactly these two people, if there is one. */
    async pairGroup(a: string, b: string): Promise<DmGroupRow | undefined> {
      const [row] = await query<DmGroupRow>(
        db,
        sql`SELECT ${GROUP_COLUMNS} FROM direct_message_groups g
            WHERE (SELECT count(*) FROM direct_message_group_members m WHERE m.group_id = g.id) = 2
              AND EXISTS (SELECT 1 FROM direct_message_group_members m WHERE m.group_id = g.id AND m.user_id = ${a})
              AND EXISTS (SELECT 1 FROM direct_message_group_members m WHERE m.group_id = g.id AND m.user_id = ${b})
            ORDER BY g.created_at LIMIT 1`,
      );
      return row;
    },
    async groupsOf(userId: string): Promise<DmGroupRow[]> {
      return query<DmGroupRow>(
        db,
        sql`SELECT ${GROUP_COLUMNS} FROM direct_message_groups g
            JOIN direct_message_group_members me ON me.group_id = g.id AND me.user_id = ${userId}
            ORDER BY g.last_message_at DESC, g.id`,
      );
    },
    async addMessage(id: string, groupId: string, senderId: string, text: string) {
      const [row] = await query<DmMessageRow>(
        db,
        sql`WITH touched AS (
              UPDATE direct_message_groups SET last_message_at = now() WHERE id = ${groupId}
            )
            INSERT INTO direct_messages (id, group_id, sender_id, text)
            VALUES (${id}, ${groupId}, ${senderId}, ${text})
            RETURNING id, group_id, sender_id, text, to_json(created_at) #>> '{}' AS created_at`,
      );
      if (!row) throw new Error("message not stored");
      return row;
    },
    /** A page of messages, newest page first (page 0 = the latest), oldest first within it. */
    async messages(groupId: string, offset: number, limit: number): Promise<DmMessageRow[]> {
      const rows = await query<DmMessageRow>(
        db,
        sql`SELECT id, group_id, sender_id, text, to_json(created_at) #>> '{}' AS created_at
            FROM direct_messages
            WHERE group_id = ${groupId}
            ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
      );
      return rows.reverse();
    },
  };
}

export type DmRepo = ReturnType<typeof createDmRepo>;
