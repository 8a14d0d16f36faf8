import {
  DEFAULT_FONT_ID,
  type FontItem,
  type InfoPointItem,
  type LiveVideoItem,
  type Model3dItem,
  type PictureItem,
  type PortalItem,
  pictureSize,
  type SceneItemList,
  type Text3dItem,
  type VideoItem,
  type WebViewItem,
} from "@atrium/domain";
// the strings any page may show, not the whole catalogue: the early start's code carried every
// area's strings (seven more files to ask for before the room)
import { coreMessages as messages } from "@atrium/domain/messages/core";
import {
  type AnimationMixer,
  Box3,
  CircleGeometry,
  Color,
  DoubleSide,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  PlaneGeometry,
  Sprite,
  SpriteMaterial,
  SRGBColorSpace,
  type Texture,
  TorusGeometry,
  Vector3,
  VideoTexture,
} from "three";
import type { Text } from "troika-three-text";
import type { AssetSource, ItemStatus } from "../types";
import { playClips } from "./animation";
import { MissingAssetError } from "./asset-source";
import { loadModelKit, loadTextKit } from "./kits";
import { BrokenFileError, freeModel, type LoadedModel, loadModel, loadTexture } from "./loaders";
import { drawLabel, type Placeholders } from "./placeholder";
import type { ResourceCache } from "./resources";

// One builder per kind of item (props are instanced apart, see props.ts). Each item gets a root
// group carrying its transform; its content is added once loaded, or a placeholder saying why
// not. Sizes: a library asset's longest side is its `defaultSize` metres, times the item's scale.

export interface ItemContext {
  assets: AssetSource;
  resolveUrl(uri: string): string;
  cache: ResourceCache;
  placeholders: Placeholders;
  textureSize(): number;
  requestRender(): void;
  keepRendering(holder: string, active: boolean): void;
  volume(): number;
  /** Shared geometries and materials of simple markers. */
  shared: SharedParts;
}

export interface BuiltItem {
  root: Group;
  ready: Promise<ItemStatus>;
  /** The video of a video or live video item. */
  video?: HTMLVideoElement;
  /** Called each frame while the item animates. */
  tick?: (delta: number) => void;
  /** Loads the item's texture again at the context's current texture size (quality change). */
  retexture?: () => Promise<void>;
  dispose(): void;
}

export type AnyItem = {
  id: string;
  position: [number, number, number];
  rotation: [number, number, number];
  scale: [number, number, number];
};

export function applyTransform(object: Object3D, item: AnyItem) {
  object.position.set(item.position[0], item.position[1], item.position[2]);
  object.rotation.set(item.rotation[0], item.rotation[1], item.rotation[2]);
  object.scale.set(item.scale[0], item.scale[1], item.scale[2]);
  object.updateMatrixWorld(true);
}

export class SharedParts {
  readonly unitPlane = new PlaneGeometry(1, 1);
  readonly portalRing = new TorusGeometry(0.9, 0.08, 12, 48);
  readonly portalDisc = new CircleGeometry(0.85, 48);
  readonly ringMaterial = new MeshStandardMaterial({
    color: "#3dabff",
    emissive: new Color("#3dabff"),
    emissiveIntensity: 0.6,
  });
  readonly discMaterial = new MeshBasicMaterial({
    color: "#9fd8ff",
    transparent: true,
    opacity: 0.55,
    side: DoubleSide,
  });
  private infoMaterial: SpriteMaterial | null = null;

  info(): SpriteMaterial {
    this.infoMaterial ??= new SpriteMaterial({
      map: drawLabel([], { width: 128, height: 128, background: "#3dabff", icon: "i" }),
      depthTest: true,
    });
    return this.infoMaterial;
  }

  dispose() {
    this.unitPlane.dispose();
    this.portalRing.dispose();
    this.portalDisc.dispose();
    this.ringMaterial.dispose();
    this.discMaterial.dispose();
    this.infoMaterial?.map?.dispose();
    this.infoMaterial?.dispose();
  }
}

/** The message a failure shows: a missing asset is 'No content', a broken file 'Invalid url'. */
export function failureMessage(error: unknown): ItemStatus {
  if (error instanceof MissingAssetError) return messages.media.noContent as ItemStatus;
  if (error instanceof BrokenFileError) return messages.media.invalidUrl as ItemStatus;
  return messages.media.invalidUrl as ItemStatus;
}

