import {
  CheckoutSessionSchema,
  LastCardResponseSchema,
  PreviewSubscriptionUpdateRequestSchema,
  SubscriptionOverviewSchema,
  SubscriptionRefSchema,
  SubscriptionUpdatePreviewSchema,
  UpdatePaymentMethodRequestSchema,
  UpdateSubscriptionRequestSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SubscriptionsService } from "./service.js";

/** /api/marketplaceService: the subscription panel's calls (spec 2 §7.4, issue 17 item 4). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
}> = async (app, { subscriptions }) => {
  const tags = ["marketplaceService"];
  const base = "/marketplaceService";

  app.get(
    `${base}/externaltransaction/usersubscription`,
    {
      schema: {
        tags,
        summary:
          "Your subscription (status, renewal, cancellation), your plan and what it includes",
        response: { 200: SubscriptionOverviewSchema },
      },
    },
    async (request) => subscriptions.overview(request.auth),
  );

  app.get(
    `${base}/externaltransaction/getuserslastcarddetails`,
    {
      schema: {
        tags,
        summary: "The card your subscription is charged to (brand, last 4 digits, expiry)",
        response: { 200: LastCardResponseSchema },
      },
    },
    async (request) => subscriptions.lastCard(request.auth),
  );

  app.post(
    `${base}/stripe/cancel/subscription`,
    {
      schema: {
        tags,
        summary: "Cancel your subscription at the end of the paid period (auto-renewal off)",
        body: SubscriptionRefSchema,
        response: { 200: SubscriptionOverviewSchema },
      },
    },
    async (request) => subscriptions.cancel(request.auth, request.body.subscriptionId),
  );

  app.post(
    `${base}/stripe/removecancelationsubscription`,
    {
      schema: {
        tags,
        summary: "Re-enable auto-renewal of a subscription whose cancellation is scheduled",
        body: SubscriptionRefSchema,
        response: { 200: SubscriptionOverviewSchema },
      },
    },
    async (request) => subscriptions.resume(request.auth, request.body.subscriptionId),
  );

  app.post(
    `${base}/stripe/updatepaymentmethod/subscription`,
    {
      schema: {
        tags,
        summary: "Open a card-change checkout for your subscription; answers the page to open",
        body: UpdatePaymentMethodRequestSchema,
        response: { 201: CheckoutSessionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await subscriptions.updatePaymentMethod(request.auth, request.body)),
  );

  app.post(
    `${base}/stripe/previewsubscriptionupdate`,
    {
      schema: {
        tags,
        summary: "What changing your subscription to another plan price would charge now",
        body: PreviewSubscriptionUpdateRequestSchema,
        response: { 200: SubscriptionUpdatePreviewSchema },
      },
    },
    async (request) => subscriptions.previewUpdate(request.auth, request.body),
  );

  app.post(
    `${base}/stripe/updatesubscription`,
    {
      schema: {
        tags,
        summary: "Change your subscription's plan price, charged as previewed (prorationDate)",
        body: UpdateSubscriptionRequestSchema,
        response: { 200: SubscriptionOverviewSchema },
      },
    },
    async (request) => subscriptions.update(request.auth, request.body),
  );
};
