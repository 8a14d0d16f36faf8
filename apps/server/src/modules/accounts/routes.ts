import {
  ActiveSessionSchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
} from "@atrium/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.js";
import { createJobs } from "../../infra/jobs.js";
import { MessageSchema, MyUserSchema } from "./schemas.js";
import { type AccountsService, type ClientInfo, RESET_MAIL_SENT } from "./service.js";
import { SESSION_COOKIE, sessionCookieOptions } from "./sessions.js";

export { MyUserSchema } from "./schemas.js";

/** Per-address limits on the calls that create accounts or send mail. */
const perIp = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * 60 * 1000 },
});

export const accountsRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  config: Config;
}> = async (app, { service, config }) => {
  const cookieOptions = sessionCookieOptions(config);
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
  const clearSession = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: cookieOptions.path, domain: cookieOptions.domain });
  const tags = ["auth"];

  // hourly housekeeping of ended sessions and spent links, stopped when the app closes
  const jobs = createJobs(app.log);
  app.addHook("onClose", () => jobs.stop());
  jobs.every(60 * 60 * 1000, "session housekeeping", () => service.purgeExpired());

  app.post(
    "/auth/signup",
    {
      config: perIp(config.SIGNUP_LIMIT_PER_HOUR, 60),
      schema: {
        tags,
        summary: "Create an account with e-mail and password, and sign in",
        body: SignUpRequestSchema,
        response: { 201: MyUserSchema },
      },
    },
    async (request, reply) => {
      const { me, token } = await service.signUp(request.body, clientOf(request));
      // the session from before ends only once the new one exists
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await service.logOut(previous);
      setSession(reply, token);
      return reply.status(201).send(me);
    },
  );

  app.post(
    "/auth/login",
    {
      // failed attempts are also limited per account and per address by the service
      config: perIp(60, 1),
      // the sign-in's own time and its argon2 share (bench/benches/auth.ts compares them)
      onSend: async (request, reply, payload) => {
        const argon2 = (request as { argon2Ms?: number }).argon2Ms;
        reply.header(
          "server-timing",
          `${argon2 === undefined ? "" : `argon2;dur=${argon2.toFixed(1)}, `}app;dur=${reply.elapsedTime.toFixed(1)}`,
        );
        return payload;
      },
      schema: {
        tags,
        summary: "Sign in with e-mail and password",
        body: SignInRequestSchema,
        response: { 200: MyUserSchema, 401: MessageSchema },
      },
    },
    async (request, reply) => {
      const { me, token, verifyMs } = await service.logIn(request.body, clientOf(request));
      (request as { argon2Ms?: number }).argon2Ms = verifyMs;
      // rotation: the session from before ends; a failed attempt leaves it alone
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await service.logOut(previous);
      setSession(reply, token);
      return me;
    },
  );

  app.post(
    "/auth/logout",
    { schema: { tags, summary: "Sign out: the server-side session ends" } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await service.logOut(token);
      clearSession(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    "/userService/user/my",
    {
      schema: {
        tags: ["userService"],
        summary:
          "The signed-in user; 302 when an identity provider signed in an account without a profile yet",
        response: { 200: MyUserSchema, 302: MyUserSchema },
      },
    },
    async (request, reply) => {
      const { me, needsProfile } = await service.myUser(request.auth);
      // spec 2 §7.1 and §8: 'my-user answers 302' -> the client creates the user. No Location:
      // the browser's fetch hands the 302 to the client instead of following it.
      return reply.status(needsProfile ? 302 : 200).send(me);
    },
  );

  app.get(
    "/auth/session",
    {
      schema: {
        tags,
        summary:
          "Who is signed in, if anyone: the user as my-user answers it, or null (always 200, so a visitor's page logs no error)",
        response: {
          200: z.object({ user: MyUserSchema.nullable(), needsProfile: z.boolean() }),
        },
      },
    },
    async (request) => {
      if (!request.auth) return { user: null, needsProfile: false };
      const { me, needsProfile } = await service.myUser(request.auth);
      return { user: me, needsProfile };
    },
  );

  app.post(
    "/auth/password",
    {
      schema: {
        tags,
        summary: "Change the password (the current one is needed); every other session ends",
        body: ChangePasswordRequestSchema,
      },
    },
    async (request, reply) => {
      await service.changePassword(request.auth, request.body, clientOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/auth/password/forgot",
    {
      config: perIp(10, 15),
      schema: {
        tags,
        summary: "Mail a password reset link; the same answer whether the account exists or not",
        body: ForgotPasswordRequestSchema,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) => {
      void service.requestPasswordReset(request.body);
      return reply.status(202).send({ message: RESET_MAIL_SENT });
    },
  );

  app.post(
    "/auth/password/reset",
    {
      config: perIp(20, 15),
      schema: {
        tags,
        summary: "Choose a new password with a reset link's token (once, within an hour)",
        body: ResetPasswordRequestSchema,
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    "/auth/sessions",
    {
      schema: {
        tags,
        summary: "The account's active sessions (devices and browsers signed in)",
        response: { 200: z.array(ActiveSessionSchema) },
      },
    },
    async (request) => service.listSessions(request.auth),
  );

  app.delete(
    "/auth/sessions/:id",
    {
      schema: {
        tags,
        summary: "Sign out one of the account's sessions",
        params: z.object({ id: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      await service.endSession(request.auth, request.params.id);
      if (request.auth?.sessionId === request.params.id) clearSession(reply);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/auth/sessions",
    { schema: { tags, summary: "Sign out every other session of the account" } },
    async (request, reply) => {
      await service.endOtherSessions(request.auth);
      return reply.status(204).send();
    },
  );

  app.post(
    "/auth/delete-account",
    {
      schema: {
        tags,
        summary:
          "Delete the account, irreversibly ({password}; accounts without one confirm with {confirmEmail})",
        body: DeleteAccountRequestSchema,
      },
    },
    async (request, reply) => {
      await service.deleteOwnAccount(request.auth, request.body, clientOf(request));
      clearSession(reply);
      return reply.status(204).send();
    },
  );
};

export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers["user-agent"] ?? null, ip: request.ip ?? null };
}