function rootFor(collection: SceneItemList, item: AnyItem): Group {
  const root = new Group();
  root.name = `${collection}:${item.id}`;
  root.userData.item = { collection, id: item.id };
  applyTransform(root, item);
  return root;
}

function showFailure(root: Group, context: ItemContext, error: unknown): ItemStatus {
  const status = failureMessage(error);
  root.add(context.placeholders.create(status));
  context.requestRender();
  return status;
}

export function buildPicture(item: PictureItem, context: ItemContext): BuiltItem {
  const root = rootFor("pictures", item);
  let textureKey: string | null = null;
  let material: MeshBasicMaterial | null = null;
  const ready = (async (): Promise<ItemStatus> => {
    try {
      const asset = await context.assets.library("picture", item.assetId);
      if (asset.family !== "picture" || !asset.fileUrl) throw new MissingAssetError("no file");
      const url = context.resolveUrl(asset.fileUrl);
      const size = context.textureSize();
      textureKey = `texture:${url}@${size}`;
      const loaded = await context.cache.acquire(
        textureKey,
        () => loadTexture(url, size),
        (value) => value.texture.dispose(),
      );
      const [w, h] = pictureSize(asset, asset.defaultSize);
      material = new MeshBasicMaterial({
        map: loaded.texture,
        side: DoubleSide,
        transparent: asset.transparent,
      });
      const mesh = new Mesh(context.shared.unitPlane, material);
      mesh.scale.set(w, h, 1);
      root.add(mesh);
      context.requestRender();
      return "shown";
    } catch (error) {
      if (textureKey) {
        context.cache.release(textureKey);
        textureKey = null;
      }
      return showFailure(root, context, error);
    }
  })();
  let disposed = false;
  return {
    root,
    ready,
    // the shown picture keeps its texture until the one at the new size is ready
    async retexture() {
      if ((await ready) !== "shown" || !material || !textureKey) return;
      const asset = await context.assets.library("picture", item.assetId);
      if (!asset.fileUrl) return;
      const url = context.resolveUrl(asset.fileUrl);
      const size = context.textureSize();
      const key = `texture:${url}@${size}`;
      if (key === textureKey || disposed) return;
      const loaded = await context.cache.acquire(
        key,
        () => loadTexture(url, size),
        (value) => value.texture.dispose(),
      );
      if (disposed || !material || !textureKey) {
        context.cache.release(key);
        return;
      }
      material.map = loaded.texture;
      material.needsUpdate = true;
      context.cache.release(textureKey);
      textureKey = key;
      context.requestRender();
    },
    dispose() {
      disposed = true;
      material?.dispose();
      if (textureKey) context.cache.release(textureKey);
      textureKey = null;
    },
  };
}

function buildVideoPlane(
  root: Group,
  context: ItemContext,
  src: string,
  size: [number, number],
  options: { loop: boolean; autoplay: boolean; volume: number },
  holder: string,
) {
  const video = document.createElement("video");
  video.crossOrigin = "anonymous";
  video.playsInline = true;
  video.loop = options.loop;
  video.preload = "metadata";
  video.src = src;
  video.volume = Math.max(0, Math.min(1, (options.volume / 100) * context.volume()));
  video.dataset.baseVolume = String(options.volume / 100);
  const texture = new VideoTexture(video);
  texture.colorSpace = SRGBColorSpace;
  const material = new MeshBasicMaterial({ map: texture, side: DoubleSide, color: "#ffffff" });
  const mesh = new Mesh(context.shared.unitPlane, material);
  mesh.scale.set(size[0], size[1], 1);
  root.add(mesh);
  const onPlay = () => context.keepRendering(holder, true);
  const onStop = () => {
    context.keepRendering(holder, false);
    context.requestRender();
  };
  video.addEventListener("play", onPlay);
  video.addEventListener("pause", onStop);
  video.addEventListener("ended", onStop);
  video.addEventListener("loadeddata", () => context.requestRender());
  if (options.autoplay) {
    video.muted = true;
    video.play().catch(() => {});
  }
  return {
    video,
    dispose() {
      video.pause();
      video.removeAttribute("src");
      video.load();
      context.keepRendering(holder, false);
      texture.dispose();
      material.dispose();
    },
  };
}

