import {
  type GuidedTour,
  type LibraryAsset,
  type SceneCard,
  type SceneDocument,
  viewerDataUrls,
} from "@atrium/domain";
import { api } from "./client";

// The calls the viewer makes: a space's metadata and content (published, or the owner's draft
// with draft=true), its guided tours, and the visit count. Spaces' own client (api/spaces.ts)
// answers the same paths; these stay small and quiet (the page shows its own 403/404).

export interface ViewerScene {
  metadata: SceneCard & { revision?: number };
  document: SceneDocument;
  /** The pictures, videos and models the space places, by asset id. */
  assets: Map<string, LibraryAsset>;
}

export async function fetchViewerScene(
  sceneId: string,
  draft: boolean,
  signal?: AbortSignal,
): Promise<ViewerScene> {
  // the viewer's early start (pages/viewer/boot-data.ts) may already have it; if it stepped aside,
  // the calls are made here as usual (and answer the page's errors)
  const boot = typeof window === "undefined" ? undefined : window.__atriumViewerBoot;
  if (boot && !boot.sceneTaken && boot.sceneId === sceneId && boot.draft === draft) {
    boot.sceneTaken = true;
    try {
      return await boot.scene;
    } catch {
      // fetched below
    }
  }
  // the same URLs as the server's preloads (viewerDataUrls), so these reuse them
  const [metadataUrl, contentUrl, assetsUrl] = viewerDataUrls({ sceneId, draft });
  const [metadata, content, assets] = await Promise.all([
    api<ViewerScene["metadata"]>(metadataUrl, { signal, quiet: true }),
    api<{ document: SceneDocument }>(contentUrl, { signal, quiet: true }),
    api<LibraryAsset[]>(assetsUrl, { signal, quiet: true }),
  ]);
  performance.mark?.("atrium:viewer:data");
  return {
    metadata,
    document: content.document,
    assets: new Map(assets.map((asset) => [asset.assetId, asset])),
  };
}

/** The space's tours with their points (only those the visitor may see). */
export const fetchGuidedTours = (sceneId: string, signal?: AbortSignal) =>
  api<GuidedTour[]>("/api/storyTellingService/guidedtour", {
    query: { sceneId },
    signal,
    quiet: true,
  });

export const fetchAvatars = () =>
  api<Array<{ avatarId: string; name: string; modelUrl: string; thumbnailUrl: string }>>(
    "/api/avatarService/avatar",
    { quiet: true },
  );
