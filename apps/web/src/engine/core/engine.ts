import {
  applyTemplateStyle,
  type CustomSpace,
  type FilteringMode,
  type GraphicsQuality,
  type LightingPreset,
  type PropItem,
  SCENE_ITEM_LISTS,
  type SceneDocument,
  type SceneItemList,
  type Surface,
} from "@atrium/domain";
import {
  Box3,
  Color,
  DirectionalLight,
  EquirectangularReflectionMapping,
  Group,
  HemisphereLight,
  type InstancedMesh,
  type Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  WebGLRenderer,
} from "three";
import type {
  AssetSource,
  Collider,
  Engine,
  EngineEvents,
  EngineOptions,
  EngineStats,
  ItemStatus,
} from "../types";
import { defaultAssetSource } from "./asset-source";
import { boxCollider } from "./collide";
import { diffDocuments } from "./diff";
import { createFrameLoop } from "./frames";
import {
  type AnyItem,
  applyTransform,
  type BuiltItem,
  buildInfoPoint,
  buildLiveVideo,
  buildModel,
  buildPicture,
  buildPortal,
  buildText,
  buildVideo,
  buildWebView,
  type ItemContext,
  SharedParts,
} from "./items";
import { loadTexture } from "./loaders";
import { setModelRenderer } from "./models";
import { nearestFirst, runLimited } from "./order";
import { Placeholders } from "./placeholder";
import { PropBatch } from "./props";
import { anisotropyFor, QUALITY_PROFILES } from "./quality";
import { disposeMaterial, ResourceCache } from "./resources";
import {
  buildRoom,
  insidePolygon,
  type RoomBuild,
  type RoomPick,
  surfaceKey,
  wallOfTriangle,
} from "./room";
import { createSkyDome, type SkyDome } from "./sky";

type Handler = (...args: unknown[]) => void;
type Builder = (item: never, context: ItemContext) => BuiltItem;

const BUILDERS: Record<Exclude<SceneItemList, "props">, Builder> = {
  pictures: buildPicture as Builder,
  videos: buildVideo as Builder,
  texts3d: buildText as Builder,
  models3d: buildModel as Builder,
  portals: buildPortal as Builder,
  infoPoints: buildInfoPoint as Builder,
  liveVideos: buildLiveVideo as Builder,
  webViews3d: buildWebView as Builder,
};

const LIGHTING: Record<
  LightingPreset,
  { sky: number; ground: number; hemi: number; sun: number; sunColor: number; background: string }
> = {
  day: {
    sky: 0xffffff,
    ground: 0x8d8d8d,
    hemi: 2.0,
    sun: 1.8,
    sunColor: 0xffffff,
    background: "#bfe3ff",
  },
  sunset: {
    sky: 0xffd2a6,
    ground: 0x5a4a6a,
    hemi: 1.6,
    sun: 2.0,
    sunColor: 0xffa060,
    background: "#f6b38a",
  },
  night: {
    sky: 0x8090c0,
    ground: 0x202030,
    hemi: 0.9,
    sun: 0.7,
    sunColor: 0xaab8ff,
    background: "#0b1026",
  },
  studio: {
    sky: 0xffffff,
    ground: 0xbbbbbb,
    hemi: 2.4,
    sun: 1.4,
    sunColor: 0xffffff,
    background: "#e9edf2",
  },
  gallery: {
    sky: 0xfff8ee,
    ground: 0x9a9088,
    hemi: 2.2,
    sun: 1.2,
    sunColor: 0xfff4e0,
    background: "#dcd6cc",
  },
};

/** Height of the eyes above the feet, in metres. */
export const EYE_HEIGHT = 1.6;

/** Items loading at once while a space streams in (nearest first). */
export const ITEM_CONCURRENCY = 16;

const itemKey = (collection: string, id: string) => `${collection}:${id}`;