export function buildVideo(item: VideoItem, context: ItemContext): BuiltItem {
  const root = rootFor("videos", item);
  const built: BuiltItem = { root, ready: Promise.resolve("loading"), dispose() {} };
  let disposeVideo: (() => void) | null = null;
  let thumbKey: string | null = null;
  let thumbMaterial: MeshBasicMaterial | null = null;
  built.ready = (async (): Promise<ItemStatus> => {
    try {
      const asset = await context.assets.library("video", item.assetId);
      if (asset.family !== "video") throw new MissingAssetError("not a video");
      const size = pictureSize(asset, asset.defaultSize);
      if (asset.provider === "Youtube") {
        // a YouTube video shows its thumbnail; the viewer plays it in a panel
        if (!asset.thumbnailUrl) throw new MissingAssetError("no thumbnail");
        const url = context.resolveUrl(asset.thumbnailUrl);
        thumbKey = `texture:${url}@512`;
        const loaded = await context.cache.acquire(
          thumbKey,
          () => loadTexture(url, 512),
          (value) => value.texture.dispose(),
        );
        thumbMaterial = new MeshBasicMaterial({ map: loaded.texture, side: DoubleSide });
        const mesh = new Mesh(context.shared.unitPlane, thumbMaterial);
        mesh.scale.set(size[0], size[1], 1);
        root.add(mesh);
        root.userData.youtube = asset.link;
        context.requestRender();
        return "shown";
      }
      if (!asset.fileUrl) throw new MissingAssetError("no file");
      const plane = buildVideoPlane(
        root,
        context,
        context.resolveUrl(asset.fileUrl),
        size,
        item,
        `video:${item.id}`,
      );
      built.video = plane.video;
      disposeVideo = plane.dispose;
      await new Promise<void>((resolve, reject) => {
        if (plane.video.readyState >= 1) return resolve();
        plane.video.addEventListener("loadedmetadata", () => resolve(), { once: true });
        plane.video.addEventListener("error", () => reject(new BrokenFileError("video")), {
          once: true,
        });
      });
      context.requestRender();
      return "shown";
    } catch (error) {
      disposeVideo?.();
      disposeVideo = null;
      built.video = undefined;
      root.clear();
      return showFailure(root, context, error);
    }
  })();
  built.dispose = () => {
    disposeVideo?.();
    thumbMaterial?.dispose();
    if (thumbKey) context.cache.release(thumbKey);
  };
  return built;
}

export function buildLiveVideo(item: LiveVideoItem, context: ItemContext): BuiltItem {
  const root = rootFor("liveVideos", item);
  if (!item.streamUrl) {
    root.add(context.placeholders.create(messages.media.noContent));
    return { root, ready: Promise.resolve(messages.media.noContent as ItemStatus), dispose() {} };
  }
  const plane = buildVideoPlane(
    root,
    context,
    context.resolveUrl(item.streamUrl),
    [1.6, 0.9],
    { loop: false, autoplay: true, volume: item.volume },
    `live:${item.id}`,
  );
  return { root, video: plane.video, ready: Promise.resolve("shown"), dispose: plane.dispose };
}

/** Scales and moves a model so its longest side is `longest` and its base centre is at the origin. */
function normalise(object: Object3D, longest: number | null): Group {
  const holder = new Group();
  holder.add(object);
  object.updateMatrixWorld(true);
  const box = new Box3().setFromObject(object);
  if (box.isEmpty()) return holder;
  const size = box.getSize(new Vector3());
  const scale = longest ? longest / Math.max(size.x, size.y, size.z, 1e-6) : 1;
  const center = box.getCenter(new Vector3());
  object.position.set(-center.x, -box.min.y, -center.z);
  holder.scale.setScalar(scale);
  return holder;
}

function acquireModel(context: ItemContext, url: string) {
  const key = `model:${url}`;
  return { key, promise: context.cache.acquire<LoadedModel>(key, () => loadModel(url), freeModel) };
}

