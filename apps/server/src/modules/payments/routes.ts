import {
  CheckoutSessionSchema,
  CheckoutSessionStatusSchema,
  CreateCheckoutSessionRequestSchema,
  IdSchema,
  SandboxPayRequestSchema,
  SandboxPayResponseSchema,
  StripeProductsResponseSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PaymentsService } from "./service.js";

const SessionQuery = z.object({ sessionId: IdSchema });
const SessionParams = z.object({ sessionId: IdSchema });

/** /api/marketplaceService/stripe/...: products and card checkout (spec 2 §7.4, issue 17). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const tags = ["marketplaceService"];
  const base = "/marketplaceService";

  app.get(
    `${base}/stripe/products`,
    {
      schema: {
        tags,
        summary: "Credit bundles and subscription plans, from the payment provider",
        response: { 200: StripeProductsResponseSchema },
      },
    },
    async () => payments.products(),
  );

  app.post(
    `${base}/stripe/create-checkout-session`,
    {
      schema: {
        tags,
        summary: "Open a card checkout for a credit bundle; answers the checkout page to open",
        body: CreateCheckoutSessionRequestSchema,
        response: { 201: CheckoutSessionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payments.createCheckoutSession(request.auth, request.body)),
  );

  app.get(
    `${base}/stripe/session-status`,
    {
      schema: {
        tags,
        summary: "One of your checkouts: open, complete, declined or expired",
        querystring: SessionQuery,
        response: { 200: CheckoutSessionStatusSchema },
      },
    },
    async (request) => payments.sessionStatus(request.auth, request.query.sessionId),
  );

  app.post(
    `${base}/sandbox/checkout/:sessionId/pay`,
    {
      schema: {
        tags,
        summary:
          "The built-in sandbox's checkout: pay with a test card (4242... pays, 4000...0002 is declined, 4000 0025 0000 3155 asks to confirm)",
        params: SessionParams,
        body: SandboxPayRequestSchema,
        response: { 200: SandboxPayResponseSchema },
      },
    },
    async (request) => payments.sandboxPay(request.auth, request.params.sessionId, request.body),
  );

  // the webhook reads its body as bytes: the signature is over the exact bytes sent
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      `${base}/stripe/webhook`,
      {
        schema: {
          tags,
          summary:
            "The payment provider's events, signed (Stripe-Signature, at most 300 s old); each event id is handled once",
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        return payments.handleWebhook(body, typeof signature === "string" ? signature : undefined);
      },
    );
  });
};
