import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { users } from "../../src/db/schema/index.js";
import type { TestApp } from "./app.js";

export interface TestUser {
  userId: string;
  email: string;
  name: string;
  password: string;
  /** The session cookie header value, `atrium_session=...`. */
  cookie: string;
}

let counter = 0;

/**
 * Signs a new user up through the API (so a real session exists), then grants the plan
 * or the admin role directly in the database when asked.
 */
export async function signUpUser(
  t: TestApp,
  options: {
    name?: string;
    email?: string;
    password?: string;
    admin?: boolean;
    plan?: "free" | "standard" | "pro";
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.test`;
  const password = options.password ?? `correct horse battery staple ${counter}`;
  const name = options.name ?? `Test User ${counter}`;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: { origin: t.context.config.publicUrl },
    // each test user signs up from an address of its own: sign-up is limited per address
    remoteAddress: `10.9.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
    payload: { email, password, name },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = sessionCookieOf(response);
  const userId = response.json().userId as string;
  if (options.admin || options.plan) {
    await t.context.database.db
      .update(users)
      .set({
        ...(options.admin ? { roles: ["admin"] } : {}),
        ...(options.plan ? { plan: options.plan, grantedPlan: options.plan } : {}),
      })
      .where(eq(users.id, userId));
  }
  return { userId, email, name, password, cookie };
}

export function sessionCookieOf(response: LightMyRequestResponse) {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((cookie) => cookie.startsWith("atrium_session="));
  if (!session) throw new Error("no session cookie in the response");
  return session.split(";")[0] as string;
}

/**
 * Requests as a browser on the platform's own origin would send them: the Origin header,
 * and the user's session cookie when one is given (null: signed out).
 */
export function clientFor(t: TestApp, user: TestUser | null) {
  return (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: {
        origin: t.context.config.publicUrl,
        ...(user ? { cookie: user.cookie } : {}),
        ...(options.headers ?? {}),
      },
    });
}
