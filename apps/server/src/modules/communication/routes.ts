import { HubKeySchema } from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CommunicationService } from "./service.js";

export const communicationRoutes: FastifyPluginAsyncZod<{
  communication: CommunicationService;
}> = async (app, { communication }) => {
  const tags = ["communicationInteractionService"];
  const base = "/communicationInteractionService";

  app.get(
    `${base}/key`,
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          "A short-lived token for the hubs (a guest token for a public space when signed out)",
        querystring: z.object({ sceneId: z.string().min(1).max(64).optional() }),
        response: { 200: HubKeySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return communication.key(request.auth, request.query.sceneId);
    },
  );

  app.head(
    `${base}/key`,
    {
      schema: {
        tags,
        summary: "Probe a hub token: 200 while it is good, 401 otherwise",
        querystring: z.object({ access_token: z.string().min(1).max(4096) }),
      },
    },
    async (request, reply) => {
      await communication.probe(request.query.access_token);
      reply.header("cache-control", "no-store");
      return reply.code(200).send();
    },
  );
};
