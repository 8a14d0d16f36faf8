import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type SessionRow, sessions, type UserRow, users } from "../../db/schema/index.js";

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
}

export function createAccountsRepo(db: Database) {
  return {
    async insertUser(user: NewUser): Promise<UserRow | null> {
      const rows = await db
        .insert(users)
        .values({ id: crypto.randomUUID(), ...user })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id));
      return rows[0] ?? null;
    },

    async insertSession(session: {
      id: string;
      userId: string;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }) {
      await db.insert(sessions).values(session);
    },

    /** The session and its user, if it exists and has not expired (absolutely or idly). */
    async findLiveSession(
      id: string,
      now: Date,
      idleSince: Date,
    ): Promise<{ session: SessionRow; user: UserRow } | null> {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)),
        );
      return rows[0] ?? null;
    },

    async touchSession(id: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteExpiredSessions(now: Date, idleSince: Date) {
      await db
        .delete(sessions)
        .where(sql`${sessions.expiresAt} <= ${now} OR ${lt(sessions.lastSeenAt, idleSince)}`);
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
