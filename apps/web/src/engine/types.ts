import type {
  CustomSpace,
  FilteringMode,
  FontItem,
  GraphicsQuality,
  LibraryAsset,
  MaterialItem,
  PortalStyle,
  PropCatalogueItem,
  SceneDocument,
  SceneItemList,
  SkyItem,
} from "@atrium/domain";
import type { Group, Object3D, PerspectiveCamera, Scene, Vector3, WebGLRenderer } from "three";
import type { Collider } from "./core/collide";

export type { Collider, FilteringMode, GraphicsQuality, SceneDocument };

/** Where the engine looks up what a document's ids name. Every call may reject (shown as a placeholder). */
export interface AssetSource {
  library(family: "picture" | "video" | "model3d", id: string): Promise<LibraryAsset>;
  prop(id: string): Promise<PropCatalogueItem>;
  material(id: string): Promise<MaterialItem>;
  sky(id: string): Promise<SkyItem>;
  font(id: string): Promise<FontItem>;
  portal(id: string): Promise<PortalStyle>;
  /** A premade space's structure (its template's custom space). */
  template(id: string): Promise<CustomSpace>;
}

export interface EngineOptions {
  mode: "viewer" | "editor";
  quality?: GraphicsQuality;
  filtering?: FilteringMode;
  /** Maps a URI of the document or the asset service to the URL fetched (a CDN, a test server). */
  resolveUrl?: (uri: string) => string;
  /** Replaces the asset service lookups (tests, the bench, the editor's own caches). */
  assets?: Partial<AssetSource>;
}

export type PickResult =
  | {
      kind: "item";
      collection: SceneItemList;
      id: string;
      point: Vector3;
      normal: Vector3 | null;
    }
  | { kind: "wall"; levelId: string; wallId: string; point: Vector3; normal: Vector3 | null }
  | { kind: "floor"; levelId: string; point: Vector3 };

export interface EngineStats {
  drawCalls: number;
  triangles: number;
  geometries: number;
  textures: number;
}

/** How one item turned out: shown, or a placeholder with the reason. */
export type ItemStatus = "loading" | "shown" | "Invalid url" | "No content";

export interface EngineEvents {
  /** Each rendered frame: seconds since the previous one. */
  frame: (deltaSeconds: number) => void;
  /** The last `load` finished (every item shown or replaced by its placeholder). */
  loaded: () => void;
  /** Viewer mode: a click (not a drag) on an item. */
  itemClick: (pick: Extract<PickResult, { kind: "item" }>, event: PointerEvent) => void;
  /** The room (levels, walls, floors) of the last `load` is drawn. */
  roomReady: () => void;
}

export interface Engine {
  /** Draws a document from scratch: the room first, then items nearest to the start first. */
  load(document: SceneDocument, onProgress?: (fraction: number) => void): Promise<void>;
  /** Redraws only what differs from the last document given to load or update. */
  update(document: SceneDocument): void;
  readonly three: { renderer: WebGLRenderer; scene: Scene; camera: PerspectiveCamera };
  readonly layers: { editor: Group; content: Group; room: Group };
  requestRender(): void;
  /** Keeps rendering every frame while `active` holders exist (walking, gliding cameras). */
  keepRendering(holder: string, active: boolean): void;
  pick(clientX: number, clientY: number): PickResult | null;
  objectOf(collection: string, id: string): Object3D | undefined;
  /** The item's load state (loading, shown, or the placeholder's message). */
  statusOf(collection: string, id: string): ItemStatus | undefined;
  stats(): EngineStats;
  on<E extends keyof EngineEvents>(event: E, handler: EngineEvents[E]): () => void;
  setQuality(quality: GraphicsQuality): void;
  setFiltering(filtering: FilteringMode): void;
  /** Walls (with openings cut) and solid objects, for walking. */
  colliders(): Collider[];
  /** Heights of the floors under a plan point, lowest first (one per level covering it). */
  floorHeightsAt(x: number, z: number): number[];
  /** The video element playing an item of `videos`/`liveVideos`, once loaded. */
  videoOf(id: string): HTMLVideoElement | undefined;
  /** Sets the master volume 0..1 applied to every video (times its own volume). */
  setVolume(volume: number): void;
  /** The levels of the drawn space (custom, or the template's). */
  levels(): CustomSpace["levels"];
  dispose(): void;
}
