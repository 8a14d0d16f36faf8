import { createLevel, messages, type WalletTransactionKind } from "@atrium/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mailOutbox,
  scenes,
  slotKeepAliveRuns,
  spaceSlots,
  walletTransactions,
} from "../src/db/schema/index.js";
import { createAdminCommands } from "../src/modules/accounts/admin-commands.js";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createKeepAliveJob } from "../src/modules/wallet/keep-alive.js";
import { createLedger } from "../src/modules/wallet/ledger.js";
import { createSecondInstance, createTestApp, type TestApp } from "./support/app.js";
import { createDraft, SCENES, sampleDocument, saveDocument } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";
import { grantCredits, sumOfMovements, walletBalance } from "./support/wallet.js";

// What credits pay for (issue 17 item 5): the monthly keep-alive of purchased slots, run by a
// job on two app instances (two connection pools) on one database at once; extra levels
// charged at publish and at a save of a published space; quantities that are not whole,
// positive and reasonable.

const MARKET = "/api/marketplaceService";
let a: TestApp;
let b: TestApp;
let key = 0;
const nextKey = () => `spend-key-${Date.now()}-${++key}`;

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const dbOf = (app: TestApp) => app.context.database.db;

const grant = (user: TestUser, credits: number) => grantCredits(a, user, credits);

/** The balance the owner reads, checked against the sum of the wallet's movements. */
async function balanceOf(user: TestUser) {
  const balance = await walletBalance(a, user);
  expect(await sumOfMovements(a, user)).toBe(balance);
  return balance;
}

async function movements(user: TestUser, kind: WalletTransactionKind) {
  return dbOf(a)
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, user.userId), eq(walletTransactions.kind, kind)));
}

