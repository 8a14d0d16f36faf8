import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common";

/** The user's credit wallet: its balance is the sum of its internal transactions. */
export const WalletSchema = z.object({
  availableBalance: z.number().int().min(0),
});
export type Wallet = z.infer<typeof WalletSchema>;

/**
 * What moves credits in or out of a wallet (issue 17). Purchases, refunds and grants add;
 * slots, keep-alives, extra levels and premade spaces spend.
 */
export const WALLET_TRANSACTION_KINDS = [
  "creditPurchase",
  "slotPurchase",
  "slotKeepAlive",
  "extraLevel",
  "premadeSpace",
  "refund",
  "adminGrant",
] as const;
export type WalletTransactionKind = (typeof WALLET_TRANSACTION_KINDS)[number];

/** The kinds that add credits; every other kind spends them. */
export const WALLET_CREDIT_KINDS: readonly WalletTransactionKind[] = [
  "creditPurchase",
  "refund",
  "adminGrant",
];

export function isCreditKind(kind: WalletTransactionKind): boolean {
  return WALLET_CREDIT_KINDS.includes(kind);
}

/**
 * A key the client makes up once per intended movement (a fresh one per click, the same one on a
 * retry): a second request with the same key returns the first one's transaction.
 */
export const IdempotencyKeySchema = z
  .string()
  .min(8, "must be at least 8 characters")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9_.:-]+$/, "use only letters, digits and _ . : -");

/** One movement of credits, as the wallet's history lists it. `amount` is signed. */
export const InternalTransactionSchema = z.object({
  internalTransactionId: IdSchema,
  kind: z.enum(WALLET_TRANSACTION_KINDS),
  amount: z.number().int(),
  /** The wallet's balance right after this movement. */
  balanceAfter: z.number().int().min(0),
  description: z.string(),
  /** What the movement paid for or came from (a slot, a payment, a scene), when any. */
  reference: z.string().nullable(),
  createdAt: TimestampSchema,
});
export type InternalTransaction = z.infer<typeof InternalTransactionSchema>;

/** Most of one kind of item bought in one request. */
export const PURCHASE_QUANTITY_MAX = 100;

/**
 * POST internaltransaction: settle a purchase with credits. Slots are bought here (each costs the
 * keep-alive price and never expires).
 */
export const InternalPurchaseRequestSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
  slots: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(PURCHASE_QUANTITY_MAX, `must be at most ${PURCHASE_QUANTITY_MAX}`),
});
export type InternalPurchaseRequest = z.infer<typeof InternalPurchaseRequestSchema>;

export const InternalPurchaseResponseSchema = z.object({
  transaction: InternalTransactionSchema,
  /** The slots the purchase delivered. */
  slotIds: z.array(IdSchema),
  wallet: WalletSchema,
});
export type InternalPurchaseResponse = z.infer<typeof InternalPurchaseResponseSchema>;

export const InternalTransactionPageSchema = z.object({
  items: z.array(InternalTransactionSchema),
  total: z.number().int().min(0),
});

/** POST purchase/scene/{id}: buy a premade space (a space template) with credits. */
export const PremadePurchaseRequestSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
});
export type PremadePurchaseRequest = z.infer<typeof PremadePurchaseRequestSchema>;

export const PremadePurchaseResponseSchema = z.object({
  spaceTemplateId: IdSchema,
  /** The credits it cost (0 for Pro's free premade space). */
  credits: z.number().int().min(0),
  /** Pro's one free premade space. */
  free: z.boolean(),
  /** The movement that paid for it; null when nothing was paid. */
  transaction: InternalTransactionSchema.nullable(),
  wallet: WalletSchema,
});
export type PremadePurchaseResponse = z.infer<typeof PremadePurchaseResponseSchema>;

/** GET purchase/scene/my: the account's premade spaces, for prices as `premadeCharges` makes them. */
export const PremadeHoldingsViewSchema = z.object({
  /** Pro's one free premade space has been taken. */
  freeUsed: z.boolean(),
  ownedTemplateIds: z.array(IdSchema),
});
export type PremadeHoldingsView = z.infer<typeof PremadeHoldingsViewSchema>;

/** POST slot/{id}/reactivate: a slot suspended for an unpaid keep-alive, paid for a new month. */
export const SlotReactivationRequestSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
});
export type SlotReactivationRequest = z.infer<typeof SlotReactivationRequestSchema>;

export const SlotReactivationResponseSchema = z.object({
  slotId: IdSchema,
  transaction: InternalTransactionSchema,
  wallet: WalletSchema,
});
export type SlotReactivationResponse = z.infer<typeof SlotReactivationResponseSchema>;
