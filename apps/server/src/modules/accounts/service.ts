import { type AccountPlan, planRoleLabel, roleForPlan, type User } from "@atrium/domain";
import type { UserRow } from "../../db/schema/index.js";
import { ConflictError, UnauthorizedError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { hashPassword, unknownUserHash, verifyPassword } from "./passwords.js";
import type { AccountsRepo } from "./repo.js";
import {
  newSessionToken,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  sessionIdOf,
} from "./sessions.js";

export const WRONG_CREDENTIALS = "Wrong e-mail or password";

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export function createAccountsService(repo: AccountsRepo, clock: () => Date = () => new Date()) {
  async function startSession(userId: string, client: ClientInfo) {
    // a new token at every sign-in: a session id planted before sign-in is never promoted
    const token = newSessionToken();
    await repo.insertSession({
      id: sessionIdOf(token),
      userId,
      expiresAt: new Date(clock().getTime() + SESSION_ABSOLUTE_TTL_MS),
      userAgent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip,
    });
    return token;
  }

  return {
    async signUp(input: { email: string; password: string; name: string }, client: ClientInfo) {
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertUser({ email: input.email, name: input.name, passwordHash });
      if (!user) throw new ConflictError("An account with this e-mail already exists");
      return { me: toMyUser(user), token: await startSession(user.id, client) };
    },

    /** The same answer, and the same work, for an unknown e-mail and a wrong password. */
    async logIn(input: { email: string; password: string }, client: ClientInfo) {
      const user = await repo.findUserByEmail(input.email);
      const passwordHash = user?.passwordHash ?? (await unknownUserHash);
      const valid = await verifyPassword(passwordHash, input.password);
      if (!user?.passwordHash || !valid) throw new UnauthorizedError(WRONG_CREDENTIALS);
      return { me: toMyUser(user), token: await startSession(user.id, client) };
    },

    async logOut(token: string) {
      await repo.deleteSession(sessionIdOf(token));
    },

    /** Who a session cookie belongs to, or null; keeps the session alive while it is used. */
    async authenticate(token: string): Promise<AuthContext | null> {
      const now = clock();
      const found = await repo.findLiveSession(
        sessionIdOf(token),
        now,
        new Date(now.getTime() - SESSION_IDLE_TTL_MS),
      );
      if (!found) return null;
      if (now.getTime() - found.session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.session.id, now);
      }
      return authContextOf(found.user, found.session.id);
    },

    async myUser(auth: AuthContext | null) {
      const user = await repo.findUserById(assertSignedIn(auth).userId);
      if (!user) throw new UnauthorizedError();
      return toMyUser(user);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function authContextOf(user: UserRow, sessionId: string): AuthContext {
  return {
    userId: user.id,
    sessionId,
    plan: user.plan as AccountPlan,
    isAdmin: user.roles.includes("admin"),
  };
}

/** The my-user answer: the spec's user (spec 2 §3.6) plus e-mail and the admin flag. */
export function toMyUser(user: UserRow): User & { email: string; isAdmin: boolean } {
  const plan = user.plan as AccountPlan;
  const role = roleForPlan(plan);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    profilePicture: null,
    signedUp: user.createdAt.toISOString(),
    searchable: user.searchable,
    hideContentLibrary: false,
    hideGroups: false,
    autoSave: user.autoSave,
    role,
    plan,
    planLabel: planRoleLabel(role) as User["planLabel"],
    isAdmin: user.roles.includes("admin"),
  };
}