async function buySlots(user: TestUser, slots: number): Promise<string[]> {
  const response = await clientFor(
    a,
    user,
  )({
    method: "POST",
    url: `${MARKET}/internaltransaction`,
    payload: { idempotencyKey: nextKey(), slots },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().slotIds;
}

function publish(app: TestApp, user: TestUser, sceneId: string, slotId: string) {
  return clientFor(
    app,
    user,
  )({
    method: "POST",
    url: `${SCENES}/sceneactions/${sceneId}/publish`,
    payload: { publishedPublic: true, slotId },
  });
}

function documentWithLevels(count: number) {
  const document = sampleDocument();
  const levels = [...document.customSpace.levels];
  for (let index = levels.length; index < count; index++) {
    levels.push(createLevel(`level-extra-${index}`, `Level ${index + 1}`, index * 4));
  }
  return { ...document, customSpace: { ...document.customSpace, levels: levels.slice(0, count) } };
}

async function slotRow(slotId: string) {
  const [row] = await dbOf(a).select().from(spaceSlots).where(eq(spaceSlots.id, slotId));
  return row;
}

async function sceneRow(sceneId: string) {
  const [row] = await dbOf(a).select().from(scenes).where(eq(scenes.id, sceneId));
  return row;
}

/** Makes the slots' paid month end `daysAgo` days ago. */
async function makeDue(slotIds: string[], daysAgo = 1) {
  for (const id of slotIds) {
    await dbOf(a)
      .update(spaceSlots)
      .set({ paidUntil: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(eq(spaceSlots.id, id));
  }
}

const jobs = () =>
  [a, b].map((app) =>
    createKeepAliveJob({
      db: dbOf(app),
      ledger: app.app.ledger,
      mailer: app.context.mailer,
      publicUrl: "http://localhost",
    }),
  );

describe("monthly keep-alive of purchased slots", () => {
  it("a bought slot is paid for its first month", async () => {
    const user = await signUpUser(a);
    await grant(user, 600);
    const [slotId] = await buySlots(user, 1);
    const slot = await slotRow(slotId as string);
    const month = (slot?.paidUntil?.getTime() ?? 0) - (slot?.createdAt.getTime() ?? 0);
    expect(month).toBeGreaterThanOrEqual(28 * 86_400_000 - 1000);
    expect(month).toBeLessThanOrEqual(31 * 86_400_000 + 1000);
    // not due: the job charges nothing
    const outcomes = (await Promise.all(jobs().map((job) => job.run()))).flat();
    expect(outcomes.filter((outcome) => outcome.slotId === slotId)).toEqual([]);
    expect(await balanceOf(user)).toBe(0);
  });

  it("charges each due slot once per month with two app instances running the job at once", async () => {
    const user = await signUpUser(a);
    await grant(user, 3 * 600 + 3 * 600);
    const slotIds = await buySlots(user, 3);
    await makeDue(slotIds);
    const before = new Map(
      await Promise.all(
        slotIds.map(async (id) => [id, (await slotRow(id))?.paidUntil?.getTime()] as const),
      ),
    );
    const [jobA, jobB] = jobs();
    // both instances, twice each, all at once
    const outcomes = (
      await Promise.all([jobA?.run(), jobB?.run(), jobA?.run(), jobB?.run()])
    ).flatMap((list) => list ?? []);
    const mine = outcomes.filter((outcome) => slotIds.includes(outcome.slotId));
    expect(mine).toHaveLength(3);
    expect(mine.every((outcome) => outcome.outcome === "paid")).toBe(true);
    expect(await movements(user, "slotKeepAlive")).toHaveLength(3);
    expect(await balanceOf(user)).toBe(0);
    for (const id of slotIds) {
      const slot = await slotRow(id);
      expect(slot?.active).toBe(true);
      // paid a month further than the month that ended
      const added = (slot?.paidUntil?.getTime() ?? 0) - (before.get(id) ?? 0);
      expect(added).toBeGreaterThanOrEqual(28 * 86_400_000);
      const runs = await dbOf(a)
        .select()
        .from(slotKeepAliveRuns)
        .where(eq(slotKeepAliveRuns.slotId, id));
      expect(runs.map((run) => run.outcome)).toEqual(["paid"]);
    }
    // the next runs find nothing due
    const again = (await Promise.all([jobA?.run(), jobB?.run()])).flatMap((list) => list ?? []);
    expect(again.filter((outcome) => slotIds.includes(outcome.slotId))).toEqual([]);
    expect(await movements(user, "slotKeepAlive")).toHaveLength(3);
  });

  it("settles a slot more than a month behind month by month", async () => {
    const user = await signUpUser(a);
    await grant(user, 600 + 1200);
    const [slotId] = await buySlots(user, 1);
    await makeDue([slotId as string], 40);
    const outcomes = (await Promise.all(jobs().map((job) => job.run()))).flat();
    const mine = outcomes.filter((outcome) => outcome.slotId === slotId);
    expect(mine.map((outcome) => outcome.outcome)).toEqual(["paid", "paid"]);
    expect(await balanceOf(user)).toBe(0);
    expect((await slotRow(slotId as string))?.paidUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("an unpaid slot is suspended, its space unpublished and kept, the owner mailed", async () => {
    const user = await signUpUser(a);
    await grant(user, 600);
    const [slotId] = await buySlots(user, 1);
    const draft = await createDraft(a, user, { title: "Kept gallery" });
    expect((await saveDocument(a, user, draft.sceneId, sampleDocument(), 0)).statusCode).toBe(200);
    const published = await publish(a, user, draft.sceneId, slotId as string);
    expect(published.statusCode, published.body).toBe(200);
    await makeDue([slotId as string]);

    const outcomes = (await Promise.all(jobs().map((job) => job.run()))).flat();
    const mine = outcomes.filter((outcome) => outcome.slotId === slotId);
    expect(mine).toEqual([
      expect.objectContaining({ outcome: "unpaid", sceneId: draft.sceneId, slotId }),
    ]);
    expect(await balanceOf(user)).toBe(0);
    expect(await movements(user, "slotKeepAlive")).toHaveLength(0);
    const slot = await slotRow(slotId as string);
    expect(slot?.active).toBe(false);
    expect(slot?.suspendedAt).not.toBeNull();
    expect(slot?.sceneId).toBeNull();
    // the space is a draft again, with its content: nothing deleted
    const scene = await sceneRow(draft.sceneId);
    expect(scene?.state).toBe("Draft");
    expect(scene?.title).toBe("Kept gallery");
    const content = await clientFor(
      a,
      user,
    )({ method: "GET", url: `${SCENES}/scene/content/${draft.sceneId}` });
    expect(content.statusCode).toBe(200);
    expect(content.json().revision).toBe(1);
    // told once, by mail
    const mails = await dbOf(a)
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, "slot-suspended")));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain("Kept gallery");
    // a suspended slot takes no space and is not charged again
    expect((await publish(a, user, draft.sceneId, slotId as string)).statusCode).toBe(400);
    await grant(user, 600);
    const later = (await Promise.all(jobs().map((job) => job.run()))).flat();
    expect(later.filter((outcome) => outcome.slotId === slotId)).toEqual([]);
    expect(await balanceOf(user)).toBe(600);

    // the owner pays a new month: the slot is back, once
    const reactivate = (app: TestApp, who: TestUser, idempotencyKey: string) =>
      clientFor(
        app,
        who,
      )({
        method: "POST",
        url: `${MARKET}/slot/${slotId}/reactivate`,
        payload: { idempotencyKey },
      });
    const stranger = await signUpUser(a);
    expect((await reactivate(a, stranger, nextKey())).statusCode).toBe(403);
    // enough for two: the second reactivation at once finds the slot active
    await grant(user, 600);
    const keys = [nextKey(), nextKey()];
    const both = await Promise.all([
      reactivate(a, user, keys[0] as string),
      reactivate(b, user, keys[1] as string),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const paid = both.find((response) => response.statusCode === 201);
    expect(paid?.json()).toMatchObject({
      slotId,
      transaction: { kind: "slotKeepAlive", amount: -600 },
      wallet: { availableBalance: 600 },
    });
    const replay = await reactivate(
      a,
      user,
      keys[both.indexOf(paid as (typeof both)[number])] as string,
    );
    expect(replay.statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(600);
    const back = await slotRow(slotId as string);
    expect(back?.active).toBe(true);
    expect(back?.suspendedAt).toBeNull();
    expect(back?.paidUntil?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await publish(a, user, draft.sceneId, slotId as string)).statusCode).toBe(200);
  });
});

describe("extra levels", () => {
  it("are charged at publish, 50 credits each; short of credits nothing changes", async () => {
    const user = await signUpUser(a);
    const draft = await createDraft(a, user);
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(3), 0)).statusCode).toBe(
      200,
    );
    const slots = await clientFor(a, user)({ method: "GET", url: `${SCENES}/slot/my` });
    const freeSlot = (slots.json() as { slotId: string }[])[0]?.slotId as string;

    const short = await publish(a, user, draft.sceneId, freeSlot);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      message: messages.publish.insufficientCredits,
      creditsMissing: 100,
    });
    expect((await sceneRow(draft.sceneId))?.state).toBe("Draft");
    expect((await slotRow(freeSlot))?.sceneId).toBeNull();
    expect(await balanceOf(user)).toBe(0);

    await grant(user, 130);
    // two instances publish at once: the levels are paid once
    const both = await Promise.all([
      publish(a, user, draft.sceneId, freeSlot),
      publish(b, user, draft.sceneId, freeSlot),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(user)).toBe(30);
    const charged = await movements(user, "extraLevel");
    expect(charged.map((row) => row.amount)).toEqual([-100]);
    expect(charged[0]?.description).toBe("2 extra levels");
    expect((await sceneRow(draft.sceneId))?.paidExtraLevels).toBe(2);
  });

  it("a published space saved with more levels pays for the new ones; paid levels stay paid", async () => {
    const user = await signUpUser(a);
    await grant(user, 50);
    const draft = await createDraft(a, user);
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(2), 0)).statusCode).toBe(
      200,
    );
    const slots = await clientFor(a, user)({ method: "GET", url: `${SCENES}/slot/my` });
    const freeSlot = (slots.json() as { slotId: string }[])[0]?.slotId as string;
    expect((await publish(a, user, draft.sceneId, freeSlot)).statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(0);

    // a third level without credits: 402, the stored document stays as it was
    const short = await saveDocument(a, user, draft.sceneId, documentWithLevels(3), 1);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      message: messages.publish.insufficientCredits,
      creditsMissing: 50,
    });
    const stored = await clientFor(
      a,
      user,
    )({ method: "GET", url: `${SCENES}/scene/content/${draft.sceneId}` });
    expect(stored.json().revision).toBe(1);
    expect(stored.json().document.customSpace.levels).toHaveLength(2);

    await grant(user, 50);
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(3), 1)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(user)).toBe(0);
    // down to one level and back up to three: already paid
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(1), 2)).statusCode).toBe(
      200,
    );
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(3), 3)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(user)).toBe(0);
    expect((await movements(user, "extraLevel")).map((row) => row.amount)).toEqual([-50, -50]);
  });

  it("a draft is saved with any number of levels without charge", async () => {
    const user = await signUpUser(a);
    const draft = await createDraft(a, user);
    expect((await saveDocument(a, user, draft.sceneId, documentWithLevels(5), 0)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(user)).toBe(0);
  });
});

