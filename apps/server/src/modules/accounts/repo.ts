import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  oidcLogins,
  passwordResets,
  type SessionRow,
  sessions,
  type UserRow,
  userIdentities,
  users,
} from "../../db/schema/index.js";

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  loginProvider?: string;
  /** null: the profile is created later by the client (OpenID Connect first sign-in). */
  profileCreatedAt?: Date | null;
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

    async listSessions(userId: string, now: Date, idleSince: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, idleSince),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** Deletes one of the user's sessions; false when it is not theirs or does not exist. */
    async deleteUserSession(userId: string, sessionId: string) {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Ends every session of the user except `keep` (null: all of them). */
    async deleteOtherSessions(userId: string, keep: string | null) {
      await db
        .delete(sessions)
        .where(
          keep
            ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
            : eq(sessions.userId, userId),
        );
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>) {
      const rows = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return rows[0] ?? null;
    },

    async deleteUser(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },

    async insertPasswordReset(reset: { id: string; userId: string; expiresAt: Date }) {
      await db.insert(passwordResets).values(reset);
    },

    /** Marks a reset link used, once: the user id if it was live, else null. */
    async consumePasswordReset(id: string, now: Date): Promise<string | null> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.id, id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return rows[0]?.userId ?? null;
    },

    async deletePasswordResets(userId: string) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },

    async findIdentity(issuer: string, subject: string) {
      const rows = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return rows[0] ?? null;
    },

    async insertIdentity(identity: typeof userIdentities.$inferInsert) {
      await db.insert(userIdentities).values(identity).onConflictDoNothing();
    },

    async insertOidcLogin(login: typeof oidcLogins.$inferInsert) {
      await db.insert(oidcLogins).values(login);
    },

    /** Takes a pending OpenID Connect sign-in out (once), if it has not expired. */
    async takeOidcLogin(state: string, now: Date) {
      const rows = await db.delete(oidcLogins).where(eq(oidcLogins.state, state)).returning();
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
      const login = rows[0];
      return login && login.expiresAt > now ? login : null;
    },

    async deleteExpiredSessions(now: Date, idleSince: Date) {
      await db
        .delete(sessions)
        .where(sql`${sessions.expiresAt} <= ${now} OR ${lt(sessions.lastSeenAt, idleSince)}`);
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
