import { AnimationClip, BoxGeometry, Mesh, NumberKeyframeTrack, Object3D } from "three";
import { describe, expect, it, vi } from "vitest";
import { itemContext, placedItem } from "./item-fixtures";
import { buildModel } from "./items";
import { ResourceCache } from "./resources";

// A placed model that plays a clip holds the frame loop (a frame every animation frame) until
// it is removed. One removed while it still loads (a hop to another space, an edit) must not
// take the model from the cache nor start holding the loop when its load ends.

/** Each load waits for this gate (open unless a test holds it). */
let gate: Promise<unknown> = Promise.resolve();

vi.mock("./loaders", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./loaders")>()),
  loadModel: vi.fn(async () => {
    await gate;
    const scene = new Object3D();
    const box = new Mesh(new BoxGeometry());
    box.name = "box";
    scene.add(box);
    const spin = new NumberKeyframeTrack("box.rotation[y]", [0, 1], [0, Math.PI]);
    return { scene, animations: [new AnimationClip("spin", 1, [spin])] };
  }),
}));

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const asset = {
  family: "model3d",
  fileUrl: "/api/fileService/file/model-1",
  defaultSize: 1,
  collisions: false,
};

function contextWith(library: () => Promise<unknown>, cache: ResourceCache) {
  const holds = new Map<string, boolean>();
  const keepRendering = (holder: string, active: boolean) => void holds.set(holder, active);
  return {
    context: itemContext(library, cache, { keepRendering }),
    holding: () => [...holds].filter(([, on]) => on).map(([name]) => name),
  };
}

const item = { ...placedItem("model-1", [0, 0, 0]), animation: "spin" };

describe("an animated model removed while it loads", () => {
  it("plays and holds the loop once shown, and lets go when removed", async () => {
    const cache = new ResourceCache();
    const { context, holding } = contextWith(async () => asset, cache);
    const built = buildModel(item as never, context);
    expect(await built.ready).toBe("shown");
    expect(holding()).toEqual(["model:model-1"]);
    expect(cache.size).toBe(1);
    built.dispose();
    expect(holding()).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it("removed before its asset is known: takes nothing and holds nothing", async () => {
    const cache = new ResourceCache();
    const answer = deferred<unknown>();
    const { context, holding } = contextWith(() => answer.promise, cache);
    const built = buildModel(item as never, context);
    built.dispose();
    answer.resolve(asset);
    await built.ready;
    expect(holding()).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it("removed while its file loads: holds nothing when the load ends", async () => {
    const cache = new ResourceCache();
    const file = deferred<void>();
    gate = file.promise;
    const { context, holding } = contextWith(async () => asset, cache);
    const built = buildModel(item as never, context);
    // the load has started (the cache holds it) but has not ended
    await vi.waitFor(() => expect(cache.size).toBe(1));
    built.dispose();
    file.resolve();
    await built.ready;
    expect(holding()).toEqual([]);
    expect(cache.size).toBe(0);
    expect(built.tick).toBeUndefined();
  });
});
