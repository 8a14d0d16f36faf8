import { messages } from "@atrium/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaceSlots, walletTransactions } from "../src/db/schema/index.js";
import { createLedger } from "../src/modules/wallet/ledger.js";
import { createSecondInstance, createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";
import { grantCredits, sumOfMovements, walletBalance } from "./support/wallet.js";

// The wallet as a ledger (issue 17): balance = sum of movements, every movement atomic and
// idempotent, never below zero, also with two app instances (two connection pools) on one
// PostgreSQL database spending from the same wallet at once.

const base = "/api/marketplaceService";
let a: TestApp;
let b: TestApp;
let key = 0;
const nextKey = () => `test-key-${Date.now()}-${++key}`;

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const grant = (user: TestUser, credits: number) => grantCredits(a, user, credits);
const balanceOf = (user: TestUser, app = a) => walletBalance(app, user);

async function purchasedSlots(user: TestUser) {
  const rows = await a.context.database.db
    .select()
    .from(spaceSlots)
    .where(eq(spaceSlots.ownerId, user.userId));
  return rows.filter((row) => row.kind === "purchased");
}

describe("wallet ledger", () => {
  it("starts empty and shows each movement with the balance after it", async () => {
    const user = await signUpUser(a);
    expect(await balanceOf(user)).toBe(0);
    await grant(user, 1000);
    expect(await balanceOf(user)).toBe(1000);
    const history = await clientFor(a, user)({ method: "GET", url: `${base}/internaltransaction` });
    expect(history.statusCode).toBe(200);
    expect(history.json().total).toBe(1);
    expect(history.json().items[0]).toMatchObject({
      kind: "adminGrant",
      amount: 1000,
      balanceAfter: 1000,
    });
    expect(Date.parse(history.json().items[0].createdAt)).not.toBeNaN();
  });

  it("buys a slot with credits: the movement and the slot are written together", async () => {
    const user = await signUpUser(a);
    await grant(user, 700);
    const response = await clientFor(
      a,
      user,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey: nextKey(), slots: 1 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().transaction).toMatchObject({
      kind: "slotPurchase",
      amount: -600,
      balanceAfter: 100,
    });
    expect(response.json().wallet.availableBalance).toBe(100);
    const slots = await purchasedSlots(user);
    expect(slots.map((slot) => slot.id)).toEqual(response.json().slotIds);
    expect(slots[0]).toMatchObject({ active: true, expiresAt: null, keepAliveCredits: 600 });
    // the purchased slot is one of the user's slots, ready for a space
    const mine = await clientFor(
      a,
      user,
    )({ method: "GET", url: "/api/sceneService/slot/available" });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((slot: { slotId: string }) => slot.slotId)).toContain(slots[0]?.id);
  });

  it("replays the same key as the same purchase, and refuses the key for another one", async () => {
    const user = await signUpUser(a);
    await grant(user, 3000);
    const idempotencyKey = nextKey();
    const first = await clientFor(
      a,
      user,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey, slots: 2 },
    });
    expect(first.statusCode).toBe(201);
    // the retry lands on the other instance
    const again = await clientFor(
      b,
      user,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey, slots: 2 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().transaction).toEqual(first.json().transaction);
    expect(again.json().slotIds).toEqual(first.json().slotIds);
    expect(await balanceOf(user)).toBe(1800);
    expect(await purchasedSlots(user)).toHaveLength(2);
    const other = await clientFor(
      a,
      user,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey, slots: 1 },
    });
    expect(other.statusCode).toBe(409);
    expect(await balanceOf(user)).toBe(1800);
    expect(await purchasedSlots(user)).toHaveLength(2);
  });

  it("refuses a purchase beyond the balance with the spec's message and changes nothing", async () => {
    const user = await signUpUser(a);
    await grant(user, 599);
    const response = await clientFor(
      a,
      user,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey: nextKey(), slots: 1 },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(messages.publish.insufficientCredits);
    expect(await balanceOf(user)).toBe(599);
    expect(await purchasedSlots(user)).toHaveLength(0);
    const history = await clientFor(a, user)({ method: "GET", url: `${base}/internaltransaction` });
    expect(history.json().total).toBe(1);
  });

  it("answers bad input with 400 naming the field", async () => {
    const user = await signUpUser(a);
    await grant(user, 100_000);
    const cases: [unknown, string][] = [
      [{ idempotencyKey: nextKey(), slots: -1 }, "slots"],
      [{ idempotencyKey: nextKey(), slots: 0 }, "slots"],
      [{ idempotencyKey: nextKey(), slots: 1.5 }, "slots"],
      [{ idempotencyKey: nextKey(), slots: 1e9 }, "slots"],
      [{ idempotencyKey: nextKey(), slots: "2" }, "slots"],
      [{ idempotencyKey: nextKey() }, "slots"],
      [{ slots: 1 }, "idempotencyKey"],
      [{ idempotencyKey: "short", slots: 1 }, "idempotencyKey"],
      [{ idempotencyKey: "has spaces in it", slots: 1 }, "idempotencyKey"],
    ];
    for (const [payload, field] of cases) {
      const response = await clientFor(
        a,
        user,
      )({
        method: "POST",
        url: `${base}/internaltransaction`,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const page = await clientFor(
      a,
      user,
    )({
      method: "GET",
      url: `${base}/internaltransaction?ipp=-3`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toContain("ipp");
    expect(await balanceOf(user)).toBe(100_000);
    expect(await purchasedSlots(user)).toHaveLength(0);
  });

  it("shows a wallet to its owner and to admins only", async () => {
    const owner = await signUpUser(a);
    const stranger = await signUpUser(a);
    const admin = await signUpUser(a, { admin: true });
    await grant(owner, 50);
    const url = `${base}/wallet/byuserid?userId=${owner.userId}`;
    expect((await clientFor(a, null)({ method: "GET", url })).statusCode).toBe(401);
    expect((await clientFor(a, stranger)({ method: "GET", url })).statusCode).toBe(403);
    const history = `${base}/internaltransaction?userId=${owner.userId}`;
    expect((await clientFor(a, stranger)({ method: "GET", url: history })).statusCode).toBe(403);
    const asAdmin = await clientFor(a, admin)({ method: "GET", url });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().availableBalance).toBe(50);
    const signedOut = await clientFor(
      a,
      null,
    )({
      method: "POST",
      url: `${base}/internaltransaction`,
      payload: { idempotencyKey: nextKey(), slots: 1 },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("never overdraws under concurrent purchases from two app instances", async () => {
    const user = await signUpUser(a);
    await grant(user, 6000);
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        clientFor(
          index % 2 ? b : a,
          user,
        )({
          method: "POST",
          url: `${base}/internaltransaction`,
          payload: { idempotencyKey: nextKey(), slots: 1 },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 402)).toHaveLength(15);
    expect(await balanceOf(user, b)).toBe(0);
    expect(await sumOfMovements(a, user)).toBe(0);
    expect(await purchasedSlots(user)).toHaveLength(10);
  });

  it("lets exactly 10 of 50 parallel spends of 100 through on a 1000 balance", async () => {
    const user = await signUpUser(a);
    await grant(user, 1000);
    const ledgers = [createLedger(a.context.database.db), createLedger(b.context.database.db)];
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ledgers[index % 2]!.apply({
          userId: user.userId,
          kind: "premadeSpace",
          credits: 100,
          idempotencyKey: nextKey(),
          description: "parallel spend",
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    for (const result of results) {
      if (result.status === "rejected") {
        expect((result.reason as Error).message).toBe(messages.publish.insufficientCredits);
      }
    }
    expect(await balanceOf(user)).toBe(0);
    expect(await sumOfMovements(a, user)).toBe(0);
    const rows = await a.context.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, user.userId));
    expect(rows.every((row) => row.balanceAfter >= 0)).toBe(true);
  });

  it("keeps movements append-only", async () => {
    const user = await signUpUser(a);
    await grant(user, 10);
    await expect(
      a.context.database.db
        .update(walletTransactions)
        .set({ amount: 1_000_000 })
        .where(eq(walletTransactions.userId, user.userId)),
    ).rejects.toThrow();
    expect(await balanceOf(user)).toBe(10);
  });
});
