import type { LibraryAsset, SceneDocument } from "@atrium/domain";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Engine, Player, PlayerPose } from "../../engine";
import type { ViewerBoot } from "./boot-state";
import type { ViewerSettings } from "./settings";

// Owns the 3D runtime of the viewer page: waits for the canvas to be laid out (the spec's player
// readiness poll: every 300 ms, for at most 5 s), loads the engine module (three.js lives only
// in that chunk), creates one engine and one player, and loads each document given to it. The
// engine survives portal hops: each new space is `load`ed into it, freeing the previous one.

export type RuntimePhase = "starting" | "webgl-missing" | "failed" | "loading" | "room" | "loaded";

export const READY_POLL_MS = 300;
export const READY_POLL_LIMIT_MS = 5000;

export interface Runtime {
  engine: Engine;
  player: Player;
  module: typeof import("../../engine");
}

/** Resolves when `ready()` holds, checking every `interval` ms; resolves false after `limit` ms. */
export function pollReady(
  ready: () => boolean,
  interval = READY_POLL_MS,
  limit = READY_POLL_LIMIT_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (ready()) return resolve(true);
    const started = Date.now();
    const timer = setInterval(() => {
      if (ready()) {
        clearInterval(timer);
        resolve(true);
      } else if (Date.now() - started >= limit) {
        clearInterval(timer);
        resolve(false);
      }
    }, interval);
  });
}

export interface RuntimeCallbacks {
  onMove(pose: PlayerPose): void;
  onPortal(portalId: string): void;
  /** Every item is shown (`at`: performance.now() then). */
  onLoaded(document: SceneDocument, at: number): void;
  /** The room of the document is drawn, its first frame rendered (`at`: performance.now() then). */
  onRoom(document: SceneDocument, at: number): void;
}

/** A performance mark on the viewer's loading path (seen in the browser's performance panel). */
export function markViewer(step: string) {
  performance.mark?.(`atrium:viewer:${step}`);
}

/**
 * The loading fraction, outside React state: only what shows it (the overlay, the streaming badge)
 * re-renders as items arrive, not the whole stage.
 */
export interface ProgressStore {
  get(): number;
  set(fraction: number): void;
  subscribe(listener: () => void): () => void;
}

