import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { matchesEtag } from "../../http/etag.js";
import type { AvatarsService } from "./service.js";

const AvatarSchema = z.object({
  avatarId: z.string(),
  name: z.string(),
  modelUrl: z.string(),
  thumbnailUrl: z.string(),
});

export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (
  app,
  { avatars },
) => {
  app.get(
    "/avatarService/avatar",
    {
      schema: {
        tags: ["avatarService"],
        summary: "Every avatar: id, name, model (.glb) and thumbnail (.png) addresses",
        response: { 200: z.array(AvatarSchema) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return avatars.list();
    },
  );

  for (const [kind, extension, contentType] of [
    ["model", "glb", "model/gltf-binary"],
    ["thumbnail", "png", "image/png"],
  ] as const) {
    app.get(
      `/avatarService/${kind}/:file`,
      {
        schema: {
          tags: ["avatarService"],
          summary: `An avatar's ${kind === "model" ? "3D model (binary glTF)" : "thumbnail (PNG)"}: {avatarId}.${extension}`,
          params: z.object({
            file: z.string().regex(new RegExp(`^[a-z0-9-]{1,40}\\.${extension}$`)),
          }),
        },
      },
      async (request, reply) => {
        const id = request.params.file.slice(0, -(extension.length + 1));
        const asset = await (kind === "model" ? avatars.model(id) : avatars.thumbnail(id));
        reply.header("content-type", contentType);
        reply.header("etag", asset.etag);
        reply.header("cache-control", "public, max-age=86400");
        if (matchesEtag(request.headers["if-none-match"], asset.etag))
          return reply.status(304).send();
        return reply.send(asset.data);
      },
    );
  }
};
