import type { Cart } from "../entities/cart";

type CartLines = {
  slots: readonly { quantity: number; priceCoin: number }[];
  spaceTemplates: readonly { priceCoin: number }[];
};

/** Total cost in credits: the sum of quantity x priceCoin; a template always counts once. */
export function cartTotal(cart: CartLines | Cart): number {
  const slots = cart.slots.reduce((sum, line) => sum + line.quantity * line.priceCoin, 0);
  const templates = cart.spaceTemplates.reduce((sum, line) => sum + line.priceCoin, 0);
  return slots + templates;
}

/** Credits missing: total minus balance, or 0 when the balance covers it. */
export function creditsMissing(total: number, availableBalance: number): number {
  return Math.max(0, total - availableBalance);
}
