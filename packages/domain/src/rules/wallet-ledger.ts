import { EXTRA_LEVEL_CREDITS, SLOT_KEEP_ALIVE_CREDITS } from "../constants";
import { isCreditKind, type WalletTransactionKind } from "../entities/wallet";

/** Credits per unit of what is spent; the other kinds carry their own amount. */
export const CREDITS_PER_UNIT = {
  slotPurchase: SLOT_KEEP_ALIVE_CREDITS,
  slotKeepAlive: SLOT_KEEP_ALIVE_CREDITS,
  extraLevel: EXTRA_LEVEL_CREDITS,
} as const satisfies Partial<Record<WalletTransactionKind, number>>;

/** The largest single movement: guards against overflow of a 32-bit credit count. */
export const WALLET_MOVEMENT_MAX = 10_000_000;

/**
 * The signed amount a movement makes: positive for kinds that add credits, negative for kinds
 * that spend them. `credits` is the size of the movement (a whole positive number).
 */
export function signedAmount(kind: WalletTransactionKind, credits: number): number {
  if (!Number.isInteger(credits) || credits <= 0 || credits > WALLET_MOVEMENT_MAX) {
    throw new RangeError(`credits must be a whole number from 1 to ${WALLET_MOVEMENT_MAX}`);
  }
  return isCreditKind(kind) ? credits : -credits;
}

/** Whether a wallet holding `balance` can make a movement of `amount` (signed). */
export function canApply(balance: number, amount: number): boolean {
  return balance + amount >= 0;
}

/** The balance of a ledger: the sum of its movements. */
export function ledgerBalance(movements: readonly { amount: number }[]): number {
  return movements.reduce((sum, movement) => sum + movement.amount, 0);
}