export function createProgressStore(): ProgressStore {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(fraction) {
      if (fraction === value) return;
      value = fraction;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useProgress = (store: ProgressStore) =>
  useSyncExternalStore(store.subscribe, store.get);

let enginePromise: Promise<typeof import("../../engine")> | null = null;

/** Starts fetching the engine chunk (once): the viewer asks for it as soon as it renders, so the
 * chunk downloads while the scene's data is fetched and the canvas is laid out. */
export function preloadEngine(): Promise<typeof import("../../engine")> {
  if (!enginePromise) {
    markViewer("engine-requested");
    enginePromise = import("../../engine");
    enginePromise.then(
      () => markViewer("engine-module"),
      () => {},
    );
  }
  enginePromise.catch(() => {
    enginePromise = null;
  });
  return enginePromise;
}

export function useViewerRuntime(
  canvas: HTMLCanvasElement | null,
  document: SceneDocument | null,
  /** The space's placed assets; the engine asks the asset service for anything else. */
  assets: Map<string, LibraryAsset> | null,
  sceneId: string,
  settings: ViewerSettings,
  avatarUrl: string | null,
  callbacks: RuntimeCallbacks,
  /** The viewer's early start for this space (boot.ts): its canvas, engine and first load. */
  boot: ViewerBoot | null = null,
) {
  // the engine chunk downloads in parallel with the scene fetch and the layout wait
  void preloadEngine().catch(() => {});
  const [phase, setPhase] = useState<RuntimePhase>("starting");
  // which document "room" and "loaded" speak of: a new document is "loading" from its first render
  const [phaseOf, setPhaseOf] = useState<SceneDocument | null>(null);
  const [progress] = useState(createProgressStore);
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const assetsRef = useRef(assets);
  assetsRef.current = assets;
  // the early start's load, taken over by the first document's load below
  const bootLoad = useRef<ViewerBoot | null>(null);

  // the engine and the player, once per page
  useEffect(() => {
    if (!canvas) return;
    let cancelled = false;
    let created: Runtime | null = null;
    (async () => {
      const loading = preloadEngine();
      const early = boot && boot.canvas === canvas ? await boot.ready : null;
      if (early && boot && !boot.adopted && !cancelled) {
        // the early start's engine: the page's assets answer its lookups from now on
        // (its own answer until the page has the space's data: the early start's load goes on)
        boot.adopted = true;
        const own = boot.library;
        boot.library = (id) => assetsRef.current?.get(id) ?? own(id);
        bootLoad.current = boot;
      }
      await pollReady(() => canvas.clientWidth > 0 && canvas.clientHeight > 0);
      const module = await loading;
      if (cancelled) {
        if (bootLoad.current?.engine === early) early?.dispose();
        return;
      }
      const fallback = module.defaultAssetSource((uri) => uri);
      let engine: Engine;
      try {
        engine =
          bootLoad.current && early
            ? early
            : await module.createEngine(canvas, {
                mode: "viewer",
                quality: settingsRef.current.quality,
                filtering: settingsRef.current.filtering,
                assets: {
                  library: async (family, id) => {
                    const known = assetsRef.current?.get(id);
                    if (known && known.family === family) return known;
                    return fallback.library(family, id);
                  },
                },
              });
      } catch (error) {
        if (!cancelled)
          setPhase(error instanceof module.WebGLUnavailableError ? "webgl-missing" : "failed");
        return;
      }
      if (cancelled) {
        engine.dispose();
        return;
      }
      markViewer("renderer");
      const player = module.createPlayer(engine, canvas, {
        start: { position: [0, 0, 0], yaw: 0, pitch: 0 },
        thirdPerson: settingsRef.current.thirdPerson,
        onMove: (pose) => callbacksRef.current.onMove(pose),
        onPortal: (id) => callbacksRef.current.onPortal(id),
      });
      engine.setVolume(settingsRef.current.volume / 100);
      created = { engine, player, module };
      setRuntime(created);
    })().catch(() => {
      if (!cancelled) setPhase("failed");
    });
    return () => {
      cancelled = true;
      created?.player.dispose();
      created?.engine.dispose();
      setRuntime(null);
    };
  }, [canvas, boot]);

  // each space loaded into the same engine
  useEffect(() => {
    if (!runtime || !document) return;
    let current = true;
    const { engine, player } = runtime;
    // the early start already loading this very document: take its load over
    const early = bootLoad.current;
    bootLoad.current = null;
    const adopted = early?.document === document && early.load ? early : null;
    setPhase("loading");
    progress.set(adopted?.progress ?? 0);
    player.setInputEnabled(false);
    const roomShown = (at: number) => {
      if (!current) return;
      player.refreshColliders();
      player.teleport({
        position: document.startingPosition,
        yaw: document.startingRotation[1],
        pitch: 0,
      });
      player.setPortals(
        document.portals.map((portal) => ({ id: portal.id, position: portal.position })),
      );
      player.setInputEnabled(true);
      markViewer("room");
      callbacksRef.current.onRoom(document, at);
      setPhaseOf(document);
      setPhase("room");
    };
    let offRoom = () => {};
    if (adopted?.roomAt != null) roomShown(adopted.roomAt);
    else offRoom = engine.on("roomReady", () => roomShown(performance.now()));
    let loading: Promise<void>;
    if (adopted?.load) {
      adopted.onProgress = (fraction) => {
        if (current) progress.set(fraction);
      };
      loading = adopted.load;
    } else
      loading = engine.load(document, (fraction) => {
        if (current) progress.set(fraction);
      });
    loading
      .then(() => {
        if (!current) return;
        player.refreshColliders();
        markViewer("all-shown");
        progress.set(1);
        setPhaseOf(document);
        setPhase("loaded");
        callbacksRef.current.onLoaded(document, adopted?.loadedAt ?? performance.now());
      })
      .catch(() => {
        if (current) setPhase("failed");
      });
    return () => {
      current = false;
      offRoom();
    };
  }, [runtime, document, progress]);

  // the avatar arrives when the avatar list (and the signed-in visitor) are known
  useEffect(() => {
    runtime?.player.setAvatar(avatarUrl);
  }, [runtime, avatarUrl]);

  // settings applied as they change
  useEffect(() => {
    if (!runtime) return;
    runtime.engine.setQuality(settings.quality);
    runtime.engine.setFiltering(settings.filtering);
    runtime.engine.setVolume(settings.volume / 100);
    runtime.player.setThirdPerson(settings.thirdPerson);
  }, [runtime, settings]);

  const current =
    (phase === "room" || phase === "loaded") && phaseOf !== document ? "loading" : phase;
  return { phase: current, progress, runtime, sceneId };
}
