import { randomUUID } from "node:crypto";
import {
  type DistrictCatalogueItem,
  districtCartCharge,
  formatMessage,
  messages,
  type PurchasedDistrictItem,
  SettleDistrictCartRequestSchema,
  type SettleDistrictCartResponse,
} from "@atrium/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  districtItems,
  districtPurchases,
  spaceSlots,
  spaceTemplates,
  walletTransactions,
} from "../../db/schema/index.js";
import { BadRequestError, ConflictError, PaymentRequiredError } from "../../errors.js";
import type { AuthContext } from "../../http/auth.js";
import { type Ledger, ledgerMessages, type Tx, toTransaction } from "../wallet/ledger.js";
import type { WalletService } from "../wallet/service.js";
import { type DistrictAccessChecks, parseBody } from "./common.js";

// The district cart (issue 18, spec 1 §3): the catalogue of district items, the items a
// district bought, and the wizard's cart settled from the owner's wallet through the ledger.
// Slots become space slots of the district; premade spaces are bought with the wallet's own
// premade purchase (purchase/scene/{id}: once per account, Pro's first free), so a template
// the account owns costs nothing again.

export interface DistrictCartDeps {
  db: Database;
  ledger: Ledger;
  wallet: Pick<WalletService, "premadeHoldings" | "premadeIn">;
  access: DistrictAccessChecks;
}

type PurchaseRow = typeof districtPurchases.$inferSelect;

const lineKey = (districtId: string, key: string, itemId: string) =>
  `district-cart:${districtId}:${key}:${itemId}`;

