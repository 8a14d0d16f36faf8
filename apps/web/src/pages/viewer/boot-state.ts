import type { LibraryAsset, SceneDocument } from "@atrium/domain";
import type { ViewerScene } from "../../api/viewer";
import type { Engine } from "../../engine";

// What the viewer's early start (boot.ts, a separate entry on viewer pages) hands over to the
// viewer page. No code of its own: the page imports this without starting anything.

export interface ViewerBoot {
  sceneId: string;
  draft: boolean;
  canvas: HTMLCanvasElement;
  /** The space as `fetchViewerScene` answers it; rejects when the boot stepped aside. */
  scene: Promise<ViewerScene>;
  engine: Engine | null;
  /** The engine once created; null when the boot stepped aside. */
  ready: Promise<Engine | null>;
  /** Set once the page took the space's data (fetchViewerScene). */
  sceneTaken: boolean;
  /** The document the engine is loading (the same object `scene` answers). */
  document: SceneDocument | null;
  load: Promise<void> | null;
  progress: number;
  onProgress: ((fraction: number) => void) | null;
  /** performance.now() when the room's first frame was drawn, and when every item was. */
  roomAt: number | null;
  loadedAt: number | null;
  /** The library lookup the engine uses; the page points it at the current space's assets. */
  library: (id: string) => LibraryAsset | undefined;
  /** Set once the page took the canvas and engine over. */
  adopted: boolean;
}

declare global {
  interface Window {
    __atriumViewerBoot?: ViewerBoot;
  }
}

/** The early start for this page's space, if there is one the page has not taken yet. */
export function bootFor(sceneId: string, draft: boolean): ViewerBoot | null {
  const boot = typeof window === "undefined" ? undefined : window.__atriumViewerBoot;
  return boot && !boot.adopted && boot.sceneId === sceneId && boot.draft === draft ? boot : null;
}
