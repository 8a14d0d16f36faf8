import { type AccountPlan, roleForPlan } from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type UserRow, users } from "../../db/schema/index.js";
import { refreshAccountPlan } from "../subscriptions/account-plan.js";
import { accountPlan } from "./my-user.js";

/** The operator's account commands (cli.ts), on a database handle. */
export function createAdminCommands(db: Database) {
  async function findOrThrow(email: string): Promise<UserRow> {
    const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    if (!rows[0]) throw new Error(`no account with the e-mail ${email}`);
    return rows[0];
  }
  const describe = (user: UserRow) => ({
    userId: user.id,
    email: user.email,
    plan: accountPlan(user),
    grantedPlan: user.grantedPlan,
    role: roleForPlan(accountPlan(user)),
    roles: user.roles,
  });

  return {
    /**
     * Grants a plan: the account's plan is never below it, and a subscription to a higher plan
     * still wins (granting free removes the grant, not the subscription).
     */
    async setPlan(email: string, plan: AccountPlan) {
      const user = await findOrThrow(email);
      await refreshAccountPlan(db, user.id, new Date(), undefined, plan);
      return describe(await findOrThrow(email));
    },
    async setAdmin(email: string, admin: boolean) {
      const user = await findOrThrow(email);
      const roles = admin
        ? [...new Set([...user.roles, "admin"])]
        : user.roles.filter((role) => role !== "admin");
      const [updated] = await db
        .update(users)
        .set({ roles, updatedAt: new Date() })
        .where(sql`${users.id} = ${user.id}`)
        .returning();
      return describe(updated!);
    },
    async show(email: string) {
      return describe(await findOrThrow(email));
    },
  };
}
