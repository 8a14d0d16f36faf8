import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../errors.js";
import { matchesEtag } from "../../http/etag.js";
import { parseRange } from "./range.js";
import { DEFAULT_THUMBNAIL_SIZE, type FilesService } from "./service.js";

const Params = z.object({ id: z.string().min(1).max(64) });

// a file id names one immutable content forever: caches may keep it for a year
const IMMUTABLE = "public, max-age=31536000, immutable";

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (
  app,
  { files },
) => {
  app.get(
    "/fileService/file/:id",
    {
      schema: {
        tags: ["fileService"],
        summary: "A stored file, with ETag, long-lived caching and byte ranges (206)",
        params: Params,
      },
    },
    async (request, reply) => {
      const record = await files.find(request.params.id);
      if (!record) throw new NotFoundError();
      const etag = `"${record.sha256}"`;
      setFileHeaders(reply, record.contentType, etag);
      if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();

      const range = parseRange(request.headers.range, record.sizeBytes);
      if (range === "unsatisfiable") {
        reply.header("content-range", `bytes */${record.sizeBytes}`);
        return reply.status(416).send();
      }
      if (range === "none") {
        const { stream } = await files.open(record.id);
        reply.header("content-length", record.sizeBytes);
        return reply.send(stream);
      }
      const { stream } = await files.open(record.id, range);
      reply.header("content-range", `bytes ${range.start}-${range.end}/${record.sizeBytes}`);
      reply.header("content-length", range.end - range.start + 1);
      return reply.status(206).send(stream);
    },
  );

  app.get(
    "/fileService/thumbnail/:id",
    {
      schema: {
        tags: ["fileService"],
        summary: "A sized rendition of a stored image (the smallest at least `size` pixels)",
        params: Params,
        querystring: z.object({
          size: z.coerce.number().int().min(16).max(2048).default(DEFAULT_THUMBNAIL_SIZE),
        }),
      },
    },
    async (request, reply) => {
      const { file, variant, stream } = await files.openThumbnail(
        request.params.id,
        request.query.size,
      );
      const etag = `"${file.sha256}-${variant.size}"`;
      setFileHeaders(reply, variant.contentType, etag);
      if (matchesEtag(request.headers["if-none-match"], etag)) {
        stream.destroy();
        return reply.status(304).send();
      }
      reply.header("content-length", variant.bytes);
      return reply.send(stream);
    },
  );
};

function setFileHeaders(reply: FastifyReply, contentType: string, etag: string) {
  reply.header("content-type", contentType);
  reply.header("etag", etag);
  reply.header("cache-control", IMMUTABLE);
  reply.header("accept-ranges", "bytes");
  reply.header("x-content-type-options", "nosniff");
  // a stored file is never a page: nothing in it may run if it is opened directly
  reply.header("content-security-policy", "default-src 'none'; sandbox");
}
