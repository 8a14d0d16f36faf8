import type { BufferGeometry, Material, Mesh, Object3D, Texture } from "three";

// Shared GPU resources with reference counts: a texture or a model used by several items is
// loaded once, and freed when the last item using it goes. `dispose()` frees everything left.

interface Entry<T> {
  promise: Promise<T>;
  refs: number;
  free: (value: T) => void;
}

export class ResourceCache {
  private entries = new Map<string, Entry<unknown>>();

  acquire<T>(key: string, load: () => Promise<T>, free: (value: T) => void): Promise<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      const promise = load();
      entry = { promise, refs: 0, free };
      this.entries.set(key, entry as Entry<unknown>);
      // a failed load is forgotten, so a later attempt tries again
      promise.catch(() => {
        if (this.entries.get(key) === (entry as Entry<unknown>)) this.entries.delete(key);
      });
    }
    entry.refs++;
    return entry.promise;
  }

  release(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.refs--;
    if (entry.refs > 0) return;
    this.entries.delete(key);
    entry.promise.then(entry.free, () => {});
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.promise.then(entry.free, () => {});
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Frees every geometry, material and texture under `root` (used for things not shared). */
export function disposeObject(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (mesh.geometry) (mesh.geometry as BufferGeometry).dispose();
    const material = mesh.material as Material | Material[] | undefined;
    if (material)
      for (const one of Array.isArray(material) ? material : [material]) disposeMaterial(one);
    const disposable = object as unknown as { dispose?: () => void };
    if (typeof disposable.dispose === "function" && !(object as { isScene?: boolean }).isScene)
      disposable.dispose();
  });
}

export function disposeMaterial(material: Material): void {
  for (const value of Object.values(material)) {
    if (value && typeof value === "object" && (value as Texture).isTexture)
      (value as Texture).dispose();
  }
  material.dispose();
}
