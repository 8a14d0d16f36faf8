import { DISTRICT_SLOT_ITEM_ID, messages } from "@atrium/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { districtPurchases, spaceSlots, walletTransactions } from "../src/db/schema/index.js";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createLedger } from "../src/modules/wallet/ledger.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { CREATE_DISTRICT, createDistrict, join } from "./support/districts.js";
import { SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The district cart (issue 18): district items, the wizard's cart settled from the owner's
// wallet (enough and too few credits, a retry, someone else's district, bad carts) and the
// slots a district has.

const MARKET = "/api/marketplaceService";
let t: TestApp;
let owner: TestUser;
let creator: TestUser;
let otherPro: TestUser;
let district: { districtId: string; subdomain: string; freeSceneId: string };
let keyCount = 0;
const nextKey = () => `cart-key-${Date.now()}-${++keyCount}`;

interface Item {
  districtItemId: string;
  type: "slot" | "template";
  priceCoin: number;
  title: string;
  spaceTemplateId: string | null;
}
let slotItem: Item;
let templates: Item[];

const db = () => t.context.database.db;
const as = (user: TestUser | null) => clientFor(t, user);

async function grant(user: TestUser, credits: number) {
  await createLedger(db()).apply({
    userId: user.userId,
    kind: "adminGrant",
    credits,
    idempotencyKey: nextKey(),
    description: "test grant",
  });
}
async function balanceOf(user: TestUser): Promise<number> {
  const response = await as(user)({ method: "GET", url: `${MARKET}/wallet/byuserid` });
  return response.json().availableBalance;
}
const settle = (user: TestUser | null, districtId: string, payload: object) =>
  as(user)({ method: "POST", url: `${MARKET}/purchase/district/${districtId}`, payload });
const slotLine = (quantity: number, priceCoin = slotItem.priceCoin) => ({
  districtItemId: DISTRICT_SLOT_ITEM_ID,
  quantity,
  priceCoin,
});
const templateLine = (item: Item) => ({
  spaceTemplateId: item.spaceTemplateId,
  districtItemId: item.districtItemId,
  priceCoin: item.priceCoin,
});
async function districtSlots(districtId: string) {
  return db().select().from(spaceSlots).where(eq(spaceSlots.districtId, districtId));
}

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  owner = await signUpUser(t, { name: "Cara Cart", plan: "pro" });
  creator = await signUpUser(t, { name: "Cred Creator", plan: "pro" });
  otherPro = await signUpUser(t, { name: "Olli Other", plan: "pro" });
  district = await createDistrict(t, owner, { title: "Cart Row", subdomain: "cart-row" });
  await join(t, owner, district.districtId, creator, "Creator");
  const items = (await as(null)({ method: "GET", url: `${MARKET}/districtitem` })).json() as Item[];
  slotItem = items.find((item) => item.type === "slot") as Item;
  templates = items.filter((item) => item.type === "template" && item.priceCoin > 0);
  // the owner's free premade space (Pro's first) is used up, so the cart's templates are paid
  const free = templates.pop() as Item;
  const used = await as(owner)({
    method: "POST",
    url: `${MARKET}/purchase/scene/${free.spaceTemplateId}`,
    payload: { idempotencyKey: nextKey() },
  });
  expect(used.json()).toMatchObject({ free: true });
});
afterAll(async () => {
  await t.close();
});

describe("district items", () => {
  it("lists the slot and every premade space with its district price", async () => {
    expect(slotItem).toMatchObject({ districtItemId: DISTRICT_SLOT_ITEM_ID, priceCoin: 600 });
    const families = (await as(null)({ method: "GET", url: `${SCENES}/premadescene` })).json();
    const first = families[0].templates[0];
    expect(first.districtItemId).toBe(`district-item-${first.spaceTemplateId}`);
    expect(templates.length).toBeGreaterThan(1);
  });

  it("a new district comes with one district slot", async () => {
    const slots = await districtSlots(district.districtId);
    expect(slots).toHaveLength(1);
    expect(slots[0]).toMatchObject({ kind: "district", ownerId: owner.userId });
    const mine = (await as(owner)({ method: "GET", url: `${SCENES}/slot/my` })).json();
    expect(mine).toContainEqual(
      expect.objectContaining({ districtSlot: true, districtId: district.districtId }),
    );
  });
});