describe("quantities", () => {
  it("a negative, fractional, zero or huge number of slots is 400 with the field and reason", async () => {
    const user = await signUpUser(a);
    await grant(user, 600);
    const cases: [unknown, string][] = [
      [-1, "must be at least 1"],
      [0, "must be at least 1"],
      [1.5, "must be a whole number"],
      [101, "must be at most 100"],
      [1e12, "must be at most 100"],
      [Number.MAX_SAFE_INTEGER + 2, "must be a whole number"],
    ];
    for (const [slots, reason] of cases) {
      const response = await clientFor(
        a,
        user,
      )({
        method: "POST",
        url: `${MARKET}/internaltransaction`,
        payload: { idempotencyKey: nextKey(), slots },
      });
      expect(response.statusCode, String(slots)).toBe(400);
      expect(response.json().fields?.[0]).toEqual({ path: "body.slots", message: reason });
    }
    expect(await balanceOf(user)).toBe(600);
  });
});

describe("refunds", () => {
  it("give back one spend's credits once; a grant is no spend; another's spend is not found", async () => {
    const user = await signUpUser(a);
    const other = await signUpUser(a);
    await grant(user, 600);
    await buySlots(user, 1);
    const [spend] = await movements(user, "slotPurchase");
    const ledger = createLedger(dbOf(a));
    const first = await ledger.refund(spend?.id as string, user.userId);
    expect(first.replayed).toBe(false);
    expect(first.transaction).toMatchObject({ kind: "refund", amount: 600, reference: spend?.id });
    // twice at once from two instances, and once more: still one refund
    const again = await Promise.all([
      createLedger(dbOf(a)).refund(spend?.id as string),
      createLedger(dbOf(b)).refund(spend?.id as string),
    ]);
    expect(again.map((applied) => applied.replayed)).toEqual([true, true]);
    expect(await balanceOf(user)).toBe(600);
    expect(await movements(user, "refund")).toHaveLength(1);
    const [granted] = await movements(user, "adminGrant");
    await expect(ledger.refund(granted?.id as string)).rejects.toThrow(
      "Only a spend of credits can be refunded",
    );
    await expect(ledger.refund(spend?.id as string, other.userId)).rejects.toThrow();
    await expect(ledger.refund("no-such-movement")).rejects.toThrow();
    expect(await balanceOf(user)).toBe(600);
  });
});

