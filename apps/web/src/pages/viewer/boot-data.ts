import {
  type LibraryAsset,
  type SceneDocument,
  viewerDataUrls,
  viewerTarget,
} from "@atrium/domain";
import type { ViewerScene } from "../../api/viewer";

// The space's data for the viewer's early start, asked for by the tiny entry (boot.ts) the
// moment it runs, long before the engine's code is in: the same calls the page makes, which
// the HTML preloads, so these fetches take the preloaded answers. The room needs only the
// document: the early start draws it as soon as the document is in, without waiting for the
// placed assets' answer (the slowest of the three to compute), which the items wait for.

export interface EarlyData {
  sceneId: string;
  draft: boolean;
  /** The space's content: all the room needs. */
  document: Promise<SceneDocument>;
  /** The whole space as the page takes it over: its metadata, the same document, its assets. */
  scene: Promise<ViewerScene>;
  /** True once `document` has resolved or rejected. */
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
  const metadata = getJson<ViewerScene["metadata"]>(metadataUrl);
  const document = getJson<{ document: SceneDocument }>(contentUrl).then(
    (content) => content.document,
  );
  const assets = getJson<LibraryAsset[]>(assetsUrl);
  const data: EarlyData = {
    ...wanted,
    settled: false,
    document: document.finally(() => {
      data.settled = true;
    }),
    scene: Promise.all([metadata, document, assets]).then(([metadata, document, assets]) => {
      performance.mark?.("atrium:viewer:boot-data");
      return {
        metadata,
        document,
        assets: new Map(assets.map((asset) => [asset.assetId, asset])),
      };
    }),
  };
  // the early start and the page handle a failure (the page shows what went wrong); until one
  // of them takes the promises they must not count as unhandled
  data.document.catch(() => {});
  data.scene.catch(() => {});
  return data;
}
