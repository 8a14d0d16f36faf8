import type { LibraryAsset, SceneDocument } from "@atrium/domain";
import type { ViewerScene } from "../../api/viewer";
import { createEngine, defaultAssetSource, type Engine } from "../../engine";
import type { ViewerBoot } from "./boot-state";
import { loadViewerSettings } from "./settings";

// The viewer's early start: a separate entry the server adds to viewer pages only
// (apps/server/src/http/viewer-preload.ts), never part of the app's shell. While the app itself
// (the main bundle, then the viewer route) loads, it fetches the space (the same calls the page
// makes, preloaded by the HTML), creates the renderer on its own canvas and draws the room; the
// viewer page then adopts the canvas, the engine and the loading in progress
// (`use-viewer-runtime.ts`) instead of starting over. Anything unexpected (an error answer,
// no WebGL) and it steps aside: the page does everything itself as before.

const id = encodeURIComponent;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

function target(): { sceneId: string; draft: boolean } | null {
  const match = /^\/viewer\/(?:embed\/)?([A-Za-z0-9_-]{1,100})\/?$/.exec(location.pathname);
  if (!match?.[1] || match[1] === "embed") return null;
  return {
    sceneId: match[1],
    draft: new URLSearchParams(location.search).get("draft") === "true",
  };
}

const mark = (step: string) => performance.mark?.(`atrium:viewer:boot-${step}`);

function start() {
  const wanted = target();
  if (!wanted || window.__atriumViewerBoot) return;
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
  const base = wanted.draft ? "/api/sceneService/scene" : "/api/sceneService/publishedscene";
  const scene = Promise.all([
    getJson<ViewerScene["metadata"]>(`${base}/metadata/${id(wanted.sceneId)}`),
    getJson<{ document: SceneDocument }>(`${base}/content/${id(wanted.sceneId)}`),
    getJson<LibraryAsset[]>(
      `/api/sceneService/sceneassets/${id(wanted.sceneId)}${wanted.draft ? "?draft=true" : ""}`,
    ),
  ]).then(([metadata, content, assets]) => {
    mark("data");
    return {
      metadata,
      document: content.document,
      assets: new Map(assets.map((asset) => [asset.assetId, asset])),
    };
  });
  const boot: ViewerBoot = {
    ...wanted,
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
    library: () => undefined,
    adopted: false,
  };
  window.__atriumViewerBoot = boot;
  const stepAside = () => {
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
    const settings = loadViewerSettings();
    const fallback = defaultAssetSource((uri) => uri);
    const engine = await createEngine(canvas, {
      mode: "viewer",
      quality: settings.quality,
      filtering: settings.filtering,
      assets: {
        library: async (family, assetId) => {
          const known = boot.library(assetId);
          if (known && known.family === family) return known;
          return fallback.library(family, assetId);
        },
      },
    });
    boot.engine = engine;
    mark("renderer");
    engineReady(engine);
    const loaded = await scene;
    if (boot.adopted || window.__atriumViewerBoot !== boot) return;
    boot.library = (assetId) => loaded.assets.get(assetId);
    boot.document = loaded.document;
    const off = engine.on("roomReady", () => {
      boot.roomAt = performance.now();
      mark("room");
      off();
    });
    boot.load = engine
      .load(loaded.document, (fraction) => {
        boot.progress = fraction;
        boot.onProgress?.(fraction);
      })
      .then(() => {
        boot.loadedAt = performance.now();
      });
  })().catch(() => {
    stepAside();
    engineReady(null);
  });
}

if (document.body) start();
else document.addEventListener("DOMContentLoaded", start, { once: true });
