import { randomBytes } from "node:crypto";
import { messages } from "@atrium/domain";
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from "../../errors.js";
import { type AuthContext, assertAdmin, assertSignedIn } from "../../http/auth.js";
import type { Mailer } from "../../infra/mailer/mailer.js";
import type { FilesService } from "../files/service.js";
import type { LoginLimiter } from "./login-limiter.js";
import { authContextOf, toMyUser } from "./my-user.js";
import { assertAcceptablePassword } from "./password-rules.js";
import { hashPassword, needsRehash, unknownUserHash, verifyPassword } from "./passwords.js";
import type { AccountsRepo } from "./repo.js";
import {
  newSessionToken,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  sessionIdOf,
} from "./sessions.js";

export { authContextOf, toMyUser } from "./my-user.js";

// Atrium wording for the account answers the spec does not quote
export const WRONG_CREDENTIALS = "Wrong e-mail or password";
export const EMAIL_TAKEN =
  "This e-mail address cannot be used to create an account. If it is yours, sign in or reset your password.";
export const RESET_LINK_INVALID = "This reset link is invalid, already used or expired";
export const RESET_MAIL_SENT =
  "If an account uses this e-mail address, we have sent it a link to choose a new password.";
export const PROFILE_EXISTS = "This account already has a profile";

/** A session handoff code lives this long between the two redirects. */
export const HANDOFF_TTL_MS = 60 * 1000;

