import type { LibraryAsset } from "@atrium/domain";
import { createEngine, defaultAssetSource, type Engine } from "../../engine";
import type { EarlyData } from "./boot-data";
import type { ViewerBoot } from "./boot-state";
import { loadViewerSettings } from "./settings";

// The viewer's early start, loaded by boot.ts (the entry the server adds to viewer pages only).
// While the app itself waits, it takes the space's data (boot-data.ts), creates the renderer on
// its own canvas and draws the room; the viewer page then adopts the canvas, the engine and the
// loading in progress (`use-viewer-runtime.ts`) instead of starting over. Anything unexpected (an error answer, no WebGL) and it steps aside: the
// page does everything itself as before.

const mark = (step: string) => performance.mark?.(`atrium:viewer:boot-${step}`);

/**
 * Starts drawing this page's space. Settles once the room's first frame is drawn or the early
 * start has stepped aside (then the app should start at once). `startApp` is called just before
 * the renderer and the room are made in one go: the app's code downloads meanwhile, and runs
 * only once that task, with the room's first frame, is done.
 */
export function startEarly(data: EarlyData | null, startApp: () => void = () => {}): Promise<void> {
  if (!data || window.__atriumViewerBoot) return Promise.resolve();
  const { scene, sceneId, draft } = data;
  // the space's placed assets, once their answer is in (after the document, as a rule)
  let placed: Map<string, LibraryAsset> | null = null;
  scene.then(
    (loaded) => {
      placed = loaded.assets;
    },
    () => {},
  );
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  mark("start");
  const canvas = document.createElement("canvas");
  canvas.dataset.testid = "viewer-canvas";
  canvas.tabIndex = 0;
  Object.assign(canvas.style, {
    position: "fixed",
    inset: "0",
    width: "100%",
    height: "100%",
    display: "block",
    touchAction: "none",
    outline: "none",
    background: "#0f1b2d",
  });
  document.body.appendChild(canvas);
  const boot: ViewerBoot = {
    sceneId,
    draft,
    canvas,
    scene,
    engine: null,
    ready: Promise.resolve(null),
    sceneTaken: false,
    document: null,
    load: null,
    progress: 0,
    onProgress: null,
    roomAt: null,
    loadedAt: null,
    library: (assetId) => placed?.get(assetId),
    adopted: false,
  };
  window.__atriumViewerBoot = boot;
  const stepAside = () => {
    settle();
    if (boot.adopted) return;
    boot.engine?.dispose();
    boot.engine = null;
    // a canvas the page already holds stays (the page reports what went wrong)
    if (canvas.parentElement === document.body) canvas.remove();
    if (window.__atriumViewerBoot === boot) delete window.__atriumViewerBoot;
  };
  scene.catch(stepAside);
  let engineReady: (engine: Engine | null) => void = () => {};
  boot.ready = new Promise((resolve) => {
    engineReady = resolve;
  });
  (async () => {
    // the document already in (the usual case): the renderer, the room and its first frame are
    // made in one task, with no frame of an empty canvas between them
    const arrived = data.settled ? await data.document : null;
    if (arrived) startApp();
    const settings = loadViewerSettings();
    const fallback = defaultAssetSource((uri) => uri);
    const engine = await createEngine(canvas, {
      mode: "viewer",
      quality: settings.quality,
      filtering: settings.filtering,
      assets: {
        library: async (family, assetId) => {
          // items are placed after the room: by then the space's assets are in, as a rule
          await scene.catch(() => undefined);
          const known = boot.library(assetId);
          if (known && known.family === family) return known;
          return fallback.library(family, assetId);
        },
      },
    });
    boot.engine = engine;
    mark("renderer");
    engineReady(engine);
    const content = arrived ?? (await data.document);
    if (boot.adopted || window.__atriumViewerBoot !== boot) return settle();
    boot.document = content;
    const off = engine.on("roomReady", () => {
      boot.roomAt = performance.now();
      mark("room");
      off();
      settle();
    });
    boot.load = engine
      .load(content, (fraction) => {
        boot.progress = fraction;
        boot.onProgress?.(fraction);
      })
      .then(() => {
        boot.loadedAt = performance.now();
      });
    // a load that fails before its room leaves the rest to the app
    boot.load.then(settle, settle);
  })().catch(() => {
    stepAside();
    engineReady(null);
  });
  return settled;
}
