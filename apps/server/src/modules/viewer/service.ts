import type { LibraryAsset, SceneDocument } from "@atrium/domain";
import type { AuthContext } from "../../http/auth.js";
import type { ClipNamesBackfill } from "../assets/clip-names.js";
import { presentAsset } from "../assets/present.js";
import type { AssetsRepo } from "../assets/repo.js";
import type { ScenesService } from "../scenes/service.js";

// What the viewer needs beside a scene's content: the library assets its items place (pictures,
// videos, models), in one answer. Whoever may open the scene may see them, even when the creator
// keeps them out of the public library (a published space shows what it holds).

const FAMILY_OF = { pictures: "picture", videos: "video", models3d: "model3d" } as const;

export function createViewerService(deps: {
  scenes: Pick<ScenesService, "content" | "publishedContent">;
  assets: Pick<AssetsRepo, "findMany">;
  /** Models stored before their clip names were kept get them here (assets/clip-names.ts). */
  withClipNames?: ClipNamesBackfill;
}) {
  return {
    async sceneAssets(
      auth: AuthContext | null,
      sceneId: string,
      draft: boolean,
    ): Promise<LibraryAsset[]> {
      // the same access rule as the content itself (403/404 from the spaces module)
      const content = draft
        ? await deps.scenes.content(auth, sceneId)
        : await deps.scenes.publishedContent(auth, sceneId);
      const document = content.document as Partial<SceneDocument>;
      // an id may be placed by more than one list; the asset counts where its family fits
      const wanted = new Map<string, Set<string>>();
      for (const [list, family] of Object.entries(FAMILY_OF)) {
        const items = (document[list as keyof typeof FAMILY_OF] ?? []) as Array<{
          assetId?: unknown;
        }>;
        for (const item of items) {
          if (typeof item.assetId !== "string") continue;
          const families = wanted.get(item.assetId) ?? new Set<string>();
          families.add(family);
          wanted.set(item.assetId, families);
        }
      }
      // one query for them all: a gallery places dozens, and on the embedded database each
      // query holds the server's only thread
      const rows = await deps.assets.findMany([...wanted.keys()]);
      const placed = rows.filter((row) => wanted.get(row.asset.id)?.has(row.asset.family));
      return (deps.withClipNames ? await deps.withClipNames(placed) : placed).map((row) =>
        presentAsset(row),
      );
    },
  };
}

export type ViewerService = ReturnType<typeof createViewerService>;