describe("settling the cart", () => {
  it("with too few credits answers 402 with what is missing and buys nothing", async () => {
    const template = templates[0] as Item;
    await grant(owner, 100);
    const before = await balanceOf(owner);
    const response = await settle(owner, district.districtId, {
      idempotencyKey: nextKey(),
      slots: [slotLine(2)],
      spaceTemplates: [templateLine(template)],
    });
    const missing = 2 * slotItem.priceCoin + template.priceCoin - before;
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      message: `Insufficient credits for this cart: ${missing} more credits are needed.`,
      creditsMissing: missing,
    });
    expect(await balanceOf(owner)).toBe(before);
    expect(await districtSlots(district.districtId)).toHaveLength(1);
    const bought = await db()
      .select()
      .from(districtPurchases)
      .where(eq(districtPurchases.districtId, district.districtId));
    expect(bought).toHaveLength(0);
  });

  it("with enough credits buys the slots and the premade space once, even when retried", async () => {
    const template = templates[0] as Item;
    const total = 2 * slotItem.priceCoin + template.priceCoin;
    await grant(owner, total);
    const before = await balanceOf(owner);
    const payload = {
      idempotencyKey: nextKey(),
      slots: [slotLine(2)],
      spaceTemplates: [templateLine(template)],
    };
    const first = await settle(owner, district.districtId, payload);
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body.totalCoin).toBe(total);
    expect(body.wallet.availableBalance).toBe(before - total);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ type: "slot", quantity: 2, priceCoin: 600 });
    expect(body.items[0].slotIds).toHaveLength(2);
    expect(body.items[1]).toMatchObject({
      type: "template",
      quantity: 1,
      spaceTemplateId: template.spaceTemplateId,
      priceCoin: template.priceCoin,
    });
    expect(body.transactions.map((movement: { amount: number }) => movement.amount).sort()).toEqual(
      [-2 * slotItem.priceCoin, -template.priceCoin].sort(),
    );

    // the same request again (a retried click, two at once): the first answer, no charge
    const again = await Promise.all([
      settle(owner, district.districtId, payload),
      settle(owner, district.districtId, payload),
    ]);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.json().items.map((item: { purchaseId: string }) => item.purchaseId)).toEqual(
        body.items.map((item: { purchaseId: string }) => item.purchaseId),
      );
    }
    expect(await balanceOf(owner)).toBe(before - total);
    // the same key for another cart is refused
    const otherCart = await settle(owner, district.districtId, {
      idempotencyKey: payload.idempotencyKey,
      slots: [slotLine(1)],
    });
    expect(otherCart.statusCode).toBe(409);

    const slots = await districtSlots(district.districtId);
    expect(slots).toHaveLength(3);
    expect(slots.every((slot) => slot.kind === "district" && slot.active)).toBe(true);
    const listed = await as(owner)({
      method: "GET",
      url: `${MARKET}/districtitem/district/${district.districtId}`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(body.items);

    // a premade space the account owns already costs nothing again
    const owned = await settle(owner, district.districtId, {
      idempotencyKey: nextKey(),
      spaceTemplates: [templateLine(template)],
    });
    expect(owned.statusCode).toBe(201);
    expect(owned.json()).toMatchObject({ totalCoin: 0, transactions: [] });
    expect(await balanceOf(owner)).toBe(before - total);
    const spent = await db()
      .select({ n: sql<string>`count(*)` })
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, district.districtId));
    expect(Number(spent[0]?.n)).toBe(1);
  });

  it("gives a Pro owner's first premade space free once, and says so before anything is charged", async () => {
    const fresh = await signUpUser(t, { name: "Fay Fresh", plan: "pro" });
    const own = await createDistrict(t, fresh, { title: "Fresh Row", subdomain: "fresh-row" });
    const [first, second] = templates as [Item, Item];
    const holdings = async () =>
      (await as(fresh)({ method: "GET", url: `${MARKET}/purchase/scene/my` })).json();
    expect(await holdings()).toEqual({ freeUsed: false, ownedTemplateIds: [] });
    expect((await as(null)({ method: "GET", url: `${MARKET}/purchase/scene/my` })).statusCode).toBe(
      401,
    );
    const cart = () => ({
      idempotencyKey: nextKey(),
      spaceTemplates: [templateLine(first), templateLine(second)],
    });
    // the first is free, the second costs its price: that is what is missing, not both or neither
    const short = await settle(fresh, own.districtId, cart());
    expect(short.statusCode, short.body).toBe(402);
    expect(short.json().creditsMissing).toBe(second.priceCoin);
    await grant(fresh, second.priceCoin);
    const paid = await settle(fresh, own.districtId, cart());
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().totalCoin).toBe(second.priceCoin);
    expect(await balanceOf(fresh)).toBe(0);
    const after = await holdings();
    expect(after.freeUsed).toBe(true);
    expect([...after.ownedTemplateIds].sort()).toEqual(
      [first.spaceTemplateId, second.spaceTemplateId].sort(),
    );
  });

  it("nobody but the owner settles or lists a district's cart", async () => {
    await grant(otherPro, 5000);
    await grant(creator, 5000);
    const payload = () => ({ idempotencyKey: nextKey(), slots: [slotLine(1)] });
    expect((await settle(null, district.districtId, payload())).statusCode).toBe(401);
    for (const user of [creator, otherPro]) {
      const response = await settle(user, district.districtId, payload());
      expect(response.statusCode).toBe(403);
      const listed = await as(user)({
        method: "GET",
        url: `${MARKET}/districtitem/district/${district.districtId}`,
      });
      expect(listed.statusCode).toBe(403);
      expect(await balanceOf(user)).toBe(5000);
    }
    expect((await settle(owner, "no-such-district", payload())).statusCode).toBe(404);
    expect(await districtSlots(district.districtId)).toHaveLength(3);
  });

  it("refuses bad carts with the field and the reason", async () => {
    const template = templates[1] as Item;
    const cases: [object, number, string, string?][] = [
      [{ idempotencyKey: nextKey() }, 400, messages.district.cartEmpty, "body.slots"],
      [{ idempotencyKey: nextKey(), slots: [slotLine(0)] }, 400, "", "body.slots.0.quantity"],
      [{ idempotencyKey: nextKey(), slots: [slotLine(51)] }, 400, "", "body.slots.0.quantity"],
      [{ idempotencyKey: nextKey(), slots: [slotLine(1.5)] }, 400, "", "body.slots.0.quantity"],
      [{ slots: [slotLine(1)] }, 400, "", "body.idempotencyKey"],
      [
        {
          idempotencyKey: nextKey(),
          slots: [{ districtItemId: "no-such-item", quantity: 1, priceCoin: 600 }],
        },
        400,
        messages.district.unknownDistrictItem,
        "body.slots.0.districtItemId",
      ],
      [
        {
          idempotencyKey: nextKey(),
          spaceTemplates: [templateLine(template), templateLine(template)],
        },
        400,
        messages.district.cartTemplateTwice,
        "body.spaceTemplates.1.spaceTemplateId",
      ],
      [
        {
          idempotencyKey: nextKey(),
          spaceTemplates: [{ ...templateLine(template), districtItemId: "district-item-slot" }],
        },
        400,
        messages.district.unknownDistrictItem,
        "body.spaceTemplates.0.districtItemId",
      ],
      [
        { idempotencyKey: nextKey(), slots: [slotLine(1, 1)] },
        409,
        messages.district.cartPriceChanged,
      ],
    ];
    for (const [payload, status, message, path] of cases) {
      const response = await settle(owner, district.districtId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (path) {
        const field = response.json().fields?.find((f: { path: string }) => f.path === path);
        expect(field, `${JSON.stringify(payload)} ${response.body}`).toBeDefined();
        if (message) expect(field.message).toBe(message);
      } else {
        expect(response.json().message).toBe(message);
      }
    }
    expect(await districtSlots(district.districtId)).toHaveLength(3);
  });

  it("the create call refuses a hand-made request with the wizard's messages", async () => {
    const response = await as(otherPro)({
      method: "POST",
      url: CREATE_DISTRICT,
      payload: { title: "Ok title", subdomain: "api", public: "true" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.subdomain", message: 'Subdomain cannot be "api"' },
        { path: "body.freeSpaceTemplateId", message: messages.district.selectFreePremade },
      ]),
    );
    const taken = await as(otherPro)({
      method: "GET",
      url: `/api/userService/district/available/${district.subdomain}`,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.district.titleTaken);
  });
});
