import {
  checkoutMessages,
  SANDBOX_TEST_CARDS,
  type SubscriptionHubEvent,
  type SubscriptionOverview,
  subscriptionMessages,
} from "@atrium/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxSubscriptions, subscriptions, users } from "../src/db/schema/index.js";
import { createAdminCommands } from "../src/modules/accounts/admin-commands.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { connected, type HubClient, hubClient } from "./support/hubs.js";
import { createDraft, SCENES, sampleDocument, saveDocument } from "./support/spaces.js";
import {
  postWebhook as postStripeWebhook,
  sandboxWebhookSecret,
  signedWebhook,
  stripeSubscription,
} from "./support/stripe-fixtures.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Subscriptions through the sandbox (issue 17 item 4): a plan checkout paid with a test card,
// the sandbox's signed Stripe-shaped events through the one webhook handler, the account's role
// following the subscription (pushed to its open tabs on the notificationhub), the panel's calls
// (cancel, resume, change plan with a preview, card change, last card) and bad input.

const base = "/api/marketplaceService";
let t: TestApp;
let baseUrl: string;
const hubs: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const hub of hubs) hub.close();
  await t?.close();
});

const call = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: unknown) =>
  clientFor(t, user)({ method, url: `${base}${url}`, ...(payload ? { payload } : {}) });

async function overview(user: TestUser) {
  const response = await call(user, "GET", "/externaltransaction/usersubscription");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SubscriptionOverview;
}

