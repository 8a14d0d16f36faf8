import {
  IdSchema,
  InternalPurchaseRequestSchema,
  InternalPurchaseResponseSchema,
  InternalTransactionPageSchema,
  PageRequestSchema,
  PremadeHoldingsViewSchema,
  PremadePurchaseRequestSchema,
  PremadePurchaseResponseSchema,
  SlotReactivationRequestSchema,
  SlotReactivationResponseSchema,
  WalletSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { WalletService } from "./service.js";

const UserQuery = z.object({ userId: IdSchema.optional() });

/** /api/marketplaceService: the wallet, its history and purchases with credits (spec 2 §7.4). */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (
  app,
  { wallet },
) => {
  const tags = ["marketplaceService"];
  const base = "/marketplaceService";

  app.get(
    `${base}/wallet/byuserid`,
    {
      schema: {
        tags,
        summary: "A wallet's balance: the sum of its movements (yours, or any as admin)",
        querystring: UserQuery,
        response: { 200: WalletSchema },
      },
    },
    async (request) => wallet.wallet(request.auth, request.query.userId),
  );

  app.get(
    `${base}/internaltransaction`,
    {
      schema: {
        tags,
        summary: "A wallet's movements of credits, newest first",
        querystring: PageRequestSchema.extend(UserQuery.shape),
        response: { 200: InternalTransactionPageSchema },
      },
    },
    async (request) => wallet.history(request.auth, request.query),
  );

  app.post(
    `${base}/internaltransaction`,
    {
      schema: {
        tags,
        summary:
          "Buy publishing slots with credits (600 each). 402 when the balance is short; the same idempotencyKey again answers with the first purchase",
        body: InternalPurchaseRequestSchema,
        response: { 200: InternalPurchaseResponseSchema, 201: InternalPurchaseResponseSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await wallet.purchase(request.auth, request.body);
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );

  app.get(
    `${base}/purchase/scene/my`,
    {
      schema: {
        tags,
        summary:
          "Your premade spaces: those you own (never charged again) and whether Pro's free one is taken, so a cart can show what it will be charged",
        response: { 200: PremadeHoldingsViewSchema },
      },
    },
    async (request) => wallet.myPremade(request.auth),
  );

  app.post(
    `${base}/purchase/scene/:id`,
    {
      schema: {
        tags,
        summary:
          "Buy a premade space (space template :id) with credits at its price, once per account (Pro's first is free). 402 when the balance is short; owning it already answers 200 with the purchase",
        params: z.object({ id: IdSchema }),
        body: PremadePurchaseRequestSchema,
        response: { 200: PremadePurchaseResponseSchema, 201: PremadePurchaseResponseSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await wallet.purchasePremade(
        request.auth,
        request.params.id,
        request.body,
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    `${base}/slot/:id/reactivate`,
    {
      schema: {
        tags,
        summary:
          "Pay a new month (600 credits) for your purchased slot suspended for an unpaid keep-alive. 402 when short, 409 when the slot is active; the same idempotencyKey again answers with the first payment",
        params: z.object({ id: IdSchema }),
        body: SlotReactivationRequestSchema,
        response: { 200: SlotReactivationResponseSchema, 201: SlotReactivationResponseSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await wallet.reactivateSlot(
        request.auth,
        request.params.id,
        request.body,
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
