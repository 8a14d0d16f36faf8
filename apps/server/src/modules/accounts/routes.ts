import { UserSchema } from "@atrium/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.js";
import type { AccountsService, ClientInfo } from "./service.js";
import { SESSION_COOKIE, sessionCookieOptions } from "./sessions.js";

const MessageSchema = z.object({ message: z.string() });
export const MyUserSchema = UserSchema.extend({ email: z.string(), isAdmin: z.boolean() });

const Credentials = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});

const SignUp = z.object({
  email: z.email().max(254),
  password: z.string().min(8, "at least 8 characters").max(200),
  name: z.string().trim().min(1).max(100),
});

export const accountsRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  config: Config;
}> = async (app, { service, config }) => {
  const cookieOptions = sessionCookieOptions(config);
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);

  app.post(
    "/auth/signup",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account with e-mail and password, and sign in",
        body: SignUp,
        response: { 201: MyUserSchema },
      },
    },
    async (request, reply) => {
      const { me, token } = await service.signUp(request.body, clientOf(request));
      setSession(reply, token);
      return reply.status(201).send(me);
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with e-mail and password",
        body: Credentials,
        response: { 200: MyUserSchema, 401: MessageSchema },
      },
    },
    async (request, reply) => {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await service.logOut(previous);
      const { me, token } = await service.logIn(request.body, clientOf(request));
      setSession(reply, token);
      return me;
    },
  );

  app.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "Sign out: the server-side session ends" } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await service.logOut(token);
      reply.clearCookie(SESSION_COOKIE, { path: cookieOptions.path });
      return reply.status(204).send();
    },
  );

  app.get(
    "/userService/user/my",
    {
      schema: {
        tags: ["userService"],
        summary: "The signed-in user",
        response: { 200: MyUserSchema },
      },
    },
    async (request) => service.myUser(request.auth),
  );
};

function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers["user-agent"] ?? null, ip: request.ip ?? null };
}
