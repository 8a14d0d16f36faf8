import { LibraryAssetSchema } from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ViewerService } from "./service.js";

/** GET /api/sceneService/sceneassets/{id}: the library assets a scene places, for its visitors. */
export const viewerRoutes: FastifyPluginAsyncZod<{ viewer: ViewerService }> = async (
  app,
  { viewer },
) => {
  app.get(
    "/sceneService/sceneassets/:id",
    {
      schema: {
        tags: ["sceneService"],
        summary:
          "The pictures, videos and models a scene places (published content; draft=true: the owner's draft), for whoever may open the scene",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({ draft: z.enum(["true", "false"]).default("false") }),
        response: { 200: z.array(LibraryAssetSchema) },
      },
    },
    async (request) =>
      viewer.sceneAssets(request.auth, request.params.id, request.query.draft === "true"),
  );
};
