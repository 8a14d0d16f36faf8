import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { walletTransactions } from "../../src/db/schema/index.js";
import type { TestApp } from "./app.js";
import { clientFor, type TestUser } from "./users.js";

// The wallet as the credit tests see it: an admin grant through the app's ledger, the balance
// its owner reads and the sum of its movements in the database.

let grants = 0;

/** Grants `credits` to the user's wallet (an admin grant through the app's ledger). */
export async function grantCredits(t: TestApp, user: TestUser, credits: number) {
  grants += 1;
  await t.app.ledger.apply({
    userId: user.userId,
    kind: "adminGrant",
    credits,
    idempotencyKey: `test-grant-${Date.now()}-${grants}`,
    description: "test grant",
  });
}

/** The balance the user's wallet shows them. */
export async function walletBalance(t: TestApp, user: TestUser) {
  const response = await clientFor(
    t,
    user,
  )({ method: "GET", url: "/api/marketplaceService/wallet/byuserid" });
  expect(response.statusCode).toBe(200);
  return response.json().availableBalance as number;
}

/** The sum of the user's wallet movements, read in the database. */
export async function sumOfMovements(t: TestApp, user: TestUser) {
  const [row] = await t.context.database.db
    .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` })
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, user.userId));
  return Number(row?.total);
}
