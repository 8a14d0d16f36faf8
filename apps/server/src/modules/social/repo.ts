import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type UserRow, userFollows, users } from "../../db/schema/index.js";

export function createSocialRepo(db: Database) {
  return {
    async follow(followerId: string, followeeId: string) {
      await db.insert(userFollows).values({ followerId, followeeId }).onConflictDoNothing();
    },
    async unfollow(followerId: string, followeeId: string) {
      await db
        .delete(userFollows)
        .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
    },
    async follows(followerId: string, followeeId: string) {
      const rows = await db
        .select({ at: userFollows.createdAt })
        .from(userFollows)
        .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
      return rows.length > 0;
    },
    async countFollowers(userId: string) {
      return db.$count(userFollows, eq(userFollows.followeeId, userId));
    },
    /** People following `userId`, newest first. */
    async followers(userId: string, page: { offset: number; limit: number }): Promise<UserRow[]> {
      const rows = await db
        .select({ user: users })
        .from(userFollows)
        .innerJoin(users, eq(users.id, userFollows.followerId))
        .where(eq(userFollows.followeeId, userId))
        .orderBy(desc(userFollows.createdAt), desc(users.id))
        .offset(page.offset)
        .limit(page.limit);
      return rows.map((row) => row.user);
    },
    /** People `userId` follows, newest first. */
    async following(userId: string, page: { offset: number; limit: number }): Promise<UserRow[]> {
      const rows = await db
        .select({ user: users })
        .from(userFollows)
        .innerJoin(users, eq(users.id, userFollows.followeeId))
        .where(eq(userFollows.followerId, userId))
        .orderBy(desc(userFollows.createdAt), desc(users.id))
        .offset(page.offset)
        .limit(page.limit);
      return rows.map((row) => row.user);
    },
  };
}

export type SocialRepo = ReturnType<typeof createSocialRepo>;