describe("premade spaces bought with credits", () => {
  beforeAll(async () => {
    await ensurePremadeSpaces(a.database.handle);
  });
  async function pricedTemplates() {
    const response = await clientFor(a, null)({ method: "GET", url: `${SCENES}/premadescene` });
    const families = response.json() as {
      templates: { spaceTemplateId: string; title: string; districtPrice: number }[];
    }[];
    return families
      .flatMap((family) => family.templates)
      .filter((template) => template.districtPrice > 0);
  }
  const buyPremade = (app: TestApp, user: TestUser, id: string, idempotencyKey = nextKey()) =>
    clientFor(
      app,
      user,
    )({
      method: "POST",
      url: `${MARKET}/purchase/scene/${id}`,
      payload: { idempotencyKey },
    });

  it("costs the template's price once; short of credits nothing changes", async () => {
    const [template] = await pricedTemplates();
    if (!template) throw new Error("no priced premade space");
    const user = await signUpUser(a);
    const short = await buyPremade(a, user, template.spaceTemplateId);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      message: messages.publish.insufficientCredits,
      creditsMissing: template.districtPrice,
    });
    expect(await movements(user, "premadeSpace")).toHaveLength(0);

    await grant(user, template.districtPrice * 2);
    // two keys at once on two instances: bought once
    const both = await Promise.all([
      buyPremade(a, user, template.spaceTemplateId),
      buyPremade(b, user, template.spaceTemplateId),
    ]);
    const codes = both.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.every((code) => [200, 201, 409].includes(code))).toBe(true);
    const bought = both.find((response) => response.statusCode === 201)?.json();
    expect(bought).toMatchObject({
      spaceTemplateId: template.spaceTemplateId,
      credits: template.districtPrice,
      free: false,
      transaction: { kind: "premadeSpace", amount: -template.districtPrice },
      wallet: { availableBalance: template.districtPrice },
    });
    expect(bought.transaction.description).toBe(template.title);
    // owning it: 200 with the same purchase, nothing charged
    const owned = await buyPremade(a, user, template.spaceTemplateId);
    expect(owned.statusCode).toBe(200);
    expect(owned.json().transaction.internalTransactionId).toBe(
      bought.transaction.internalTransactionId,
    );
    expect(await balanceOf(user)).toBe(template.districtPrice);
    expect(await movements(user, "premadeSpace")).toHaveLength(1);
  });

  it("Pro's first premade space is free, the next one is paid", async () => {
    const [first, second] = await pricedTemplates();
    if (!first || !second) throw new Error("fewer than two priced premade spaces");
    const user = await signUpUser(a);
    await createAdminCommands(dbOf(a)).setPlan(user.email, "pro");
    const free = await buyPremade(a, user, first.spaceTemplateId);
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ credits: 0, free: true, transaction: null });
    expect(await movements(user, "premadeSpace")).toHaveLength(0);
    expect((await buyPremade(a, user, second.spaceTemplateId)).statusCode).toBe(402);
    await grant(user, second.districtPrice);
    const paid = await buyPremade(a, user, second.spaceTemplateId);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ free: false, credits: second.districtPrice });
    expect(await balanceOf(user)).toBe(0);
  });

  it("an unknown template is 404, a bad key 400, signed out 401", async () => {
    const user = await signUpUser(a);
    expect((await buyPremade(a, user, "no-such-template")).statusCode).toBe(404);
    const [template] = await pricedTemplates();
    const badKey = await buyPremade(a, user, template?.spaceTemplateId as string, "short");
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fields?.[0]?.path).toBe("body.idempotencyKey");
    const signedOut = await clientFor(
      a,
      null,
    )({
      method: "POST",
      url: `${MARKET}/purchase/scene/${template?.spaceTemplateId}`,
      payload: { idempotencyKey: nextKey() },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
