import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type UserRow, userFollows, users } from "../../db/schema/index.js";

/** `%` and `_` typed by a user match themselves, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createUsersRepo(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id));
      return rows[0] ?? null;
    },

    async findMany(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    async findByUsername(username: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return rows[0] ?? null;
    },

    async update(id: string, values: Partial<typeof users.$inferInsert>) {
      const rows = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Searchable users with a profile whose name or username contains `text`, by name; with no
     * text, every such user, the most followed first (explore's Creators tab before a search).
     */
    async search(text: string, page: { offset: number; limit: number }): Promise<UserRow[]> {
      const wanted = text.trim();
      const listed = and(eq(users.searchable, true), isNotNull(users.profileCreatedAt));
      if (wanted === "") {
        const followers = sql`(select count(*) from ${userFollows} where ${userFollows.followeeId} = ${users.id})`;
        return db
          .select()
          .from(users)
          .where(listed)
          .orderBy(desc(followers), asc(sql`lower(${users.name})`), asc(users.id))
          .offset(page.offset)
          .limit(page.limit);
      }
      const pattern = likePattern(wanted);
      return db
        .select()
        .from(users)
        .where(and(listed, or(ilike(users.name, pattern), ilike(users.username, pattern))))
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    async followCounts(userId: string) {
      const [followers, following] = await Promise.all([
        db.$count(userFollows, eq(userFollows.followeeId, userId)),
        db.$count(userFollows, eq(userFollows.followerId, userId)),
      ]);
      return { followers, following };
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
