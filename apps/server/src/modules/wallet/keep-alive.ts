import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { PaymentRequiredError } from "../../errors.js";
import type { Mailer } from "../../infra/mailer/mailer.js";
import { query } from "../scenes/rows.js";
import type { Ledger } from "./ledger.js";

// The monthly keep-alive of purchased slots (issue 17 item 5, spec 2 §9.2: keeping a slot
// active costs 600 credits). Every app instance runs this job; each slot is settled in its own
// transaction that locks the slot's row (SKIP LOCKED: an instance busy with it is left alone),
// claims the period in slot_keep_alive_runs (primary key slot + period: a second claim of the
// same period finds the first) and charges through the ledger with a key made of the slot and
// the period (a third guard). Paid: the slot is paid a month further. Unpaid: the slot is
// suspended and its space unpublished (back to a draft; nothing is deleted), and the owner gets
// a mail through the outbox.

export const keepAliveMessages = {
  description: "Monthly keep-alive of a publishing slot",
  mailSubject: "Your publishing slot is suspended",
  mailText: (input: { name: string; sceneTitle: string | null; credits: number; url: string }) =>
    [
      `Hello ${input.name},`,
      "",
      `Your wallet did not have the ${input.credits} credits that keep a publishing slot active for another month, so the slot is suspended.`,
      input.sceneTitle
        ? `Your space "${input.sceneTitle}" is unpublished and kept as a draft: nothing was deleted.`
        : "The slot held no published space; nothing was deleted.",
      `Buy credits and reactivate the slot from your wallet: ${input.url}`,
    ].join("\n"),
} as const;

interface DueSlot {
  id: string;
  owner_id: string;
  scene_id: string | null;
  keep_alive_credits: number;
  paid_until: Date | string;
  active: boolean;
}

export interface KeepAliveOutcome {
  slotId: string;
  periodStart: string;
  outcome: "paid" | "unpaid";
  /** The space unpublished when unpaid. */
  sceneId: string | null;
}

/** One month later, in UTC (the 31st becomes the month's last day, as PostgreSQL does). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function createKeepAliveJob(deps: {
  db: Database;
  ledger: Ledger;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  /** Most slots settled in one run; the next run takes the rest. */
  batch?: number;
  logger?: { warn(object: object, message: string): void };
}) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? 500;

  async function settle(slotId: string, at: Date): Promise<KeepAliveOutcome | null> {
    return db.transaction(async (tx) => {
      const [slot] = await query<DueSlot>(
        tx,
        sql`SELECT id, owner_id, scene_id, keep_alive_credits, paid_until, active FROM space_slots
            WHERE id = ${slotId} AND kind = 'purchased' AND active
              AND paid_until <= ${at.toISOString()}::timestamptz
            FOR UPDATE SKIP LOCKED`,
      );
      if (!slot) return null;
      const periodStart = new Date(slot.paid_until);
      const claimed = await query(
        tx,
        sql`INSERT INTO slot_keep_alive_runs (slot_id, period_start, outcome)
            VALUES (${slot.id}, ${periodStart.toISOString()}::timestamptz, 'paid')
            ON CONFLICT DO NOTHING RETURNING slot_id`,
      );
      if (claimed.length === 0) return null;
      try {
        let transactionId: string | null = null;
        if (slot.keep_alive_credits > 0) {
          const applied = await ledger.applyIn(tx, {
            userId: slot.owner_id,
            kind: "slotKeepAlive",
            credits: slot.keep_alive_credits,
            idempotencyKey: `slotKeepAlive:${slot.id}:${periodStart.toISOString()}`,
            description: keepAliveMessages.description,
            reference: slot.id,
          });
          transactionId = applied.transaction.id;
        }
        await query(
          tx,
          sql`UPDATE space_slots SET paid_until = ${addMonth(periodStart).toISOString()}::timestamptz,
                renewed_at = ${at.toISOString()}::timestamptz
              WHERE id = ${slot.id}`,
        );
        await query(
          tx,
          sql`UPDATE slot_keep_alive_runs SET transaction_id = ${transactionId}
              WHERE slot_id = ${slot.id} AND period_start = ${periodStart.toISOString()}::timestamptz`,
        );
        return {
          slotId: slot.id,
          periodStart: periodStart.toISOString(),
          outcome: "paid" as const,
          sceneId: null,
        };
      } catch (error) {
        if (!(error instanceof PaymentRequiredError)) throw error;
      }
      // unpaid: the slot is suspended, its space goes back to being a draft; nothing is deleted
      await query(
        tx,
        sql`UPDATE slot_keep_alive_runs SET outcome = 'unpaid'
            WHERE slot_id = ${slot.id} AND period_start = ${periodStart.toISOString()}::timestamptz`,
      );
      await query(
        tx,
        sql`UPDATE space_slots SET active = false, suspended_at = ${at.toISOString()}::timestamptz,
              scene_id = NULL, publisher_id = NULL
            WHERE id = ${slot.id}`,
      );
      if (slot.scene_id) {
        await query(
          tx,
          sql`UPDATE scenes SET state = 'Draft', slot_id = NULL, published_at = NULL, updated_at = now()
              WHERE id = ${slot.scene_id} AND slot_id = ${slot.id}`,
        );
      }
      return {
        slotId: slot.id,
        periodStart: periodStart.toISOString(),
        outcome: "unpaid" as const,
        sceneId: slot.scene_id,
      };
    });
  }

  async function tellOwner(outcome: KeepAliveOutcome, ownerId: string, credits: number) {
    const [owner] = await query<{ email: string; name: string }>(
      db,
      sql`SELECT email, name FROM users WHERE id = ${ownerId}`,
    );
    if (!owner) return;
    const [scene] = outcome.sceneId
      ? await query<{ title: string }>(
          db,
          sql`SELECT title FROM scenes WHERE id = ${outcome.sceneId}`,
        )
      : [];
    await deps.mailer.send({
      kind: "slot-suspended",
      to: owner.email,
      subject: keepAliveMessages.mailSubject,
      text: keepAliveMessages.mailText({
        name: owner.name || owner.email,
        sceneTitle: scene ? scene.title || "Untitled space" : null,
        credits,
        url: new URL("/wallet", deps.publicUrl).href,
      }),
    });
  }

  return {
    /** Settles every purchased slot whose paid month has ended; returns what it did. */
    async run(): Promise<KeepAliveOutcome[]> {
      const at = now();
      const due = await query<{ id: string; owner_id: string; keep_alive_credits: number }>(
        db,
        sql`SELECT id, owner_id, keep_alive_credits FROM space_slots
            WHERE kind = 'purchased' AND active AND paid_until <= ${at.toISOString()}::timestamptz
            ORDER BY paid_until, id LIMIT ${batch}`,
      );
      const outcomes: KeepAliveOutcome[] = [];
      for (const slot of due) {
        // a slot more than a month behind (the job did not run) is settled month by month
        for (;;) {
          const outcome = await settle(slot.id, at);
          if (!outcome) break;
          outcomes.push(outcome);
          if (outcome.outcome === "unpaid") {
            await tellOwner(outcome, slot.owner_id, slot.keep_alive_credits).catch((err) =>
              deps.logger?.warn({ err, slotId: slot.id }, "slot suspension mail failed"),
            );
            break;
          }
        }
      }
      return outcomes;
    },
  };
}

export type KeepAliveJob = ReturnType<typeof createKeepAliveJob>;
