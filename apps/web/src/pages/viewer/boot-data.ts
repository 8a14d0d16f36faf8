import {
  type LibraryAsset,
  type SceneDocument,
  viewerDataUrls,
  viewerTarget,
} from "@atrium/domain";
import type { ViewerScene } from "../../api/viewer";

// The space's data for the viewer's early start, asked for by the tiny entry (boot.ts) the
// moment it runs, long before the engine's code is in: the same calls the page makes, which
// the HTML preloads, so these fetches take the preloaded answers. By the time the early start
// has its engine the data is usually parsed, and the renderer, the room and its first frame are
// made in one go.

export interface EarlyData {
  sceneId: string;
  draft: boolean;
  scene: Promise<ViewerScene>;
  /** True once `scene` has resolved or rejected. */
  settled: boolean;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Starts fetching this page's space; null when the page is not a space's viewer. */
export function fetchEarlyData(): EarlyData | null {
  const wanted = viewerTarget(location.pathname + location.search);
  if (!wanted) return null;
  const [metadataUrl, contentUrl, assetsUrl] = viewerDataUrls(wanted);
  const data: EarlyData = {
    ...wanted,
    settled: false,
    scene: Promise.all([
      getJson<ViewerScene["metadata"]>(metadataUrl),
      getJson<{ document: SceneDocument }>(contentUrl),
      getJson<LibraryAsset[]>(assetsUrl),
    ])
      .finally(() => {
        data.settled = true;
      })
      .then(([metadata, content, assets]) => {
        performance.mark?.("atrium:viewer:boot-data");
        return {
          metadata,
          document: content.document,
          assets: new Map(assets.map((asset) => [asset.assetId, asset])),
        };
      }),
  };
  // the early start and the page handle a failure (the page shows what went wrong); until one
  // of them takes the promise it must not count as unhandled
  data.scene.catch(() => {});
  return data;
}
