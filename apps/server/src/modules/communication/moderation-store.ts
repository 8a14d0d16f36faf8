import { randomUUID } from "node:crypto";
import type {
  ModerationAction,
  ModerationLogEntry,
  SpaceModeration,
  SpaceMuteEntry,
} from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { query } from "../scenes/rows.js";

/** Whom a mute names: a user (or a guest's id for one visit) and, for a guest, its address. */
export interface MuteSubject {
  userId: string;
  addressKey: string | null;
  name: string;
  guest: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The space owner's moderation, kept in PostgreSQL so that every app instance and every
 * reconnection sees it (tables of migration 0760): mutes for everyone, the chat lock, the log.
 * Access is checked by the caller (realtime/moderation.ts): these are plain reads and writes.
 */
export function createModerationStore(db: Database) {
  return {
    /** What a visitor joining a space must know: whether the chat is locked, whether they are muted. */
    async joinState(sceneId: string, subject: { userId: string; addressKey: string | null }) {
      const [row] = await query<{ locked: boolean; muted: boolean }>(
        db,
        sql`SELECT
              EXISTS (SELECT 1 FROM space_chat_locks WHERE scene_id = ${sceneId}) AS locked,
              EXISTS (SELECT 1 FROM space_mutes WHERE scene_id = ${sceneId}
                        AND (expires_at IS NULL OR expires_at > now())
                        AND (user_id = ${subject.userId}
                             OR (${subject.addressKey}::text IS NOT NULL AND address_key = ${subject.addressKey}))) AS muted`,
      );
      return { chatLocked: Boolean(row?.locked), muted: Boolean(row?.muted) };
    },

    /** Which of these users are muted for everyone in the space. */
    async mutedAmong(sceneId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await query<{ user_id: string }>(
        db,
        sql`SELECT user_id FROM space_mutes WHERE scene_id = ${sceneId}
              AND (expires_at IS NULL OR expires_at > now())
              AND user_id IN (${sql.join(
                userIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );
      return rows.map((row) => row.user_id);
    },

    /**
     * A guest muted by their address came back under a new guest id: their mute is moved to that
     * id (and name), so that the owner's list and menus name them as they are now and Unmute
     * finds it. Whether a mute was moved (false when it already names them).
     */
    async adoptGuestMute(
      sceneId: string,
      guest: { userId: string; addressKey: string; name: string },
    ): Promise<boolean> {
      const rows = await query<{ user_id: string }>(
        db,
        sql`UPDATE space_mutes SET user_id = ${guest.userId}, name = ${guest.name}
            WHERE scene_id = ${sceneId}
              AND user_id = (SELECT user_id FROM space_mutes WHERE scene_id = ${sceneId}
                               AND address_key = ${guest.addressKey}
                               AND (expires_at IS NULL OR expires_at > now())
                             ORDER BY created_at DESC LIMIT 1)
              AND NOT EXISTS (SELECT 1 FROM space_mutes WHERE scene_id = ${sceneId}
                                AND user_id = ${guest.userId})
            RETURNING user_id`,
      );
      return rows.length > 0;
    },

    async mute(sceneId: string, subject: MuteSubject, by: string, until: Date | null) {
      await query(
        db,
        sql`INSERT INTO space_mutes (scene_id, user_id, address_key, name, guest, muted_by, expires_at)
            VALUES (${sceneId}, ${subject.userId}, ${subject.addressKey}, ${subject.name},
                    ${subject.guest}, ${by}, ${until ? until.toISOString() : null})
            ON CONFLICT (scene_id, user_id) DO UPDATE
              SET address_key = EXCLUDED.address_key, muted_by = EXCLUDED.muted_by,
                  created_at = now(), expires_at = EXCLUDED.expires_at`,
      );
    },

    /** Lifts a mute; the removed mute (for the log and the live update), or null if none. */
    async unmute(sceneId: string, userId: string): Promise<MuteSubject | null> {
      const [row] = await query<{
        user_id: string;
        address_key: string | null;
        name: string;
        guest: boolean;
      }>(
        db,
        sql`DELETE FROM space_mutes WHERE scene_id = ${sceneId} AND user_id = ${userId}
            RETURNING user_id, address_key, name, guest`,
      );
      return row
        ? { userId: row.user_id, addressKey: row.address_key, name: row.name, guest: row.guest }
        : null;
    },

    /** Locks or unlocks the chat; whether anything changed. */
    async setChatLock(sceneId: string, locked: boolean, by: string): Promise<boolean> {
      const rows = locked
        ? await query(
            db,
            sql`INSERT INTO space_chat_locks (scene_id, locked_by) VALUES (${sceneId}, ${by})
                ON CONFLICT DO NOTHING RETURNING scene_id`,
          )
        : await query(
            db,
            sql`DELETE FROM space_chat_locks WHERE scene_id = ${sceneId} RETURNING scene_id`,
          );
      return rows.length > 0;
    },

    async log(entry: {
      sceneId: string;
      actorId: string;
      action: ModerationAction;
      target: { userId: string; name: string; guest: boolean } | null;
      instanceId: string | null;
    }) {
      await query(
        db,
        sql`INSERT INTO moderation_log
              (id, scene_id, actor_id, action, target_user_id, target_name, target_guest, instance_id)
            VALUES (${randomUUID()}, ${entry.sceneId}, ${entry.actorId}, ${entry.action},
                    ${entry.target?.userId ?? null}, ${entry.target?.name ?? null},
                    ${entry.target?.guest ?? null}, ${entry.instanceId})`,
      );
    },

    async state(sceneId: string): Promise<SpaceModeration> {
      const [lock] = await query<{ scene_id: string }>(
        db,
        sql`SELECT scene_id FROM space_chat_locks WHERE scene_id = ${sceneId}`,
      );
      const rows = await query<{
        user_id: string;
        name: string;
        guest: boolean;
        created_at: Date | string;
        expires_at: Date | string | null;
      }>(
        db,
        sql`SELECT user_id, name, guest, created_at, expires_at FROM space_mutes
            WHERE scene_id = ${sceneId} AND (expires_at IS NULL OR expires_at > now())
            ORDER BY created_at DESC, user_id LIMIT 1000`,
      );
      const mutes: SpaceMuteEntry[] = rows.map((row) => ({
        userId: row.user_id,
        name: row.name,
        guest: row.guest,
        since: iso(row.created_at),
        until: row.expires_at ? iso(row.expires_at) : null,
      }));
      return { sceneId, chatLocked: Boolean(lock), mutes };
    },

    /** The log, newest first. */
    async logPage(sceneId: string, cp: number, ipp: number): Promise<ModerationLogEntry[]> {
      const rows = await query<{
        id: string;
        action: ModerationAction;
        actor_id: string;
        actor_name: string;
        target_user_id: string | null;
        target_name: string | null;
        target_guest: boolean | null;
        instance_id: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT l.id, l.action, l.actor_id, u.name AS actor_name, l.target_user_id,
                   l.target_name, l.target_guest, l.instance_id, l.created_at
            FROM moderation_log l JOIN users u ON u.id = l.actor_id
            WHERE l.scene_id = ${sceneId}
            ORDER BY l.created_at DESC, l.id LIMIT ${ipp} OFFSET ${cp * ipp}`,
      );
      return rows.map((row) => ({
        id: row.id,
        sceneId,
        action: row.action,
        actor: { userId: row.actor_id, name: row.actor_name },
        target: row.target_user_id
          ? {
              userId: row.target_user_id,
              name: row.target_name ?? "",
              guest: Boolean(row.target_guest),
            }
          : null,
        instanceId: row.instance_id,
        time: iso(row.created_at),
      }));
    },
  };
}

export type ModerationStore = ReturnType<typeof createModerationStore>;
