import {
  type AccountPlan,
  accountPlanOf,
  planEntitlements,
  planInForce,
  type StoredSubscription,
} from "@atrium/domain";
import { desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { type SubscriptionRow, subscriptions, users } from "../../db/schema/index.js";

// The account's plan follows its subscriptions (issue 17 item 4): the highest plan among those
// that give theirs now, or the plan an operator granted with set-plan, whichever is higher.

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Pro's included publishing slots: ids of their own, kind 'plan', no keep-alive charge. */
export const planSlotId = (userId: string, index: number) => `slot-plan-${userId}-${index}`;

export function stored(row: SubscriptionRow): StoredSubscription {
  return {
    plan: row.plan,
    providerStatus: row.providerStatus,
    isCanceled: row.isCanceled,
    endsAt: row.endsAt,
    canceledAt: row.canceledAt,
  };
}

/**
 * The plan's included slots: active while the plan includes them (Pro's 4); below it they stop
 * and their spaces go back to drafts. Nothing is deleted: a new Pro subscription reopens them.
 */
async function reconcilePlanSlots(tx: Tx, userId: string, plan: AccountPlan, logger?: Logger) {
  const included = plan === "free" ? 0 : planEntitlements(plan).includedSlots;
  for (let index = 1; index <= included; index++) {
    await tx.execute(
      sql`INSERT INTO space_slots (id, owner_id, kind, keep_alive_credits)
          VALUES (${planSlotId(userId, index)}, ${userId}, 'plan', 0)
          ON CONFLICT (id) DO UPDATE SET active = true`,
    );
  }
  if (included > 0) return;
  const stopped = await tx.execute(
    sql`UPDATE space_slots SET active = false
        WHERE owner_id = ${userId} AND kind = 'plan' AND active
        RETURNING id, scene_id`,
  );
  const sceneIds = ((stopped as { rows?: { scene_id: string | null }[] }).rows ?? [])
    .map((row) => row.scene_id)
    .filter((id): id is string => id !== null);
  for (const sceneId of sceneIds) {
    await tx.execute(
      sql`UPDATE scenes SET state = 'Draft', slot_id = NULL, published_at = NULL, updated_at = now()
          WHERE id = ${sceneId}`,
    );
    await tx.execute(
      sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ${sceneId}`,
    );
  }
  if (sceneIds.length > 0) {
    logger?.info({ userId, sceneIds }, "plan slots stopped: their spaces are drafts again");
  }
}

/**
 * Works the account's plan out again, in one transaction holding the user's row; answers the
 * plan in force before and after, and the user's subscriptions (newest first).
 */
export async function refreshAccountPlan(
  db: Database,
  userId: string,
  now: Date,
  logger?: Logger,
  grantedPlan?: AccountPlan,
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.updatedAt));
    const before = planInForce(user, now);
    const granted = grantedPlan ?? user.grantedPlan;
    const next = accountPlanOf(granted, rows.map(stored), now);
    await tx
      .update(users)
      .set({ plan: next.plan, grantedPlan: granted, planEndsAt: next.endsAt, updatedAt: now })
      .where(eq(users.id, userId));
    await reconcilePlanSlots(tx, userId, next.plan, logger);
    return { before, after: next.plan, rows };
  });
}
