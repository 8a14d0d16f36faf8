import { HostingRequestSchema, IdSchema } from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DistrictHostingService } from "./hosting.js";

// /api/userService/district hosting requests and promotion (issue 18 item 3; Atrium's reading
// of two tasks the spec names: docs/districts.md). Thin: the service checks access first.

const Id = z.object({ id: IdSchema });
const RequestId = z.object({ id: IdSchema, requestId: IdSchema });
const AnyBody = z.record(z.string(), z.unknown());

export const districtHostingRoutes: FastifyPluginAsyncZod<{
  hosting: DistrictHostingService;
}> = async (app, { hosting }) => {
  const tags = ["userService"];
  const base = "/userService/district";

  app.post(
    `${base}/:id/hosting`,
    {
      schema: {
        tags,
        summary:
          "Ask the District to host one of your own spaces (in no District yet): { sceneId, message }; 409 while one waits",
        params: Id,
        body: AnyBody,
        response: { 201: HostingRequestSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await hosting.request(request.auth, request.params.id, request.body)),
  );
  app.get(
    `${base}/:id/hosting`,
    {
      schema: {
        tags,
        summary: "The District's hosting requests, open ones first (its owner)",
        params: Id,
        response: { 200: z.array(HostingRequestSchema) },
      },
    },
    async (request) => hosting.ofDistrict(request.auth, request.params.id),
  );
  app.get(
    `${base}/hosting/my`,
    {
      schema: {
        tags,
        summary: "The hosting requests you made, with their answers",
        response: { 200: z.array(HostingRequestSchema) },
      },
    },
    async (request) => hosting.mine(request.auth),
  );
  for (const [action, run] of [
    ["accept", hosting.accept],
    ["decline", hosting.decline],
  ] as const) {
    app.post(
      `${base}/:id/hosting/:requestId/${action}`,
      {
        schema: {
          tags,
          summary:
            action === "accept"
              ? "The owner accepts: the space joins the District, its maker becomes a Creator, a published space moves into a free District slot (409 without one)"
              : "The owner declines a request",
          params: RequestId,
          response: { 200: HostingRequestSchema },
        },
      },
      async (request) => run(request.auth, request.params.id, request.params.requestId),
    );
  }
  app.delete(
    `${base}/:id/hosting/:requestId`,
    {
      schema: {
        tags,
        summary: "Withdraw your request before it is answered",
        params: RequestId,
        response: { 200: z.object({ requestId: IdSchema, deleted: z.literal(true) }) },
      },
    },
    async (request) => hosting.withdraw(request.auth, request.params.id, request.params.requestId),
  );

  app.get(
    `${base}/:id/promoted`,
    {
      schema: {
        tags,
        summary: "The ids of the District's promoted spaces, newest promotion first",
        params: Id,
        response: { 200: z.array(IdSchema) },
      },
    },
    async (request) => hosting.promoted(request.auth, request.params.id),
  );
  for (const [method, on] of [
    ["put", true],
    ["delete", false],
  ] as const) {
    app[method](
      `${base}/:id/promoted/:sceneId`,
      {
        schema: {
          tags,
          summary: on
            ? "The owner promotes one of the District's published spaces (it leads the home page)"
            : "The owner stops promoting a space",
          params: z.object({ id: IdSchema, sceneId: IdSchema }),
          response: { 200: z.object({ sceneId: IdSchema, promoted: z.boolean() }) },
        },
      },
      async (request) =>
        hosting.promote(request.auth, request.params.id, request.params.sceneId, on),
    );
  }
};
