import { z } from "zod";
import { DISTRICT_CART_SLOTS_MAX, DISTRICT_CART_TEMPLATES_MAX } from "../constants";
import { districtMessages } from "../messages/district";
import { CartSlotLineSchema, CartTemplateLineSchema } from "./cart";
import { IdSchema, TimestampSchema } from "./common";
import { DISTRICT_ITEM_TYPES, DistrictItemSchema } from "./district-item";
import { InternalTransactionSchema, WalletSchema } from "./wallet";

// The district cart settled from the wallet (issue 18): the catalogue of district items, the
// cart a wizard submits and what a district bought.

/** The catalogue's one slot item: an extra space slot of a district. */
export const DISTRICT_SLOT_ITEM_ID = "district-item-slot";

/** A catalogue entry: a slot, or a premade space (its template) at its district price. */
export const DistrictCatalogueItemSchema = DistrictItemSchema.extend({
  title: z.string(),
  spaceTemplateId: IdSchema.nullable(),
});
export type DistrictCatalogueItem = z.infer<typeof DistrictCatalogueItemSchema>;

/**
 * POST purchase/district/{id}: the wizard's cart for a district it owns. Each line carries the
 * price the buyer saw; a price that changed since is refused rather than charged. The same
 * idempotencyKey again answers with the first settlement and charges nothing.
 */
export const SettleDistrictCartRequestSchema = z
  .object({
    idempotencyKey: z.string().min(8).max(100),
    slots: z
      .array(
        CartSlotLineSchema.omit({ districtId: true }).extend({
          quantity: z.number().int().min(1).max(DISTRICT_CART_SLOTS_MAX),
        }),
      )
      .max(5)
      .default(() => []),
    spaceTemplates: z
      .array(CartTemplateLineSchema.omit({ districtId: true }))
      .max(DISTRICT_CART_TEMPLATES_MAX)
      .default(() => []),
  })
  .check((context) => {
    const { slots, spaceTemplates } = context.value;
    if (slots.length === 0 && spaceTemplates.length === 0) {
      context.issues.push({
        code: "custom",
        message: districtMessages.cartEmpty,
        input: context.value,
        path: ["slots"],
      });
    }
    const seen = new Set<string>();
    for (const [index, line] of spaceTemplates.entries()) {
      if (seen.has(line.spaceTemplateId)) {
        context.issues.push({
          code: "custom",
          message: districtMessages.cartTemplateTwice,
          input: line,
          path: ["spaceTemplates", index, "spaceTemplateId"],
        });
      }
      seen.add(line.spaceTemplateId);
    }
  });
export type SettleDistrictCartRequest = z.input<typeof SettleDistrictCartRequestSchema>;

/** One item a district bought (spec 1 §3: purchased items are listed per district). */
export const PurchasedDistrictItemSchema = z.object({
  purchaseId: IdSchema,
  districtId: IdSchema,
  districtItemId: IdSchema,
  type: z.enum(DISTRICT_ITEM_TYPES),
  title: z.string(),
  quantity: z.number().int().min(1),
  /** Credits per unit actually charged (0 for a premade space the account already owned). */
  priceCoin: z.number().int().min(0),
  spaceTemplateId: IdSchema.nullable(),
  slotIds: z.array(IdSchema),
  transactionId: IdSchema.nullable(),
  purchasedAt: TimestampSchema,
});
export type PurchasedDistrictItem = z.infer<typeof PurchasedDistrictItemSchema>;

export const SettleDistrictCartResponseSchema = z.object({
  districtId: IdSchema,
  /** Credits this settlement took from the wallet. */
  totalCoin: z.number().int().min(0),
  items: z.array(PurchasedDistrictItemSchema),
  transactions: z.array(InternalTransactionSchema),
  wallet: WalletSchema,
});
export type SettleDistrictCartResponse = z.infer<typeof SettleDistrictCartResponseSchema>;