export function createDistrictCartService({ db, ledger, wallet, access }: DistrictCartDeps) {
  async function catalogue(): Promise<DistrictCatalogueItem[]> {
    const [slots, templates] = await Promise.all([
      db
        .select()
        .from(districtItems)
        .where(eq(districtItems.active, true))
        .orderBy(asc(districtItems.sortOrder), asc(districtItems.id)),
      db
        .select({
          id: spaceTemplates.id,
          itemId: spaceTemplates.districtItemId,
          title: spaceTemplates.title,
          price: spaceTemplates.creditPrice,
        })
        .from(spaceTemplates)
        .orderBy(asc(spaceTemplates.familyId), asc(spaceTemplates.sortOrder)),
    ]);
    return [
      ...slots.map((item) => ({
        districtItemId: item.id,
        type: "slot" as const,
        priceCoin: item.priceCoin,
        districtId: null,
        title: item.title,
        spaceTemplateId: null,
      })),
      ...templates
        .filter((template) => template.itemId !== null)
        .map((template) => ({
          districtItemId: template.itemId as string,
          type: "template" as const,
          priceCoin: template.price,
          districtId: null,
          title: template.title,
          spaceTemplateId: template.id,
        })),
    ];
  }

  async function toItems(executor: Database | Tx, rows: PurchaseRow[]) {
    const ids = rows.map((row) => row.id);
    const slots = ids.length
      ? await executor
          .select({ id: spaceSlots.id, productId: spaceSlots.productId })
          .from(spaceSlots)
          .where(inArray(spaceSlots.productId, ids))
          .orderBy(asc(spaceSlots.id))
      : [];
    return rows.map(
      (row): PurchasedDistrictItem => ({
        purchaseId: row.id,
        districtId: row.districtId,
        districtItemId: row.districtItemId,
        type: row.type,
        title: row.title,
        quantity: row.quantity,
        priceCoin: row.priceCoin,
        spaceTemplateId: row.spaceTemplateId,
        slotIds: slots.filter((slot) => slot.productId === row.id).map((slot) => slot.id),
        transactionId: row.transactionId,
        purchasedAt: row.createdAt.toISOString(),
      }),
    );
  }

  async function answer(
    tx: Tx,
    districtId: string,
    userId: string,
    rows: PurchaseRow[],
  ): Promise<SettleDistrictCartResponse> {
    const transactionIds = [
      ...new Set(rows.map((row) => row.transactionId).filter((id): id is string => !!id)),
    ];
    const movements = transactionIds.length
      ? await tx
          .select()
          .from(walletTransactions)
          .where(inArray(walletTransactions.id, transactionIds))
      : [];
    return {
      districtId,
      totalCoin: rows.reduce((sum, row) => sum + row.quantity * row.priceCoin, 0),
      items: await toItems(tx, rows),
      transactions: movements.map(toTransaction),
      wallet: { availableBalance: await ledger.balanceIn(tx, userId) },
    };
  }

  const badLine = (path: string, message: string) =>
    new BadRequestError(`${path}: ${message}`, [{ path, message }]);

  return {
    catalogue,

    /** The items a district bought, oldest first (its owner only). */
    async purchased(auth: AuthContext | null, districtId: string) {
      await access.manage(auth, sql`d.id = ${districtId}`);
      const rows = await db
        .select()
        .from(districtPurchases)
        .where(eq(districtPurchases.districtId, districtId))
        .orderBy(asc(districtPurchases.createdAt), asc(districtPurchases.line));
      return toItems(db, rows);
    },

    /**
     * Settles the wizard's cart for a district its owner holds: every line's price checked
     * against the catalogue (409 when it changed), then, in one transaction under the wallet's
     * lock, the whole cart's cost against the balance (402 with the credits missing, nothing
     * written), the slots' movement and slots, each premade space's purchase. The same key
     * again answers with the first settlement (200) and charges nothing.
     */
    async settle(
      auth: AuthContext | null,
      districtId: string,
      input: unknown,
    ): Promise<SettleDistrictCartResponse & { replayed: boolean }> {
      const { me, district } = await access.manage(auth, sql`d.id = ${districtId}`);
      const body = parseBody(SettleDistrictCartRequestSchema, input);

      const slotIds = body.slots.map((line) => line.districtItemId);
      const slotItems = slotIds.length
        ? await db
            .select()
            .from(districtItems)
            .where(and(inArray(districtItems.id, slotIds), eq(districtItems.active, true)))
        : [];
      const slotLines = body.slots.map((line, index) => {
        const item = slotItems.find((candidate) => candidate.id === line.districtItemId);
        if (!item) {
          throw badLine(
            `body.slots.${index}.districtItemId`,
            messages.district.unknownDistrictItem,
          );
        }
        if (item.priceCoin !== line.priceCoin) {
          throw new ConflictError(messages.district.cartPriceChanged);
        }
        return { item, quantity: line.quantity };
      });
      const templateIds = body.spaceTemplates.map((line) => line.spaceTemplateId);
      const templates = templateIds.length
        ? await db
            .select({
              id: spaceTemplates.id,
              title: spaceTemplates.title,
              price: spaceTemplates.creditPrice,
              itemId: spaceTemplates.districtItemId,
            })
            .from(spaceTemplates)
            .where(inArray(spaceTemplates.id, templateIds))
        : [];
      const templateLines = body.spaceTemplates.map((line, index) => {
        const template = templates.find((candidate) => candidate.id === line.spaceTemplateId);
        if (!template || template.itemId !== line.districtItemId) {
          throw badLine(
            `body.spaceTemplates.${index}.districtItemId`,
            messages.district.unknownDistrictItem,
          );
        }
        if (template.price !== line.priceCoin) {
          throw new ConflictError(messages.district.cartPriceChanged);
        }
        return { ...template, itemId: template.itemId as string };
      });
      const requested = [
        ...slotLines.map((line) => line.item.id),
        ...templateLines.map((line) => line.itemId),
      ].sort();

      return db.transaction(async (tx) => {
        await ledger.lockIn(tx, me.userId);
        const earlier = await tx
          .select()
          .from(districtPurchases)
          .where(
            and(
              eq(districtPurchases.districtId, districtId),
              eq(districtPurchases.idempotencyKey, body.idempotencyKey),
            ),
          )
          .orderBy(asc(districtPurchases.createdAt), asc(districtPurchases.line));
        if (earlier.length > 0) {
          const before = earlier.map((row) => row.districtItemId).sort();
          if (JSON.stringify(before) !== JSON.stringify(requested)) {
            throw new ConflictError(ledgerMessages.keyReused);
          }
          return { ...(await answer(tx, districtId, me.userId, earlier)), replayed: true };
        }

        // the whole cart against the balance first: one clear answer, nothing half bought
        // the premade spaces as the purchases below will charge them (the wizard shows the
        // same): each premade quote alone would count Pro's one free space for every line
        const owed = districtCartCharge(
          {
            slots: slotLines.map((line) => ({
              quantity: line.quantity,
              priceCoin: line.item.priceCoin,
            })),
            spaceTemplates: templateLines.map((line) => ({
              spaceTemplateId: line.id,
              priceCoin: line.price,
            })),
          },
          await wallet.premadeHoldings(tx, me),
        ).total;
        const balance = await ledger.balanceIn(tx, me.userId);
        if (owed > balance) {
          const missing = owed - balance;
          throw new PaymentRequiredError(
            formatMessage(messages.district.cartInsufficientCredits, { missing }),
            missing,
          );
        }

        const rows: PurchaseRow[] = [];
        const record = async (values: typeof districtPurchases.$inferInsert) => {
          const [row] = await tx
            .insert(districtPurchases)
            .values({ ...values, line: rows.length })
            .returning();
          rows.push(row as PurchaseRow);
        };
        for (const line of slotLines) {
          const purchaseId = randomUUID();
          const applied = await ledger.applyIn(tx, {
            userId: me.userId,
            kind: "slotPurchase",
            credits: line.quantity * line.item.priceCoin,
            idempotencyKey: lineKey(districtId, body.idempotencyKey, line.item.id),
            description: `${line.quantity} × ${line.item.title} · ${district.title}`,
            reference: districtId,
          });
          await record({
            id: purchaseId,
            districtId,
            buyerId: me.userId,
            idempotencyKey: body.idempotencyKey,
            districtItemId: line.item.id,
            type: "slot",
            title: line.item.title,
            quantity: line.quantity,
            priceCoin: line.item.priceCoin,
            transactionId: applied.transaction.id,
          });
          await tx.insert(spaceSlots).values(
            Array.from({ length: line.quantity }, (_, index) => ({
              id: `slot-${purchaseId}-${index + 1}`,
              ownerId: me.userId,
              kind: "district" as const,
              districtId,
              districtSubdomain: district.subdomain,
              productId: purchaseId,
              // district slots are bought for good: no keep-alive (spec: purchased slots do
              // not expire)
              keepAliveCredits: 0,
            })),
          );
        }
        for (const template of templateLines) {
          const bought = await wallet.premadeIn(
            tx,
            me,
            template,
            lineKey(districtId, body.idempotencyKey, template.itemId),
          );
          await record({
            id: randomUUID(),
            districtId,
            buyerId: me.userId,
            idempotencyKey: body.idempotencyKey,
            districtItemId: template.itemId,
            type: "template",
            title: template.title,
            quantity: 1,
            priceCoin: bought.replayed ? 0 : bought.row.credits,
            spaceTemplateId: template.id,
            transactionId: bought.replayed ? null : bought.row.transactionId,
          });
        }
        return { ...(await answer(tx, districtId, me.userId, rows)), replayed: false };
      });
    },
  };
}

export type DistrictCartService = ReturnType<typeof createDistrictCartService>;
