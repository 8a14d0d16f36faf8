import type {
  CheckoutSession,
  CheckoutSessionStatus,
  InternalPurchaseResponse,
  InternalTransaction,
  PremadeHoldingsView,
  SandboxPayResponse,
  SlotReactivationResponse,
  StripeProductsResponse,
  Wallet,
} from "@atrium/domain";
import { api } from "./client";

// The marketplace service's wallet and card checkout (spec 2 §7.4, issue 17).

const BASE = "/api/marketplaceService";

export const fetchWallet = (signal?: AbortSignal) =>
  api<Wallet>(`${BASE}/wallet/byuserid`, { signal });
/** The premade spaces one owns and whether Pro's free one is taken (what a cart will charge). */
export const fetchPremadeHoldings = (signal?: AbortSignal) =>
  api<PremadeHoldingsView>(`${BASE}/purchase/scene/my`, { signal });
export const fetchWalletHistory = (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
  api<{ items: InternalTransaction[]; total: number }>(`${BASE}/internaltransaction`, {
    query: page,
    signal,
  });
export const fetchProducts = (signal?: AbortSignal) =>
  api<StripeProductsResponse>(`${BASE}/stripe/products`, { signal });
export const createCheckoutSession = (priceId: string, returnPath = "/wallet") =>
  api<CheckoutSession>(`${BASE}/stripe/create-checkout-session`, {
    method: "POST",
    body: { priceId, returnPath },
    quiet: true,
  });
export const fetchCheckoutStatus = (sessionId: string, signal?: AbortSignal) =>
  api<CheckoutSessionStatus>(`${BASE}/stripe/session-status`, { query: { sessionId }, signal });
export const paySandboxCheckout = (sessionId: string, cardNumber: string, confirmed: boolean) =>
  api<SandboxPayResponse>(`${BASE}/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: "POST",
    body: { cardNumber, confirmed },
    quiet: true,
  });
/** Buys publishing slots with credits; the key makes a retried click buy once. */
export const buySlots = (slots: number, idempotencyKey: string) =>
  api<InternalPurchaseResponse>(`${BASE}/internaltransaction`, {
    method: "POST",
    body: { slots, idempotencyKey },
    quiet: true,
  });
/** Pays a new month for a slot suspended for an unpaid keep-alive. */
export const reactivateSlot = (slotId: string, idempotencyKey: string) =>
  api<SlotReactivationResponse>(`${BASE}/slot/${encodeURIComponent(slotId)}/reactivate`, {
    method: "POST",
    body: { idempotencyKey },
    quiet: true,
  });
