import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  oidcLogins,
  passwordResets,
  type SessionRow,
  sessionHandoffs,
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
      parentId?: string | null;
    }) {
      await db.insert(sessions).values(session);
    },

    /** A sign-in's writes in one round trip: the new session and the user's last sign-in. */
    async insertSessionAtSignIn(
      session: {
        id: string;
        userId: string;
        expiresAt: Date;
        userAgent: string | null;
        ip: string | null;
      },
      now: Date,
    ) {
      await db.execute(sql`
        WITH inserted AS (
          INSERT INTO sessions (id, user_id, expires_at, user_agent, ip, created_at, last_seen_at)
          VALUES (${session.id}, ${session.userId}, ${session.expiresAt.toISOString()},
                  ${session.userAgent}, ${session.ip}, ${now.toISOString()}, ${now.toISOString()})
          RETURNING user_id
        )
        UPDATE users SET last_login_at = ${now.toISOString()}
        WHERE id IN (SELECT user_id FROM inserted)`);
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

    /** Ends a session with its whole family (a subdomain's copy and its platform session). */
    async deleteSession(id: string) {
      const rows = await db.select().from(sessions).where(eq(sessions.id, id));
      const root = rows[0]?.parentId ?? id;
      // children go with their parent (ON DELETE CASCADE)
      await db.delete(sessions).where(eq(sessions.id, root));
    },

    async findSession(id: string) {
      const rows = await db.select().from(sessions).where(eq(sessions.id, id));
      return rows[0] ?? null;
    },

    async insertHandoff(handoff: typeof sessionHandoffs.$inferInsert) {
      await db.insert(sessionHandoffs).values(handoff);
    },

    /** Takes a handoff code out (once) if it is for this host and has not expired. */
    async takeHandoff(id: string, host: string, now: Date) {
      const rows = await db.delete(sessionHandoffs).where(eq(sessionHandoffs.id, id)).returning();
      await db.delete(sessionHandoffs).where(lt(sessionHandoffs.expiresAt, now));
      const handoff = rows[0];
      return handoff && handoff.host === host && handoff.expiresAt > now ? handoff : null;
    },

    async listSessions(userId: string, now: Date, idleSince: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.parentId),
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

    /** Ends every session of the user except the family of `keep` (null: all of them). */
    async deleteOtherSessions(userId: string, keep: string | null) {
      if (!keep) {
        await db.delete(sessions).where(eq(sessions.userId, userId));
        return;
      }
      const current = await db.select().from(sessions).where(eq(sessions.id, keep));
      const root = current[0]?.parentId ?? keep;
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            ne(sessions.id, root),
            sql`coalesce(${sessions.parentId}, '') <> ${root}`,
          ),
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

    /** Spent or expired one-time records: reset links, handoff codes, pending OIDC sign-ins. */
    async deleteSpentTokens(now: Date) {
      await db
        .delete(passwordResets)
        .where(sql`${passwordResets.expiresAt} <= ${now} OR ${passwordResets.usedAt} IS NOT NULL`);
      await db.delete(sessionHandoffs).where(lt(sessionHandoffs.expiresAt, now));
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
