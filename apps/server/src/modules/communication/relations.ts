import { BLOCK_LIST_MAX, type RelationEntry, relationMessages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { BadRequestError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import { query } from "../scenes/rows.js";
import type { createUsersRepo } from "../users/repo.js";

type Kind = "block" | "mute";
const TABLES = {
  block: { table: sql`user_blocks`, owner: sql`blocker_id`, other: sql`blocked_id` },
  mute: { table: sql`user_mutes`, owner: sql`user_id`, other: sql`muted_id` },
} as const;

/**
 * Blocks and mutes between users (the viewer's creator and visitor menu). A block is enforced
 * by the server everywhere it carries one user's words to another: direct messages, public chat,
 * greetings. A mute is for oneself: the list is kept here, the viewer hides what it names.
 */
export function createRelationsService(deps: {
  db: Database;
  users: ReturnType<typeof createUsersRepo>;
}) {
  const { db, users } = deps;

  async function list(kind: Kind, userId: string): Promise<RelationEntry[]> {
    const t = TABLES[kind];
    const rows = await query<{ id: string; since: string }>(
      db,
      sql`SELECT ${t.other} AS id, to_json(created_at) #>> '{}' AS since FROM ${t.table}
          WHERE ${t.owner} = ${userId} ORDER BY created_at DESC, ${t.other} LIMIT ${BLOCK_LIST_MAX}`,
    );
    const people = new Map((await users.findMany(rows.map((row) => row.id))).map((u) => [u.id, u]));
    return rows.flatMap((row) => {
      const user = people.get(row.id);
      return user
        ? [
            {
              userId: user.id,
              name: user.name,
              profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
              since: new Date(row.since).toISOString(),
            },
          ]
        : [];
    });
  }

  async function add(kind: Kind, auth: AuthContext | null, otherId: string) {
    const me = assertSignedIn(auth);
    if (otherId === me.userId) {
      throw new BadRequestError(relationMessages.self, [
        { path: "body.userId", message: "must name someone other than you" },
      ]);
    }
    if (!(await users.findById(otherId))) throw new NotFoundError();
    const t = TABLES[kind];
    const [count] = await query<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${t.table} WHERE ${t.owner} = ${me.userId}`,
    );
    if ((count?.n ?? 0) >= BLOCK_LIST_MAX) {
      throw new BadRequestError("Your list is full", [
        { path: "body.userId", message: `at most ${BLOCK_LIST_MAX} people` },
      ]);
    }
    await query(
      db,
      sql`INSERT INTO ${t.table} (${t.owner}, ${t.other}) VALUES (${me.userId}, ${otherId})
          ON CONFLICT DO NOTHING`,
    );
    return list(kind, me.userId);
  }

  async function remove(kind: Kind, auth: AuthContext | null, otherId: string) {
    const me = assertSignedIn(auth);
    const t = TABLES[kind];
    await query(
      db,
      sql`DELETE FROM ${t.table} WHERE ${t.owner} = ${me.userId} AND ${t.other} = ${otherId}`,
    );
    return list(kind, me.userId);
  }

  return {
    blocks: (auth: AuthContext | null) => list("block", assertSignedIn(auth).userId),
    mutes: (auth: AuthContext | null) => list("mute", assertSignedIn(auth).userId),
    block: (auth: AuthContext | null, otherId: string) => add("block", auth, otherId),
    unblock: (auth: AuthContext | null, otherId: string) => remove("block", auth, otherId),
    mute: (auth: AuthContext | null, otherId: string) => add("mute", auth, otherId),
    unmute: (auth: AuthContext | null, otherId: string) => remove("mute", auth, otherId),

    /** What stands between the caller and another user. */
    async relation(auth: AuthContext | null, otherId: string) {
      const me = assertSignedIn(auth);
      const [row] = await query<{ blocked: boolean; blocked_me: boolean; muted: boolean }>(
        db,
        sql`SELECT
              EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = ${me.userId} AND blocked_id = ${otherId}) AS blocked,
              EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = ${otherId} AND blocked_id = ${me.userId}) AS blocked_me,
              EXISTS (SELECT 1 FROM user_mutes WHERE user_id = ${me.userId} AND muted_id = ${otherId}) AS muted`,
      );
      return {
        userId: otherId,
        blocked: Boolean(row?.blocked),
        blockedMe: Boolean(row?.blocked_me),
        muted: Boolean(row?.muted),
      };
    },

    /** The users who blocked `userId` (their sockets must not receive its words). */
    async blockersOf(userId: string): Promise<string[]> {
      if (userId.startsWith("guest-")) return [];
      const rows = await query<{ id: string }>(
        db,
        sql`SELECT blocker_id AS id FROM user_blocks WHERE blocked_id = ${userId}`,
      );
      return rows.map((row) => row.id);
    },

    /** Whether `a` blocked `b` or `b` blocked `a`, for any of the others (the pairs that may not talk). */
    async blockedAmong(userId: string, others: string[]): Promise<string[]> {
      if (others.length === 0 || userId.startsWith("guest-")) return [];
      const rows = await query<{ id: string }>(
        db,
        sql`SELECT blocker_id AS id FROM user_blocks
              WHERE blocked_id = ${userId} AND blocker_id IN (${sql.join(
                others.map((id) => sql`${id}`),
                sql`, `,
              )})
            UNION
            SELECT blocked_id AS id FROM user_blocks
              WHERE blocker_id = ${userId} AND blocked_id IN (${sql.join(
                others.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );
      return rows.map((row) => row.id);
    },
  };
}

export type RelationsService = ReturnType<typeof createRelationsService>;