async function myUser(user: TestUser) {
  const response = await clientFor(t, user)({ method: "GET", url: "/api/userService/user/my" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { plan: string; role: string; planLabel: string };
}

async function checkout(
  user: TestUser,
  priceId: string,
  card: string = SANDBOX_TEST_CARDS.success,
) {
  const opened = await call(user, "POST", "/stripe/create-checkout-session", {
    priceId,
    returnPath: "/pricing",
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { sessionId, url } = opened.json() as { sessionId: string; url: string };
  expect(url).toBe(`/checkout/sandbox/${sessionId}`);
  const paid = await call(user, "POST", `/sandbox/checkout/${sessionId}/pay`, {
    cardNumber: card,
  });
  return { sessionId, paid };
}

async function subscribed(user: TestUser, priceId = "plan-pro-month") {
  const { paid, sessionId } = await checkout(user, priceId);
  expect(paid.statusCode, paid.body).toBe(200);
  const view = await overview(user);
  if (!view.subscription) throw new Error("no subscription after paying");
  return { sessionId, subscriptionId: view.subscription.subscriptionId };
}

async function notificationHub(user: TestUser) {
  const key = await clientFor(
    t,
    user,
  )({
    method: "GET",
    url: "/api/communicationInteractionService/key",
  });
  expect(key.statusCode).toBe(200);
  const client = await connected(hubClient(baseUrl, key.json().accessToken, "notificationhub"));
  hubs.push(client);
  return client;
}

async function signed(event: Record<string, unknown>, timestamp?: number) {
  return signedWebhook(JSON.stringify(event), await sandboxWebhookSecret(t), timestamp);
}

const postWebhook = (payload: string, signature: string) =>
  postStripeWebhook(t, payload, signature);

/** The subscription as Stripe sends it in customer.subscription.* events. */
async function subscriptionObject(subscriptionId: string, changes: Record<string, unknown>) {
  const [row] = await t.context.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return stripeSubscription(
    {
      id: subscriptionId,
      customer: row!.customerId,
      userId: row!.userId,
      priceId: row!.priceId,
      periodEnd: Math.floor(row!.endsAt.getTime() / 1000),
    },
    changes,
  );
}

describe("a subscription's life through the sandbox", () => {
  it("a Pro checkout makes the account Pro at once, pushed to its open tabs", async () => {
    const user = await signUpUser(t);
    expect((await myUser(user)).planLabel).toBe("FREE");
    const tab = await notificationHub(user);
    const { sessionId, subscriptionId } = await subscribed(user, "plan-pro-month");

    const pushed = await tab.waitFor<SubscriptionHubEvent>(
      "Subscription",
      (event) => event.type === "subscription.activated",
    );
    expect(pushed).toMatchObject({ v: 1, plan: "pro", role: "premium-user", planLabel: "PRO" });
    expect(pushed.subscription?.subscriptionId).toBe(subscriptionId);

    expect(await myUser(user)).toMatchObject({
      plan: "pro",
      role: "premium-user",
      planLabel: "PRO",
    });
    const view = await overview(user);
    expect(view).toMatchObject({ plan: "pro", planLabel: "PRO", role: "premium-user" });
    expect(view.entitlements).toMatchObject({
      drafts: null,
      includedSlots: 4,
      freePremadeSpaces: 1,
      districts: true,
    });
    expect(view.subscription).toMatchObject({
      priceId: "plan-pro-month",
      plan: "pro",
      interval: "monthly",
      amount: 4900,
      currency: "EUR",
      isCanceled: 0,
      canceledAt: null,
      status: "active",
      autoRenewal: true,
    });
    const endsAt = Date.parse(view.subscription!.endsAt!);
    expect(endsAt - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(endsAt - Date.now()).toBeLessThan(32 * 86_400_000);

    const status = await call(user, "GET", `/stripe/session-status?sessionId=${sessionId}`);
    expect(status.json()).toMatchObject({ mode: "subscription", status: "complete", credits: 0 });
    // Pro's four included slots, and no more drafts limit
    const slots = await clientFor(t, user)({ method: "GET", url: `${SCENES}/slot/my` });
    expect(
      (slots.json() as { kind: string; active: boolean }[]).filter(
        (slot) => slot.kind === "plan" && slot.active,
      ),
    ).toHaveLength(4);
    const limit = await clientFor(
      t,
      user,
    )({
      method: "GET",
      url: `${SCENES}/scene/metadata/draftsLimit`,
    });
    expect(limit.json().limit).toBeNull();
    // the card it was paid with
    const card = await call(user, "GET", "/externaltransaction/getuserslastcarddetails");
    expect(card.json().card).toMatchObject({ brand: "visa", last4: "4242" });
  });

  it("cancel turns renewal off (still Pro until the end), resume turns it on again", async () => {
    const user = await signUpUser(t);
    const { subscriptionId } = await subscribed(user);
    const tab = await notificationHub(user);

    const canceled = await call(user, "POST", "/stripe/cancel/subscription", { subscriptionId });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const afterCancel = canceled.json() as SubscriptionOverview;
    expect(afterCancel.plan).toBe("pro");
    expect(afterCancel.subscription).toMatchObject({
      isCanceled: 1,
      status: "active",
      autoRenewal: false,
      canceledAt: afterCancel.subscription?.endsAt,
    });
    await tab.waitFor<SubscriptionHubEvent>(
      "Subscription",
      (event) => event.type === "subscription.updated" && event.subscription?.autoRenewal === false,
    );

    const resumed = await call(user, "POST", "/stripe/removecancelationsubscription", {
      subscriptionId,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((resumed.json() as SubscriptionOverview).subscription).toMatchObject({
      isCanceled: 0,
      canceledAt: null,
      autoRenewal: true,
      status: "active",
    });
  });

  it("changes plan as previewed: a prorated charge now, the role follows", async () => {
    const user = await signUpUser(t);
    const { subscriptionId } = await subscribed(user, "plan-standard-month");
    expect((await myUser(user)).planLabel).toBe("STANDARD");
    const tab = await notificationHub(user);

    const preview = await call(user, "POST", "/stripe/previewsubscriptionupdate", {
      subscriptionId,
      priceId: "plan-pro-month",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json();
    expect(shown).toMatchObject({ plan: "pro", interval: "monthly", currency: "EUR" });
    // (49 - 15) euro for the rest of a month that has just begun
    expect(shown.amountDue).toBeGreaterThan(3390);
    expect(shown.amountDue).toBeLessThanOrEqual(3400);

    const changed = await call(user, "POST", "/stripe/updatesubscription", {
      subscriptionId,
      priceId: "plan-pro-month",
      prorationDate: shown.prorationDate,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // the answer carries the plan the change made (not the one the request started with)
    expect(changed.json()).toMatchObject({ plan: "pro", planLabel: "PRO" });
    expect((changed.json() as SubscriptionOverview).subscription).toMatchObject({
      priceId: "plan-pro-month",
      plan: "pro",
    });
    expect((await myUser(user)).planLabel).toBe("PRO");
    await tab.waitFor<SubscriptionHubEvent>(
      "Subscription",
      (event) => event.type === "subscription.activated" && event.planLabel === "PRO",
    );

    // yearly: a new period starts now, the unused month is credited
    const yearly = await call(user, "POST", "/stripe/previewsubscriptionupdate", {
      subscriptionId,
      priceId: "plan-pro-year",
    });
    expect(yearly.json().amountDue).toBeGreaterThanOrEqual(49_000 - 4_900);
    expect(yearly.json().amountDue).toBeLessThan(49_000 - 4_800);
    expect(Date.parse(yearly.json().nextRenewal) - Date.now()).toBeGreaterThan(360 * 86_400_000);

    // the same price, a stale preview, or a price that is no plan: 400
    const same = await call(user, "POST", "/stripe/previewsubscriptionupdate", {
      subscriptionId,
      priceId: "plan-pro-month",
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain(subscriptionMessages.samePrice);
    const stale = await call(user, "POST", "/stripe/updatesubscription", {
      subscriptionId,
      priceId: "plan-pro-year",
      prorationDate: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(stale.statusCode).toBe(400);
    const bundle = await call(user, "POST", "/stripe/previewsubscriptionupdate", {
      subscriptionId,
      priceId: "credits-600",
    });
    expect(bundle.statusCode).toBe(400);
  });

  it("changes the card through a setup checkout; the last card's details follow", async () => {
    const user = await signUpUser(t);
    const { subscriptionId } = await subscribed(user);
    const opened = await call(user, "POST", "/stripe/updatepaymentmethod/subscription", {
      subscriptionId,
      returnPath: "/settings",
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { sessionId } = opened.json();
    const first = await call(user, "POST", `/sandbox/checkout/${sessionId}/pay`, {
      cardNumber: SANDBOX_TEST_CARDS.needsConfirmation,
    });
    expect(first.json().status).toBe("requiresConfirmation");
    const confirmed = await call(user, "POST", `/sandbox/checkout/${sessionId}/pay`, {
      cardNumber: SANDBOX_TEST_CARDS.needsConfirmation,
      confirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const card = await call(user, "GET", "/externaltransaction/getuserslastcarddetails");
    expect(card.json().card).toMatchObject({ last4: "3155" });
    const status = await call(user, "GET", `/stripe/session-status?sessionId=${sessionId}`);
    expect(status.json()).toMatchObject({ mode: "setup", status: "complete" });
    // still the same plan, nothing charged
    expect((await overview(user)).subscription?.priceId).toBe("plan-pro-month");
  });
});

describe("the sandbox's clock", () => {
  async function due(subscriptionId: string) {
    const past = new Date(Date.now() - 1000);
    await t.context.database.db
      .update(sandboxSubscriptions)
      .set({
        currentPeriodStart: new Date(past.getTime() - 30 * 86_400_000),
        currentPeriodEnd: past,
      })
      .where(eq(sandboxSubscriptions.id, subscriptionId));
  }

  it("renews a subscription whose period is over, and ends one whose cancellation was scheduled", async () => {
    const sandbox = t.app.paymentsSandbox;
    if (!sandbox) throw new Error("the tests run on the sandbox");
    const renewing = await signUpUser(t);
    const leaving = await signUpUser(t);
    const kept = await subscribed(renewing, "plan-standard-month");
    const gone = await subscribed(leaving, "plan-pro-month");
    expect((await call(leaving, "POST", "/stripe/cancel/subscription", gone)).statusCode).toBe(200);
    await due(kept.subscriptionId);
    await due(gone.subscriptionId);

    const outcome = await sandbox.renewDue();
    expect(outcome.renewed).toContain(kept.subscriptionId);
    expect(outcome.ended).toContain(gone.subscriptionId);
    const renewed = await overview(renewing);
    expect(renewed.plan).toBe("standard");
    expect(renewed.subscription).toMatchObject({ status: "active", autoRenewal: true });
    expect(Date.parse(renewed.subscription!.endsAt!) - Date.now()).toBeGreaterThan(27 * 86_400_000);
    const ended = await overview(leaving);
    expect(ended.plan).toBe("free");
    expect(ended.subscription).toMatchObject({ isCanceled: 2, status: "canceled" });
    expect((await myUser(leaving)).planLabel).toBe("FREE");

    // nothing is due any more: a second run (another instance's) changes nothing
    const again = await sandbox.renewDue();
    expect(again.renewed).not.toContain(kept.subscriptionId);
    expect(again.ended).not.toContain(gone.subscriptionId);
  });
});

describe("bad input", () => {
  it("a declined card leaves no plan and no subscription", async () => {
    const user = await signUpUser(t);
    const { paid } = await checkout(user, "plan-pro-year", SANDBOX_TEST_CARDS.declined);
    expect(paid.statusCode).toBe(402);
    expect(paid.json().message).toBe(checkoutMessages.declined);
    const view = await overview(user);
    expect(view).toMatchObject({ plan: "free", planLabel: "FREE", subscription: null });
    expect((await myUser(user)).planLabel).toBe("FREE");
  });

  it("another user's subscription: 403; none: 404; free and custom are not sold", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const { subscriptionId } = await subscribed(owner);
    for (const [url, payload] of [
      ["/stripe/cancel/subscription", { subscriptionId }],
      ["/stripe/removecancelationsubscription", { subscriptionId }],
      ["/stripe/previewsubscriptionupdate", { subscriptionId, priceId: "plan-pro-year" }],
      ["/stripe/updatepaymentmethod/subscription", { subscriptionId }],
    ] as const) {
      expect((await call(other, "POST", url, payload)).statusCode, url).toBe(403);
    }
    expect((await overview(owner)).subscription?.isCanceled).toBe(0);
    const none = await call(other, "POST", "/stripe/cancel/subscription", {
      subscriptionId: "sub_nothing",
    });
    expect(none.statusCode).toBe(404);
    expect(
      (await call(null, "POST", "/stripe/cancel/subscription", { subscriptionId })).statusCode,
    ).toBe(401);
    for (const priceId of ["plan-free-month", "custom", ""]) {
      const response = await call(other, "POST", "/stripe/create-checkout-session", { priceId });
      expect(response.statusCode, priceId).toBe(400);
    }
  });

  it("one subscription at a time: a second checkout is refused", async () => {
    const user = await signUpUser(t);
    // two checkouts opened side by side: once one is paid, the other cannot be
    const early = await call(user, "POST", "/stripe/create-checkout-session", {
      priceId: "plan-pro-year",
    });
    expect(early.statusCode).toBe(201);
    await subscribed(user, "plan-standard-year");
    const late = await call(user, "POST", `/sandbox/checkout/${early.json().sessionId}/pay`, {
      cardNumber: SANDBOX_TEST_CARDS.success,
    });
    expect(late.statusCode).toBe(409);
    expect((await overview(user)).subscription?.priceId).toBe("plan-standard-year");
    const second = await call(user, "POST", "/stripe/create-checkout-session", {
      priceId: "plan-pro-month",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(subscriptionMessages.alreadySubscribed);
  });

  it("the end of a subscription: the role drops, Pro's slots stop (spaces unpublished, kept); a replay or an older event changes nothing", async () => {
    const user = await signUpUser(t);
    const { subscriptionId } = await subscribed(user);
    // a space published in one of Pro's included slots
    const draft = await createDraft(t, user, { title: "Pro space" });
    expect((await saveDocument(t, user, draft.sceneId, sampleDocument(), 0)).statusCode).toBe(200);
    const slots = await clientFor(t, user)({ method: "GET", url: `${SCENES}/slot/my` });
    const planSlot = (slots.json() as { slotId: string; kind: string }[]).find(
      (slot) => slot.kind === "plan",
    );
    const published = await clientFor(
      t,
      user,
    )({
      method: "POST",
      url: `${SCENES}/sceneactions/${draft.sceneId}/publish`,
      payload: { publishedPublic: true, slotId: planSlot!.slotId },
    });
    expect(published.statusCode, published.body).toBe(200);

    const created = Math.floor(Date.now() / 1000) + 5;
    const ended = {
      id: `evt_test_deleted_${subscriptionId}`,
      object: "event",
      type: "customer.subscription.deleted",
      created,
      data: {
        object: await subscriptionObject(subscriptionId, {
          status: "canceled",
          ended_at: created,
          canceled_at: created,
        }),
      },
    };
    const first = await signed(ended);
    const response = await postWebhook(first.payload, first.signature);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const view = await overview(user);
    expect(view.plan).toBe("free");
    expect(view.subscription).toMatchObject({ isCanceled: 2, status: "canceled" });
    expect((await myUser(user)).planLabel).toBe("FREE");
    const space = await clientFor(
      t,
      user,
    )({
      method: "GET",
      url: `${SCENES}/scene/metadata/${draft.sceneId}`,
    });
    expect(space.statusCode).toBe(200);
    expect(space.json().state).toBe("Draft");

    // the same event again: a duplicate, nothing changes
    const replay = await signed(ended);
    const again = await postWebhook(replay.payload, replay.signature);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // an older event under a new id (out of order): ignored
    const older = await signed({
      ...ended,
      id: `evt_test_older_${subscriptionId}`,
      type: "customer.subscription.updated",
      created: created - 60,
      data: { object: await subscriptionObject(subscriptionId, { status: "active" }) },
    });
    expect((await postWebhook(older.payload, older.signature)).statusCode).toBe(200);
    expect((await overview(user)).plan).toBe("free");

    // a new subscription: Pro again, the slots reopen (the space stays a draft)
    const second = await subscribed(user, "plan-pro-year");
    expect(second.subscriptionId).not.toBe(subscriptionId);
    const reopened = await clientFor(t, user)({ method: "GET", url: `${SCENES}/slot/my` });
    expect(
      (reopened.json() as { kind: string; active: boolean }[]).filter(
        (slot) => slot.kind === "plan" && slot.active,
      ),
    ).toHaveLength(4);
  });

  it("a bad or old signature: 400, nothing changes", async () => {
    const user = await signUpUser(t);
    const { subscriptionId } = await subscribed(user);
    const event = {
      id: `evt_test_forged_${subscriptionId}`,
      object: "event",
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000) + 5,
      data: { object: await subscriptionObject(subscriptionId, { status: "canceled" }) },
    };
    const good = await signed(event);
    const forged = signedWebhook(good.payload, "whsec_not_the_sandbox").signature;
    expect((await postWebhook(good.payload, forged)).statusCode).toBe(400);
    const old = await signed(event, Math.floor(Date.now() / 1000) - 301);
    expect((await postWebhook(old.payload, old.signature)).statusCode).toBe(400);
    expect((await postWebhook(good.payload, "")).statusCode).toBe(400);
    expect((await overview(user)).plan).toBe("pro");
  });

  it("a paid period past its end without a renewal: the plan falls back (after the grace)", async () => {
    const user = await signUpUser(t);
    await subscribed(user);
    await t.context.database.db
      .update(users)
      .set({ planEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.userId));
    expect((await myUser(user)).planLabel).toBe("FREE");
  });
});

describe("set-plan (operators) and subscriptions together", () => {
  it("grants a plan; a higher subscription still wins; ending it falls back to the grant", async () => {
    const user = await signUpUser(t);
    const admin = createAdminCommands(t.context.database.db);
    expect((await admin.setPlan(user.email, "standard")).plan).toBe("standard");
    expect((await myUser(user)).planLabel).toBe("STANDARD");
    const { subscriptionId } = await subscribed(user, "plan-pro-month");
    expect((await myUser(user)).planLabel).toBe("PRO");
    expect((await admin.setPlan(user.email, "free")).plan).toBe("pro");
    await admin.setPlan(user.email, "standard");
    const created = Math.floor(Date.now() / 1000) + 5;
    const ended = await signed({
      id: `evt_test_end_${subscriptionId}`,
      object: "event",
      type: "customer.subscription.deleted",
      created,
      data: {
        object: await subscriptionObject(subscriptionId, { status: "canceled", ended_at: created }),
      },
    });
    expect((await postWebhook(ended.payload, ended.signature)).statusCode).toBe(200);
    expect((await myUser(user)).planLabel).toBe("STANDARD");
  });
});

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!shared)("across two app instances (one PostgreSQL, one Redis)", () => {
  it("a tab connected to instance B hears of a subscription paid through instance A", async () => {
    const b = await createTestApp({}, { database: t.database });
    try {
      await b.app.listen({ port: 0, host: "127.0.0.1" });
      const address = b.app.server.address();
      const urlB = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const user = await signUpUser(t);
      const key = await clientFor(
        b,
        user,
      )({
        method: "GET",
        url: "/api/communicationInteractionService/key",
      });
      const tab = await connected(hubClient(urlB, key.json().accessToken, "notificationhub"));
      hubs.push(tab);
      await subscribed(user, "plan-standard-month");
      const pushed = await tab.waitFor<SubscriptionHubEvent>("Subscription");
      expect(pushed).toMatchObject({ type: "subscription.activated", planLabel: "STANDARD" });
      // and instance B answers the new plan too
      const me = await clientFor(b, user)({ method: "GET", url: "/api/userService/user/my" });
      expect(me.json().planLabel).toBe("STANDARD");
    } finally {
      await b.close();
    }
  });
});
