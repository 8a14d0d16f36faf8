import {
  DistrictCatalogueItemSchema,
  IdSchema,
  PurchasedDistrictItemSchema,
  SettleDistrictCartResponseSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DistrictCartService } from "./cart.js";

// /api/marketplaceService district items and the district cart (spec 2 §7.4: districtitem,
// purchase/district/{id}). Thin: the service checks ownership first, then parses the cart with
// the domain's schema, so a hand-made request gets the same messages.

const Id = z.object({ id: IdSchema });
const AnyBody = z.record(z.string(), z.unknown());

export const districtCartRoutes: FastifyPluginAsyncZod<{ cart: DistrictCartService }> = async (
  app,
  { cart },
) => {
  const tags = ["marketplaceService"];
  const base = "/marketplaceService";

  app.get(
    `${base}/districtitem`,
    {
      schema: {
        tags,
        summary:
          "District items: the space slot and every premade space (its template) with its price in credits",
        response: { 200: z.array(DistrictCatalogueItemSchema) },
      },
    },
    async () => cart.catalogue(),
  );

  app.get(
    `${base}/districtitem/district/:id`,
    {
      schema: {
        tags,
        summary: "The items district :id bought, oldest first (its owner only)",
        params: Id,
        response: { 200: z.array(PurchasedDistrictItemSchema) },
      },
    },
    async (request) => cart.purchased(request.auth, request.params.id),
  );

  app.post(
    `${base}/purchase/district/:id`,
    {
      schema: {
        tags,
        summary:
          "Settle the district wizard's cart from the owner's wallet: { idempotencyKey, slots: [{ districtItemId, quantity, priceCoin }], spaceTemplates: [{ spaceTemplateId, districtItemId, priceCoin }] }. Slots become the district's slots; premade spaces are bought as with purchase/scene/{id}. 402 with creditsMissing when the balance is short (nothing bought), 409 when a price changed; the same idempotencyKey again answers 200 with the first settlement",
        params: Id,
        body: AnyBody,
        response: {
          200: SettleDistrictCartResponseSchema,
          201: SettleDistrictCartResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await cart.settle(
        request.auth,
        request.params.id,
        request.body,
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