export async function createEngine(
  canvas: HTMLCanvasElement,
  options: EngineOptions,
): Promise<Engine> {
  let quality: GraphicsQuality = options.quality ?? "High";
  let filtering: FilteringMode = options.filtering ?? "Medium";
  const pixelRatio = () =>
    Math.min(window.devicePixelRatio || 1, QUALITY_PROFILES[quality].pixelRatio);
  // the drawing buffer made at the canvas's size (three.js reads it as its own size and applies
  // the pixel ratio): resizing a buffer once the context exists costs as much as making it, tens
  // of milliseconds with software WebGL, and the default 300 x 150 would always be resized
  if (canvas.clientWidth > 0 && canvas.clientHeight > 0) {
    canvas.width = canvas.clientWidth;
    canvas.height = canvas.clientHeight;
  }
  // three.js makes the context with these attributes; a context made before it (a probe) would
  // be the one it gets, with the browser's defaults (antialiasing on for every quality)
  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({
      canvas,
      antialias: quality !== "Lowest" && quality !== "Low",
      powerPreference: "high-performance",
    });
  } catch {
    throw new WebGLUnavailableError();
  }
  renderer.setPixelRatio(pixelRatio());
  setModelRenderer(renderer);
  const scene = new Scene();
  const camera = new PerspectiveCamera(60, 1, 0.05, 500);
  const resolveUrl = options.resolveUrl ?? ((uri: string) => uri);
  const assets: AssetSource = { ...defaultAssetSource(resolveUrl), ...options.assets };
  const cache = new ResourceCache();
  const placeholders = new Placeholders();
  const shared = new SharedParts();
  const roomLayer = new Group();
  roomLayer.name = "room-layer";
  const content = new Group();
  content.name = "content";
  const propLayer = new Group();
  propLayer.name = "props";
  const propProxies = new Group();
  propProxies.name = "prop-proxies";
  const editorLayer = new Group();
  editorLayer.name = "editor";
  const environment = new Group();
  environment.name = "environment";
  scene.add(environment, roomLayer, content, propLayer, propProxies, editorLayer);

  const handlers = new Map<keyof EngineEvents, Set<Handler>>();
  const emit = (event: keyof EngineEvents, ...args: unknown[]) => {
    for (const handler of handlers.get(event) ?? []) handler(...args);
  };

  // rendering on demand (frames.ts): paced by the cost of a frame unless something holds it
  let disposed = false;
  const items = new Map<string, BuiltItem>();
  const statuses = new Map<string, ItemStatus>();
  const batches = new Map<string, PropBatch>();
  let skyDome: SkyDome | null = null;
  const draw = () => renderer.render(scene, camera);
  // the sky dome leaves itself out of frames where none of it is seen (sky.ts)
  const render = () => (skyDome ? skyDome.frame(draw) : draw());
  // the viewer draws nothing before its first room: an empty frame would only repaint the
  // canvas's own background, and with software WebGL it costs as much as the room's
  let firstRoomDrawn = options.mode !== "viewer";
  const frames = createFrameLoop((delta) => {
    if (!firstRoomDrawn) return;
    emit("frame", delta);
    for (const built of items.values()) built.tick?.(delta);
    render();
  });
  const requestRender = () => {
    if (!disposed) frames.request();
  };
  /** A frame for content that arrived (items, textures): paced on slow renderers. */
  const contentArrived = () => {
    if (!disposed) frames.requestPaced();
  };
  const keepRendering = (holder: string, active: boolean) => {
    if (!disposed) frames.hold(holder, active);
  };

  const resize = () => {
    const width = canvas.clientWidth || canvas.width;
    const height = canvas.clientHeight || canvas.height;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    // portrait screens (phones) widen the vertical field so the sides stay in view
    camera.fov =
      camera.aspect < 1
        ? Math.min(90, (2 * Math.atan(Math.tan(Math.PI / 6) / camera.aspect) * 180) / Math.PI)
        : 60;
    camera.updateProjectionMatrix();
    requestRender();
  };
  const observer = typeof ResizeObserver !== "undefined" ? new ResizeObserver(resize) : null;
  observer?.observe(canvas);
  resize();

  let masterVolume = 1;
  const context: ItemContext = {
    assets,
    resolveUrl,
    cache,
    placeholders,
    shared,
    textureSize: () => QUALITY_PROFILES[quality].textureSize,
    requestRender: contentArrived,
    keepRendering,
    volume: () => masterVolume,
  };

  // surfaces: one material per finish, textured once its catalogue material arrives
  let surfaceMaterials = new Map<string, { material: MeshStandardMaterial; keys: string[] }>();
  const anisotropy = () => anisotropyFor(filtering, renderer.capabilities.getMaxAnisotropy());
  const surfaceMaterial = (surface: Surface): MeshStandardMaterial => {
    const key = surfaceKey(surface);
    const found = surfaceMaterials.get(key);
    if (found) return found.material;
    const material = new MeshStandardMaterial({
      color: new Color(surface.color),
      roughness: 0.9,
      metalness: 0,
    });
    const entry = { material, keys: [] as string[] };
    surfaceMaterials.set(key, entry);
    const owner = surfaceMaterials;
    if (surface.materialId) {
      const materialId = surface.materialId;
      (async () => {
        const item = await assets.material(materialId);
        const size = Math.min(1024, QUALITY_PROFILES[quality].textureSize);
        const load = (url: string, color: boolean) => {
          const resolved = resolveUrl(url);
          const cacheKey = `surface:${resolved}@${size}`;
          entry.keys.push(cacheKey);
          return cache.acquire(
            cacheKey,
            () => loadTexture(resolved, size, { repeat: true, color }),
            (value) => value.texture.dispose(),
          );
        };
        const [base, normal] = await Promise.all([
          load(item.baseColorUrl, true),
          load(item.normalUrl, false),
        ]);
        if (owner !== surfaceMaterials || disposed) return;
        for (const texture of [base.texture, normal.texture]) {
          texture.repeat.set(1 / item.tileMetres, 1 / item.tileMetres);
          texture.anisotropy = anisotropy();
        }
        material.map = base.texture;
        material.normalMap = normal.texture;
        material.roughness = item.roughness;
        material.metalness = item.metalness;
        material.needsUpdate = true;
        contentArrived();
      })().catch(() => {
        // the finish keeps its colour
      });
    }
    return material;
  };
  const freeSurfaceMaterials = () => {
    for (const entry of surfaceMaterials.values()) {
      entry.material.map = null;
      entry.material.normalMap = null;
      entry.material.dispose();
      for (const key of entry.keys) cache.release(key);
    }
    surfaceMaterials = new Map();
  };

  let document: SceneDocument | null = null;
  let space: CustomSpace | null = null;
  let room: RoomBuild | null = null;
  let generation = 0;
  let skyKey: string | null = null;
  let skyRequest = 0;

  const clearRoom = () => {
    if (room) {
      roomLayer.remove(room.group);
      room.dispose();
      room = null;
    }
    freeSurfaceMaterials();
  };

  const resolveSpace = async (doc: SceneDocument): Promise<CustomSpace | null> => {
    if (doc.customSpace) return doc.customSpace;
    if (doc.spaceTemplate) {
      try {
        // Shape Style's overrides (finishes, sky, terrain, lighting) over the template's own
        return applyTemplateStyle(
          await assets.template(doc.spaceTemplate.templateId),
          doc.spaceTemplate,
        );
      } catch {
        return null;
      }
    }
    return null;
  };

  const buildStructure = async (doc: SceneDocument, gen: number) => {
    const resolved = await resolveSpace(doc);
    if (gen !== generation) return;
    clearRoom();
    space = resolved;
    if (!resolved) return;
    room = buildRoom(resolved, { get: surfaceMaterial });
    roomLayer.add(room.group);
    requestRender();
  };

  const buildEnvironment = (doc: SceneDocument) => {
    environment.clear();
    skyDome?.dispose();
    skyDome = null;
    const spaceOf = doc.customSpace ?? space;
    const preset = LIGHTING[spaceOf?.lighting ?? "day"];
    const hemi = new HemisphereLight(preset.sky, preset.ground, preset.hemi);
    const sun = new DirectionalLight(preset.sunColor, preset.sun);
    sun.position.set(8, 14, 6);
    environment.add(hemi, sun);
    scene.background = new Color(preset.background);
    const skyId = spaceOf?.skyId ?? null;
    const previousKey = skyKey;
    skyKey = null;
    const request = ++skyRequest;
    if (skyId) {
      (async () => {
        const sky = await assets.sky(skyId);
        const url = resolveUrl(sky.fileUrl);
        const key = `sky:${url}`;
        const loaded = await cache.acquire(
          key,
          () => loadTexture(url, 2048),
          (value) => value.texture.dispose(),
        );
        // a newer environment (another sky, another space) or the engine's end came first
        if (request !== skyRequest || disposed) {
          cache.release(key);
          return;
        }
        loaded.texture.mapping = EquirectangularReflectionMapping;
        skyKey = key;
        skyDome = createSkyDome(renderer, loaded.texture, { onSkySeen: requestRender });
        environment.add(skyDome.object);
        contentArrived();
      })().catch(() => {});
    }
    if (previousKey) cache.release(previousKey);
    requestRender();
  };

  const removeItem = (collection: SceneItemList, id: string) => {
    const key = itemKey(collection, id);
    const built = items.get(key);
    if (!built) return;
    content.remove(built.root);
    built.dispose();
    items.delete(key);
    statuses.delete(key);
  };

  const addItem = (collection: Exclude<SceneItemList, "props">, item: AnyItem): Promise<void> => {
    const key = itemKey(collection, item.id);
    const built = BUILDERS[collection](item as never, context);
    items.set(key, built);
    statuses.set(key, "loading");
    content.add(built.root);
    return built.ready.then((status) => {
      if (items.get(key) === built) statuses.set(key, status);
    });
  };

  const propsByPropId = (doc: SceneDocument) => {
    const groups = new Map<string, PropItem[]>();
    for (const item of doc.props) {
      const list = groups.get(item.propId);
      if (list) list.push(item);
      else groups.set(item.propId, [item]);
    }
    return groups;
  };

  const clearItems = () => {
    for (const built of items.values()) {
      content.remove(built.root);
      built.dispose();
    }
    items.clear();
    statuses.clear();
    for (const batch of batches.values()) batch.dispose();
    batches.clear();
  };

  const placeCamera = (doc: SceneDocument) => {
    const [x, y, z] = doc.startingPosition;
    camera.position.set(x, y + EYE_HEIGHT, z);
    camera.rotation.set(0, doc.startingRotation[1], 0, "YXZ");
    camera.updateMatrixWorld();
  };

  const engine: Engine = {
    three: { renderer, scene, camera },
    layers: { editor: editorLayer, content, room: roomLayer },

    async load(doc, onProgress) {
      const gen = ++generation;
      clearItems();
      document = doc;
      placeCamera(doc);
      const tasks: Array<{ position: [number, number, number]; run: () => Promise<void> }> = [];
      for (const collection of SCENE_ITEM_LISTS) {
        if (collection === "props") continue;
        for (const item of doc[collection] as AnyItem[])
          tasks.push({ position: item.position, run: () => addItem(collection, item) });
      }
      const propGroups = propsByPropId(doc);
      for (const [propId, list] of propGroups) {
        const nearest = nearestFirst(
          list,
          doc.startingPosition,
          (item) => item.position,
        )[0] as PropItem;
        tasks.push({
          position: nearest.position,
          run: async () => {
            if (gen !== generation) return;
            const batch = new PropBatch(propId, list, context, propProxies);
            batches.set(propId, batch);
            propLayer.add(batch.root);
            await batch.ready;
          },
        });
      }
      const total = tasks.length + 1;
      let done = 0;
      const progress = () => onProgress?.(Math.min(1, done / total));
      progress();
      await buildStructure(doc, gen);
      if (gen !== generation) return;
      buildEnvironment(doc);
      done++;
      progress();
      // the room's first frame, now (any frame asked for while building it is this one)
      firstRoomDrawn = true;
      frames.drawNow(render);
      emit("roomReady");
      const ordered = nearestFirst(tasks, doc.startingPosition, (task) => task.position);
      await runLimited(ordered, ITEM_CONCURRENCY, async (task) => {
        if (gen !== generation) return;
        await task.run();
        done++;
        progress();
      });
      if (gen !== generation) return;
      // every item is shown once a frame shows them all
      frames.drawNow(render);
      emit("loaded");
    },

    update(doc) {
      const previous = document;
      const diff = diffDocuments(previous, doc);
      document = doc;
      if (diff.empty) return;
      const gen = generation;
      if (diff.structure) {
        void buildStructure(doc, gen).then(() => {
          if (diff.environment && gen === generation) buildEnvironment(doc);
        });
      } else if (diff.environment) buildEnvironment(doc);
      const touchedProps = new Set<string>();
      for (const collection of SCENE_ITEM_LISTS) {
        const change = diff.items[collection];
        if (collection === "props") {
          const before = new Map((previous?.props ?? []).map((item) => [item.id, item]));
          for (const id of [
            ...change.added,
            ...change.removed,
            ...change.changed,
            ...change.moved,
          ]) {
            const old = before.get(id);
            if (old) touchedProps.add(old.propId);
            const now = doc.props.find((item) => item.id === id);
            if (now) touchedProps.add(now.propId);
          }
          continue;
        }
        const byId = new Map((doc[collection] as AnyItem[]).map((item) => [item.id, item]));
        for (const id of change.removed) removeItem(collection, id);
        for (const id of change.changed) {
          removeItem(collection, id);
          const item = byId.get(id);
          if (item) void addItem(collection, item);
        }
        for (const id of change.added) {
          const item = byId.get(id);
          if (item) void addItem(collection, item);
        }
        for (const id of change.moved) {
          const built = items.get(itemKey(collection, id));
          const item = byId.get(id);
          if (built && item) applyTransform(built.root, item);
        }
      }
      if (touchedProps.size) {
        const groups = propsByPropId(doc);
        for (const propId of touchedProps) {
          const list = groups.get(propId);
          const batch = batches.get(propId);
          if (!list) {
            batch?.dispose();
            batches.delete(propId);
          } else if (batch) batch.setItems(list);
          else {
            const created = new PropBatch(propId, list, context, propProxies);
            batches.set(propId, created);
            propLayer.add(created.root);
          }
        }
      }
      requestRender();
    },

    requestRender,
    keepRendering,

    pick(clientX, clientY) {
      const rect = canvas.getBoundingClientRect();
      const pointer = new Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      );
      const raycaster = new Raycaster();
      raycaster.setFromCamera(pointer, camera);
      raycaster.camera = camera;
      const hits = raycaster.intersectObjects([content, propLayer, propProxies, roomLayer], true);
      for (const hit of hits) {
        const normal = hit.face
          ? hit.face.normal.clone().transformDirection(hit.object.matrixWorld)
          : null;
        const instanced = hit.object as InstancedMesh;
        if (instanced.userData.instanceIds && hit.instanceId !== undefined) {
          const id = (instanced.userData.instanceIds as string[])[hit.instanceId];
          if (id) return { kind: "item", collection: "props", id, point: hit.point, normal };
        }
        let object: Object3D | null = hit.object;
        while (object) {
          const item = object.userData.item as
            | { collection: SceneItemList; id: string }
            | undefined;
          if (item)
            return {
              kind: "item",
              collection: item.collection,
              id: item.id,
              point: hit.point,
              normal,
            };
          const roomPick = object.userData.room as RoomPick | undefined;
          if (roomPick) {
            if (roomPick.kind === "floor" && roomPick.levelId)
              return { kind: "floor", levelId: roomPick.levelId, point: hit.point };
            if (roomPick.kind === "wall" && roomPick.walls && hit.faceIndex != null) {
              const wall = wallOfTriangle(roomPick.walls, hit.faceIndex);
              if (wall)
                return {
                  kind: "wall",
                  levelId: wall.levelId,
                  wallId: wall.wallId,
                  point: hit.point,
                  normal,
                };
            }
            break;
          }
          object = object.parent;
        }
      }
      return null;
    },

    objectOf(collection, id) {
      if (collection === "props") {
        for (const batch of batches.values()) {
          const proxy = batch.proxies.get(id);
          if (proxy) return proxy;
        }
        return undefined;
      }
      return items.get(itemKey(collection, id))?.root;
    },

    statusOf(collection, id) {
      if (collection === "props") {
        for (const batch of batches.values()) {
          const status = batch.status.get(id);
          if (status) return status;
        }
        return undefined;
      }
      return statuses.get(itemKey(collection, id));
    },

    stats(): EngineStats {
      return {
        drawCalls: renderer.info.render.calls,
        triangles: renderer.info.render.triangles,
        geometries: renderer.info.memory.geometries,
        textures: renderer.info.memory.textures,
      };
    },

    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as Handler);
      return () => set.delete(handler as Handler);
    },

    setQuality(next) {
      const textureSize = QUALITY_PROFILES[quality].textureSize;
      quality = next;
      renderer.setPixelRatio(pixelRatio());
      resize();
      // pictures already shown load again at the new size (each keeps its old one until then)
      if (QUALITY_PROFILES[quality].textureSize !== textureSize) {
        for (const built of items.values()) void built.retexture?.().catch(() => {});
      }
    },

    setFiltering(next) {
      filtering = next;
      for (const entry of surfaceMaterials.values()) {
        for (const texture of [entry.material.map, entry.material.normalMap]) {
          if (texture) {
            texture.anisotropy = anisotropy();
            texture.needsUpdate = true;
          }
        }
      }
      requestRender();
    },

    colliders(): Collider[] {
      const result: Collider[] = [...(room?.colliders ?? [])];
      const addBox = (box: Box3) => {
        if (!box.isEmpty()) result.push(boxCollider(box));
      };
      for (const [key, built] of items) {
        if (!key.startsWith("models3d:")) continue;
        if (built.root.userData.collisions === "None" || statuses.get(key) !== "shown") continue;
        addBox(new Box3().setFromObject(built.root));
      }
      for (const batch of batches.values()) for (const box of batch.boxes()) addBox(box);
      return result;
    },

    floorHeightsAt(x, z) {
      return (room?.floors ?? [])
        .filter((floor) => insidePolygon(x, z, floor.outline))
        .map((floor) => floor.elevation)
        .sort((a, b) => a - b);
    },

    videoOf(id) {
      return items.get(itemKey("videos", id))?.video ?? items.get(itemKey("liveVideos", id))?.video;
    },

    setVolume(volume) {
      masterVolume = Math.max(0, Math.min(1, volume));
      for (const built of items.values()) {
        if (!built.video) continue;
        const base = Number(built.video.dataset.baseVolume ?? "1");
        built.video.volume = Math.max(0, Math.min(1, base * masterVolume));
      }
    },

    levels() {
      return space?.levels ?? [];
    },

    dispose() {
      if (disposed) return;
      generation++;
      clearItems();
      clearRoom();
      environment.clear();
      skyDome?.dispose();
      if (skyKey) cache.release(skyKey);
      disposed = true;
      frames.dispose();
      observer?.disconnect();
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointerup", onPointerUp);
      editorLayer.traverse((object) => {
        const mesh = object as Mesh;
        mesh.geometry?.dispose();
        if (mesh.material)
          for (const one of Array.isArray(mesh.material) ? mesh.material : [mesh.material])
            disposeMaterial(one);
      });
      cache.dispose();
      placeholders.dispose();
      shared.dispose();
      handlers.clear();
      renderer.dispose();
    },
  };

  // viewer mode: a click (not a drag) on an item is an itemClick
  let down: { x: number; y: number; time: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    down = { x: event.clientX, y: event.clientY, time: performance.now() };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!down) return;
    const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
    const long = performance.now() - down.time > 600;
    down = null;
    if (moved > 6 || long) return;
    const result = engine.pick(event.clientX, event.clientY);
    if (result?.kind === "item") emit("itemClick", result, event);
  };
  if (options.mode === "viewer") {
    canvas.addEventListener("pointerdown", onPointerDown);
    canvas.addEventListener("pointerup", onPointerUp);
  }

  requestRender();
  return engine;
}

/** The browser cannot draw WebGL 2 (the viewer shows a clear message). */
export class WebGLUnavailableError extends Error {
  constructor() {
    super("WebGL is not available in this browser");
    this.name = "WebGLUnavailableError";
  }
}
