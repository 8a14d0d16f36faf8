import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { query } from "../scenes/rows.js";

/** An event with what it shows: its space's title and owner (the host). */
export interface SceneEventRow {
  id: string;
  scene_id: string;
  scene_title: string;
  owner_id: string;
  owner_name: string;
  owner_picture: string | null;
  title: string;
  description: string;
  starts_at: Date | string;
  duration_minutes: number;
  cover_file_id: string | null;
  cancelled_at: Date | string | null;
  start_notified_at: Date | string | null;
  created_at: Date | string;
}

export interface EventMessageRow {
  id: string;
  event_id: string;
  author_id: string;
  author_name: string;
  author_picture: string | null;
  body: string;
  created_at: Date | string;
}

export interface EventValues {
  title: string;
  description: string;
  startsAt: string;
  durationMinutes: number;
  coverFileId: string | null;
}

const SELECT = sql`SELECT e.id, e.scene_id, s.title AS scene_title, s.owner_id,
    u.name AS owner_name, u.profile_picture_file_id AS owner_picture, e.title, e.description,
    e.starts_at, e.duration_minutes, e.cover_file_id, e.cancelled_at, e.start_notified_at,
    e.created_at
  FROM scene_events e
  JOIN scenes s ON s.id = e.scene_id
  JOIN users u ON u.id = s.owner_id`;

export function createEventsRepo(db: Database) {
  async function byId(id: string): Promise<SceneEventRow | undefined> {
    const [row] = await query<SceneEventRow>(db, sql`${SELECT} WHERE e.id = ${id}`);
    return row;
  }

  return {
    byId,

    /** A space's events not cancelled that end after `now`, by start. */
    async current(sceneId: string, now: Date): Promise<SceneEventRow[]> {
      return query<SceneEventRow>(
        db,
        sql`${SELECT} WHERE e.scene_id = ${sceneId} AND e.cancelled_at IS NULL
          AND e.starts_at + make_interval(mins => e.duration_minutes) > ${now.toISOString()}::timestamptz
          ORDER BY e.starts_at, e.id`,
      );
    },

    async add(id: string, sceneId: string, values: EventValues) {
      await db.execute(sql`INSERT INTO scene_events
        (id, scene_id, title, description, starts_at, duration_minutes, cover_file_id)
        VALUES (${id}, ${sceneId}, ${values.title}, ${values.description},
          ${values.startsAt}::timestamptz, ${values.durationMinutes}, ${values.coverFileId})`);
    },

    /** Changes an event; a new start is told to the followers again when it comes (the
     * notification itself is once per follower and event). */
    async update(id: string, values: EventValues, startChanged: boolean) {
      await db.execute(sql`UPDATE scene_events SET title = ${values.title},
        description = ${values.description}, starts_at = ${values.startsAt}::timestamptz,
        duration_minutes = ${values.durationMinutes}, cover_file_id = ${values.coverFileId},
        start_notified_at = CASE WHEN ${startChanged} THEN NULL ELSE start_notified_at END,
        updated_at = now()
        WHERE id = ${id}`);
    },

    async cancel(id: string) {
      await db.execute(
        sql`UPDATE scene_events SET cancelled_at = coalesce(cancelled_at, now()), updated_at = now()
          WHERE id = ${id}`,
      );
    },

    /**
     * Claims the events that started and were not told yet: each row goes to exactly one
     * caller, whichever app instance calls (the UPDATE's row lock; SKIP LOCKED lets a second
     * caller pass the rows another is claiming instead of waiting for them).
     */
    async claimStarted(now: Date, limit: number): Promise<SceneEventRow[]> {
      const claimed = await query<{ id: string }>(
        db,
        sql`UPDATE scene_events SET start_notified_at = ${now.toISOString()}::timestamptz
          WHERE id IN (
            SELECT id FROM scene_events
            WHERE start_notified_at IS NULL AND cancelled_at IS NULL
              AND starts_at <= ${now.toISOString()}::timestamptz
            ORDER BY starts_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          AND start_notified_at IS NULL
          RETURNING id`,
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((row) => row.id);
      return query<SceneEventRow>(
        db,
        sql`${SELECT} WHERE e.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY e.starts_at`,
      );
    },

    async followersOf(userId: string): Promise<string[]> {
      const rows = await query<{ follower_id: string }>(
        db,
        sql`SELECT follower_id FROM user_follows WHERE followee_id = ${userId}`,
      );
      return rows.map((row) => row.follower_id);
    },

    async addMessage(message: Omit<EventMessageRow, "created_at"> & { created_at: string }) {
      await db.execute(sql`INSERT INTO scene_event_messages
        (id, event_id, author_id, author_name, author_picture, body, created_at)
        VALUES (${message.id}, ${message.event_id}, ${message.author_id}, ${message.author_name},
          ${message.author_picture}, ${message.body}, ${message.created_at}::timestamptz)`);
    },

    /** The latest `limit` messages of an event, oldest first. */
    async messages(eventId: string, limit: number): Promise<EventMessageRow[]> {
      const rows = await query<EventMessageRow>(
        db,
        sql`SELECT * FROM scene_event_messages WHERE event_id = ${eventId}
          ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.reverse();
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