export function buildModel(item: Model3dItem, context: ItemContext): BuiltItem {
  const root = rootFor("models3d", item);
  let key: string | null = null;
  let mixer: AnimationMixer | null = null;
  // removed while still loading (a hop to another space, an edit): it must not take the model
  // from the cache nor hold the frame loop for a clip nobody sees
  let disposed = false;
  const built: BuiltItem = { root, ready: Promise.resolve("loading"), dispose() {} };
  built.ready = (async (): Promise<ItemStatus> => {
    try {
      const asset = await context.assets.library("model3d", item.assetId);
      if (disposed) return "loading";
      if (asset.family !== "model3d" || !asset.fileUrl) throw new MissingAssetError("no file");
      const acquired = acquireModel(context, context.resolveUrl(asset.fileUrl));
      key = acquired.key;
      const model = await acquired.promise;
      const { cloneSkinned } = await loadModelKit();
      if (disposed) return "loading";
      const copy = cloneSkinned(model.scene);
      root.add(normalise(copy, asset.defaultSize));
      root.userData.collisions = asset.collisions;
      mixer = playClips(copy, model.animations, item.animation);
      if (mixer) {
        built.tick = (delta) => mixer?.update(delta);
        context.keepRendering(`model:${item.id}`, true);
      }
      context.requestRender();
      return "shown";
    } catch (error) {
      if (key) context.cache.release(key);
      key = null;
      return showFailure(root, context, error);
    }
  })();
  built.dispose = () => {
    disposed = true;
    mixer?.stopAllAction();
    context.keepRendering(`model:${item.id}`, false);
    if (key) context.cache.release(key);
    key = null;
  };
  return built;
}

export function buildPortal(item: PortalItem, context: ItemContext): BuiltItem {
  const root = rootFor("portals", item);
  root.userData.portal = { targetSceneId: item.targetSceneId };
  let key: string | null = null;
  const fallback = () => {
    const ring = new Mesh(context.shared.portalRing, context.shared.ringMaterial);
    const disc = new Mesh(context.shared.portalDisc, context.shared.discMaterial);
    ring.position.y = 1.1;
    disc.position.y = 1.1;
    root.add(ring, disc);
  };
  const ready = (async (): Promise<ItemStatus> => {
    try {
      const style = await context.assets.portal(item.assetId);
      const acquired = acquireModel(context, context.resolveUrl(style.fileUrl));
      key = acquired.key;
      const model = await acquired.promise;
      root.add(normalise(model.scene.clone(true), null));
    } catch {
      if (key) context.cache.release(key);
      key = null;
      fallback();
    }
    context.requestRender();
    return "shown";
  })();
  return {
    root,
    ready,
    dispose() {
      if (key) context.cache.release(key);
      key = null;
    },
  };
}

export function buildInfoPoint(item: InfoPointItem, context: ItemContext): BuiltItem {
  const root = rootFor("infoPoints", item);
  const sprite = new Sprite(context.shared.info());
  sprite.scale.set(0.35, 0.35, 1);
  root.add(sprite);
  return { root, ready: Promise.resolve("shown"), dispose() {} };
}

export function buildWebView(item: WebViewItem, context: ItemContext): BuiltItem {
  const root = rootFor("webViews3d", item);
  root.userData.url = item.url;
  let host = item.url;
  try {
    host = new URL(item.url).host;
  } catch {
    // the schema already checked the form; keep the raw text
  }
  const texture: Texture = drawLabel([host, "Click to open"], { icon: "\u{1F310}" });
  const material = new MeshBasicMaterial({ map: texture, side: DoubleSide });
  const mesh = new Mesh(context.shared.unitPlane, material);
  mesh.scale.set(1.6, 0.9, 1);
  root.add(mesh);
  return {
    root,
    ready: Promise.resolve("shown"),
    dispose() {
      texture.dispose();
      material.dispose();
    },
  };
}

/** A text not typeset within this time shows its placeholder instead. */
const TEXT_TIMEOUT_MS = 20_000;

/** Metres of a 3D text's em per font size unit: the default size 60 is 0.3 m tall letters. */
export const TEXT_METRES_PER_SIZE = 0.005;