/** Password reset links work once, for an hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface AccountsDeps {
  repo: AccountsRepo;
  files: FilesService;
  limiter: LoginLimiter;
  mailer: Mailer;
  config: Pick<Config, "publicUrl">;
  logger: Pick<Logger, "warn" | "info">;
  clock?: () => Date;
}

export function createAccountsService(deps: AccountsDeps) {
  const { repo, limiter } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function startSession(
    userId: string,
    client: ClientInfo,
    family?: { parentId: string; expiresAt: Date },
  ) {
    // a new token at every sign-in: a session id planted before sign-in is never promoted
    const token = newSessionToken();
    const now = clock();
    const session = {
      id: sessionIdOf(token),
      userId,
      expiresAt: family?.expiresAt ?? new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS),
      userAgent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip,
    };
    if (family) await repo.insertSession({ ...session, parentId: family.parentId });
    else await repo.insertSessionAtSignIn(session, now);
    return token;
  }

  async function signedInUser(auth: AuthContext | null) {
    const user = await repo.findUserById(assertSignedIn(auth).userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /** Tells an address's owner that someone tried to sign up with it (it may be them). */
  async function notifyExistingOwner(email: string) {
    const owner = await repo.findUserByEmail(email);
    if (!owner) return;
    await deps.mailer.send({
      kind: "sign-up-existing",
      to: owner.email,
      subject: "Someone tried to create an Atrium account with your address",
      text: [
        `Hello ${owner.name},`,
        "",
        "Someone tried to create a new Atrium account with this e-mail address, which already has one.",
        `If it was you, sign in at ${deps.config.publicUrl}/login, or choose a new password at ${deps.config.publicUrl}/login/forgot.`,
        "If it was not you, there is nothing to do: no account was created and yours is unchanged.",
      ].join("\n"),
    });
  }

  /** Deletes an account and everything that cascades from it, then its stored files. */
  async function deleteAccount(userId: string) {
    const owned = await deps.files.filesOwnedBy(userId);
    await repo.deleteUser(userId);
    await deps.files.removeStored(owned);
  }

  return {
    startSession,

    /**
     * Creates the account and signs it in. An e-mail already in use gets a 409 whose words do
     * not confirm an account (see docs/decisions.md), after the same hashing work.
     */
    async signUp(input: { email: string; password: string; name: string }, client: ClientInfo) {
      assertAcceptablePassword(input.password, "body.password", input);
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertUser({ email: input.email, name: input.name, passwordHash });
      if (!user) {
        // the address's owner learns of the attempt (it may be them, having forgotten)
        void notifyExistingOwner(input.email).catch((error: unknown) =>
          deps.logger.warn({ err: error }, "sign-up notice failed"),
        );
        throw new ConflictError(EMAIL_TAKEN);
      }
      return { me: toMyUser(user), token: await startSession(user.id, client) };
    },

    /** The same answer, and the same work, for an unknown e-mail and a wrong password. */
    async logIn(input: { email: string; password: string }, client: ClientInfo) {
      await limiter.assertAllowed(input.email, client.ip);
      const user = await repo.findUserByEmail(input.email);
      const passwordHash = user?.passwordHash ?? unknownUserHash;
      const verifyStarted = performance.now();
      const valid = await verifyPassword(passwordHash, input.password);
      const verifyMs = performance.now() - verifyStarted;
      if (!user?.passwordHash || !valid) {
        await limiter.recordFailure(input.email, client.ip);
        throw new UnauthorizedError(WRONG_CREDENTIALS);
      }
      await limiter.recordSuccess(input.email);
      if (needsRehash(user.passwordHash)) {
        // a hash from weaker parameters is upgraded now that the password is at hand
        void hashPassword(input.password)
          .then((upgraded) => repo.updateUser(user.id, { passwordHash: upgraded }))
          .catch((error: unknown) => deps.logger.warn({ err: error }, "password rehash failed"));
      }
      return { me: toMyUser(user), token: await startSession(user.id, client), verifyMs };
    },

    /**
     * The platform host hands its session to a district subdomain (see 0103): a one-time code,
     * valid for a minute, for that host only. Null when nobody is signed in.
     */
    async createHandoff(auth: AuthContext | null, host: string) {
      if (!auth) return null;
      const code = randomBytes(32).toString("base64url");
      await repo.insertHandoff({
        id: sessionIdOf(code),
        sessionId: auth.sessionId,
        host,
        expiresAt: new Date(clock().getTime() + HANDOFF_TTL_MS),
      });
      return code;
    },

    /** The subdomain takes the code: a child session of the platform's, or null. */
    async acceptHandoff(code: string, host: string, client: ClientInfo) {
      const now = clock();
      const handoff = await repo.takeHandoff(sessionIdOf(code), host, now);
      if (!handoff) return null;
      const found = await repo.findLiveSession(
        handoff.sessionId,
        now,
        new Date(now.getTime() - SESSION_IDLE_TTL_MS),
      );
      if (!found) return null;
      const root = found.session.parentId ?? found.session.id;
      return startSession(found.user.id, client, {
        parentId: root,
        expiresAt: found.session.expiresAt,
      });
    },

    /** Housekeeping: ended sessions and spent one-time records go (safe on every instance). */
    async purgeExpired() {
      const now = clock();
      await repo.deleteExpiredSessions(now, new Date(now.getTime() - SESSION_IDLE_TTL_MS));
      await repo.deleteSpentTokens(now);
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

    /** The signed-in user; `needsProfile` when an identity signed in but has no profile yet. */
    async myUser(auth: AuthContext | null) {
      const user = await signedInUser(auth);
      return { me: toMyUser(user), needsProfile: user.profileCreatedAt === null };
    },

    /** Creates the profile of an account made by an identity provider (spec 2 §7.1). */
    async createProfile(auth: AuthContext | null, input: { name: string }) {
      const user = await signedInUser(auth);
      if (user.profileCreatedAt !== null) throw new ConflictError(PROFILE_EXISTS);
      const updated = await repo.updateUser(user.id, {
        name: input.name,
        profileCreatedAt: clock(),
      });
      return toMyUser(updated!);
    },

    /** Changes the password after checking the current one; every other session ends. */
    async changePassword(
      auth: AuthContext | null,
      input: { currentPassword: string; newPassword: string },
      client: ClientInfo,
    ) {
      const user = await signedInUser(auth);
      await limiter.assertAllowed(user.email, client.ip);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await limiter.recordFailure(user.email, client.ip);
        throw new BadRequestError(messages.errors.incorrectPassword, [
          { path: "body.currentPassword", message: messages.errors.incorrectPassword },
        ]);
      }
      assertAcceptablePassword(input.newPassword, "body.newPassword", user);
      await repo.updateUser(user.id, { passwordHash: await hashPassword(input.newPassword) });
      await repo.deleteOtherSessions(user.id, auth!.sessionId);
      await repo.deletePasswordResets(user.id);
    },

    /**
     * Sends a reset link when the e-mail belongs to an account. The answer and its timing
     * are the same either way: the mail is written after the answer has gone.
     */
    requestPasswordReset(input: { email: string }) {
      const work = async () => {
        const user = await repo.findUserByEmail(input.email);
        if (!user) return;
        const token = randomBytes(32).toString("base64url");
        await repo.insertPasswordReset({
          id: sessionIdOf(token),
          userId: user.id,
          expiresAt: new Date(clock().getTime() + RESET_LINK_TTL_MS),
        });
        const link = `${deps.config.publicUrl}/login/reset?token=${token}`;
        await deps.mailer.send({
          kind: "password-reset",
          to: user.email,
          subject: "Choose a new Atrium password",
          text: [
            `Hello ${user.name},`,
            "",
            "Someone (we hope you) asked to choose a new password for your Atrium account.",
            `Open this link within an hour to choose it: ${link}`,
            "",
            "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
          ].join("\n"),
        });
      };
      return work().catch((error: unknown) =>
        deps.logger.warn({ err: error }, "password reset mail failed"),
      );
    },

    /** Sets a new password from a reset link (once, within its hour); every session ends. */
    async resetPassword(input: { token: string; password: string }) {
      const userId = await repo.consumePasswordReset(sessionIdOf(input.token), clock());
      const user = userId ? await repo.findUserById(userId) : null;
      if (!user) {
        throw new BadRequestError(RESET_LINK_INVALID, [
          { path: "body.token", message: RESET_LINK_INVALID },
        ]);
      }
      assertAcceptablePassword(input.password, "body.password", user);
      await repo.updateUser(user.id, { passwordHash: await hashPassword(input.password) });
      await repo.deleteOtherSessions(user.id, null);
      await repo.deletePasswordResets(user.id);
    },

    async listSessions(auth: AuthContext | null) {
      const signedIn = assertSignedIn(auth);
      const now = clock();
      // a subdomain's copy of a session is listed as the platform session it came from
      const currentRoot =
        (await repo.findSession(signedIn.sessionId))?.parentId ?? signedIn.sessionId;
      const rows = await repo.listSessions(
        signedIn.userId,
        now,
        new Date(now.getTime() - SESSION_IDLE_TTL_MS),
      );
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.id === currentRoot,
      }));
    },

    /** Signs out one of the user's own sessions (404 for anyone else's). */
    async endSession(auth: AuthContext | null, sessionId: string) {
      const signedIn = assertSignedIn(auth);
      if (!(await repo.deleteUserSession(signedIn.userId, sessionId))) throw new NotFoundError();
    },

    async endOtherSessions(auth: AuthContext | null) {
      const signedIn = assertSignedIn(auth);
      await repo.deleteOtherSessions(signedIn.userId, signedIn.sessionId);
    },

    /**
     * Deletes the signed-in account after its password (or, without one, its e-mail address)
     * is confirmed. Irreversible: see docs/decisions.md for what goes with it.
     */
    async deleteOwnAccount(
      auth: AuthContext | null,
      input: { password?: string | undefined; confirmEmail?: string | undefined },
      client: ClientInfo,
    ) {
      const user = await signedInUser(auth);
      await limiter.assertAllowed(user.email, client.ip);
      const confirmed = user.passwordHash
        ? await verifyPassword(user.passwordHash, input.password ?? "")
        : (input.confirmEmail ?? "").trim().toLowerCase() === user.email.toLowerCase();
      if (!confirmed) {
        await limiter.recordFailure(user.email, client.ip);
        throw new BadRequestError(messages.errors.incorrectPassword);
      }
      await deleteAccount(user.id);
    },

    /** Moderation: an admin deletes someone else's account. */
    async deleteUserAsAdmin(auth: AuthContext | null, userId: string) {
      const admin = assertAdmin(auth);
      if (admin.userId === userId) throw new ForbiddenError();
      const user = await repo.findUserById(userId);
      if (!user) throw new NotFoundError();
      await deleteAccount(user.id);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
