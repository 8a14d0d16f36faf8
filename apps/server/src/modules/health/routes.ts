import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.js";

const HealthSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  redis: z.enum(["connected", "not configured"]),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability",
        response: { 200: HealthSchema },
      },
    },
    async () => {
      await context.database.db.execute(sql`SELECT 1`);
      if (context.redis) await context.redis.ping();
      return {
        status: "ok" as const,
        db: context.database.kind,
        redis: context.redis ? ("connected" as const) : ("not configured" as const),
        version: context.version,
      };
    },
  );
};