function pickFontFile(font: FontItem, bold: boolean, italic: boolean): string | null {
  const woff = font.files.filter((file) => file.format === "woff");
  const latin = woff.filter((file) => file.subset === "latin");
  const pool = latin.length ? latin : woff;
  const wanted = (file: (typeof pool)[number]) =>
    (bold ? file.weight >= 600 : file.weight < 600) &&
    (italic ? file.style === "italic" : file.style === "normal");
  return (
    (pool.find(wanted) ?? pool.find((file) => file.style === "normal") ?? pool[0])?.url ?? null
  );
}

function transformText(content: string, transform: Text3dItem["text"]["fontTransform"]): string {
  if (transform === "upper" || transform === "smallCaps") return content.toUpperCase();
  if (transform === "lower") return content.toLowerCase();
  return content;
}

export function buildText(item: Text3dItem, context: ItemContext): BuiltItem {
  const root = rootFor("texts3d", item);
  const spec = item.text;
  if (spec.hyperText) root.userData.link = spec.link;
  const texts: Text[] = [];
  const ready = (async (): Promise<ItemStatus> => {
    let fontUrl: string | null = null;
    const bold = spec.fontStyles.includes("bold");
    const italic = spec.fontStyles.includes("italic");
    try {
      const font = await context.assets.font(spec.fontId ?? DEFAULT_FONT_ID);
      const file = pickFontFile(font, bold, italic);
      fontUrl = file ? context.resolveUrl(file) : null;
    } catch {
      // the catalogue font is missing: troika needs a font file, try the default one
      try {
        const font = await context.assets.font(DEFAULT_FONT_ID);
        const file = pickFontFile(font, bold, italic);
        fontUrl = file ? context.resolveUrl(file) : null;
      } catch {
        fontUrl = null;
      }
    }
    if (!fontUrl) return showFailure(root, context, new MissingAssetError("no font"));
    let kit: Awaited<ReturnType<typeof loadTextKit>>;
    try {
      kit = await loadTextKit();
    } catch (error) {
      return showFailure(root, context, error);
    }
    const make = (color: string, offset: number) => {
      const text = new kit.Text();
      text.text = transformText(spec.content, spec.fontTransform);
      text.font = fontUrl;
      text.fontSize = spec.fontSize * TEXT_METRES_PER_SIZE;
      text.color = color;
      text.anchorX = "center";
      text.anchorY = "middle";
      text.textAlign = spec.alignment;
      if (spec.outline.width > 0) {
        text.outlineWidth = `${Math.min(40, spec.outline.width)}%`;
        text.outlineColor = spec.outline.color;
      }
      text.position.set(offset, -offset, -offset * 0.5);
      (text.material as MeshBasicMaterial).side = DoubleSide;
      texts.push(text);
      root.add(text);
      return text;
    };
    if (spec.dropShadow) make("#000000", spec.fontSize * TEXT_METRES_PER_SIZE * 0.06);
    const main = make(spec.colorTint, 0);
    const synced = await Promise.race([
      Promise.all(texts.map((text) => new Promise<void>((resolve) => text.sync(resolve)))).then(
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TEXT_TIMEOUT_MS)),
    ]);
    if (!synced) {
      for (const text of texts) {
        root.remove(text);
        text.dispose();
      }
      texts.length = 0;
      return showFailure(root, context, new BrokenFileError("the text could not be typeset"));
    }
    if (spec.fontStyles.includes("underline") && main.textRenderInfo) {
      const [x0, y0, x1] = main.textRenderInfo.blockBounds;
      const line = new Mesh(
        context.shared.unitPlane,
        new MeshBasicMaterial({ color: new Color(spec.colorTint), side: DoubleSide }),
      );
      const thickness = spec.fontSize * TEXT_METRES_PER_SIZE * 0.06;
      line.scale.set(x1 - x0, thickness, 1);
      line.position.set((x0 + x1) / 2, y0 - thickness, 0);
      line.userData.ownMaterial = true;
      root.add(line);
    }
    context.requestRender();
    return "shown";
  })();
  return {
    root,
    ready,
    dispose() {
      for (const text of texts) text.dispose();
      root.traverse((object) => {
        if (object.userData.ownMaterial) ((object as Mesh).material as MeshBasicMaterial).dispose();
      });
    },
  };
}
