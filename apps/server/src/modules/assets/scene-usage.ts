import { messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { SceneAssetUsage } from "./service.js";

/**
 * Saved scenes (drafts and published) whose document places the asset: any item of any list
 * (pictures, videos, models3d, texts3d, portals, infoPoints, webViews3d) naming it as `assetId`.
 * The scenes' tables belong to the spaces work; until they exist nothing uses an asset.
 */
export function sceneUsageFromContents(db: Database): SceneAssetUsage {
  let tablesExist: boolean | null = null;
  return {
    async scenesUsing(assetId) {
      if (!tablesExist) {
        const found = await db.execute(sql`SELECT to_regclass('scene_contents')::text AS found`);
        tablesExist = Boolean((rowsOf(found)[0] as { found: string | null } | undefined)?.found);
        if (!tablesExist) return [];
      }
      const result = await db.execute(sql`
        SELECT s.id AS "sceneId", s.title AS title
        FROM scene_contents c JOIN scenes s ON s.id = c.scene_id
        WHERE jsonb_path_exists(c.document::jsonb, '$.*[*] ? (@.assetId == $id)', jsonb_build_object('id', ${assetId}::text))
        ORDER BY s.updated_at DESC, s.id
        LIMIT 50`);
      return (rowsOf(result) as { sceneId: string; title: string | null }[]).map((row) => ({
        sceneId: row.sceneId,
        title: row.title?.trim() || messages.content.untitled,
      }));
    },
  };
}

// both drivers answer raw SQL with `{ rows }`
const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? []) as unknown[];
