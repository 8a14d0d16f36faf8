import {
  CreateGuidedTourRequestSchema,
  CreateTourPointRequestSchema,
  GuidedTourSchema,
  TourPointSchema,
  UpdateGuidedTourRequestSchema,
  UpdateTourPointRequestSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ToursService } from "./service.js";

const IdParams = z.object({ id: z.string().min(1).max(64) });
const SceneQuery = z.object({ sceneId: z.string().min(1).max(64) });

/** /api/storyTellingService: guided tours and their points (spec 2 §3.8, §7.4). */
export const toursRoutes: FastifyPluginAsyncZod<{ tours: ToursService }> = async (
  app,
  { tours },
) => {
  const tags = ["storyTellingService"];
  const base = "/storyTellingService";

  app.get(
    `${base}/guidedtour`,
    {
      schema: {
        tags,
        summary: "The tours of a scene, with their points (anyone who may visit the scene)",
        querystring: SceneQuery,
        response: { 200: z.array(GuidedTourSchema) },
      },
    },
    async (request) => tours.listForScene(request.auth, request.query.sceneId),
  );

  app.post(
    `${base}/guidedtour`,
    {
      schema: {
        tags,
        summary: "Create a tour of one of your scenes, with its points in order",
        body: CreateGuidedTourRequestSchema,
        response: { 201: GuidedTourSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await tours.create(request.auth, request.body)),
  );

  app.get(
    `${base}/guidedtour/:id`,
    {
      schema: {
        tags,
        summary: "One tour with its points",
        params: IdParams,
        response: { 200: GuidedTourSchema },
      },
    },
    async (request) => tours.get(request.auth, request.params.id),
  );

  app.put(
    `${base}/guidedtour/:id`,
    {
      schema: {
        tags,
        summary: "Change a tour; `points`, when given, replaces all its points in that order",
        params: IdParams,
        body: UpdateGuidedTourRequestSchema,
        response: { 200: GuidedTourSchema },
      },
    },
    async (request) => tours.update(request.auth, request.params.id, request.body),
  );

  app.delete(
    `${base}/guidedtour/:id`,
    {
      schema: { tags, summary: "Delete a tour and its points", params: IdParams },
    },
    async (request, reply) => {
      await tours.remove(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/guidedtourpoint`,
    {
      schema: {
        tags,
        summary: "Add a point to a tour (at `order`, else at the end)",
        body: CreateTourPointRequestSchema,
        response: { 201: TourPointSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tours.createPoint(request.auth, request.body)),
  );

  app.get(
    `${base}/guidedtourpoint/:id`,
    {
      schema: {
        tags,
        summary: "One tour point",
        params: IdParams,
        response: { 200: TourPointSchema },
      },
    },
    async (request) => tours.getPoint(request.auth, request.params.id),
  );

  app.put(
    `${base}/guidedtourpoint/:id`,
    {
      schema: {
        tags,
        summary: "Change a tour point; a new `order` moves it",
        params: IdParams,
        body: UpdateTourPointRequestSchema,
        response: { 200: TourPointSchema },
      },
    },
    async (request) => tours.updatePoint(request.auth, request.params.id, request.body),
  );

  app.delete(
    `${base}/guidedtourpoint/:id`,
    {
      schema: { tags, summary: "Delete a tour point", params: IdParams },
    },
    async (request, reply) => {
      await tours.removePoint(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
};
