import type { PropItem } from "@atrium/domain";
import {
  Box3,
  Group,
  InstancedMesh,
  type Material,
  Matrix4,
  type Mesh,
  Object3D,
  Vector3,
} from "three";
import type { ItemStatus } from "../types";
import { applyTransform, failureMessage, type ItemContext } from "./items";
import { freeModel, type LoadedModel, loadModel } from "./loaders";

// Props repeat (chairs, plants, lamps): every prop of the catalogue is drawn as instanced meshes,
// one per mesh of its model, whatever the number of copies placed. Each placed prop also has an
// empty proxy object carrying its transform (what the editor attaches gizmos to).

/**
 * The collision boxes a prop's model declares (its scene's extras `colliders`: boxes as
 * [minX, minY, minZ, maxX, maxY, maxZ] in the model's units), null when it declares none or not
 * in that shape. A staircase declares its steps, so that visitors walk up them.
 */
export function declaredColliders(userData: Record<string, unknown>): Box3[] | null {
  const boxes = userData.colliders;
  if (!Array.isArray(boxes) || boxes.length === 0) return null;
  const valid = boxes.every(
    (box) =>
      Array.isArray(box) &&
      box.length === 6 &&
      box.every((value) => typeof value === "number" && Number.isFinite(value)),
  );
  if (!valid) return null;
  return (boxes as number[][]).map(
    ([x0, y0, z0, x1, y1, z1]) => new Box3(new Vector3(x0, y0, z0), new Vector3(x1, y1, z1)),
  );
}

export class PropBatch {
  readonly root = new Group();
  readonly proxies = new Map<string, Object3D>();
  readonly status = new Map<string, ItemStatus>();
  private meshes: InstancedMesh[] = [];
  private key: string | null = null;
  private parts: Array<{
    geometry: Mesh["geometry"];
    material: Material | Material[];
    matrix: Matrix4;
  }> = [];
  /** The model's declared collision boxes, scaled and placed as its meshes are; else null. */
  private colliders: Box3[] | null = null;
  private disposed = false;
  readonly ready: Promise<void>;

  constructor(
    readonly propId: string,
    private items: PropItem[],
    private context: ItemContext,
    private proxyParent: Object3D,
  ) {
    this.root.name = `props:${propId}`;
    for (const item of items) this.addProxy(item);
    this.ready = this.load();
  }

  private addProxy(item: PropItem) {
    const proxy = new Object3D();
    proxy.name = `props:${item.id}`;
    proxy.userData.item = { collection: "props", id: item.id };
    applyTransform(proxy, item);
    this.proxyParent.add(proxy);
    this.proxies.set(item.id, proxy);
    this.status.set(item.id, "loading");
  }

  private async load() {
    try {
      const prop = await this.context.assets.prop(this.propId);
      const url = this.context.resolveUrl(prop.file);
      this.key = `model:${url}`;
      const model = await this.context.cache.acquire<LoadedModel>(
        this.key,
        () => loadModel(url),
        freeModel,
      );
      if (this.disposed) return;
      model.scene.updateMatrixWorld(true);
      const box = new Box3().setFromObject(model.scene);
      const size = box.getSize(new Vector3());
      const center = box.getCenter(new Vector3());
      const scale = prop.defaultSize / Math.max(size.x, size.y, size.z, 1e-6);
      const base = new Matrix4()
        .makeScale(scale, scale, scale)
        .multiply(new Matrix4().makeTranslation(-center.x, -box.min.y, -center.z));
      this.colliders =
        declaredColliders(model.scene.userData)?.map((box) =>
          box.applyMatrix4(base.clone().multiply(model.scene.matrixWorld)),
        ) ?? null;
      model.scene.traverse((object) => {
        const mesh = object as Mesh;
        if (!mesh.isMesh) return;
        this.parts.push({
          geometry: mesh.geometry,
          material: mesh.material,
          matrix: base.clone().multiply(mesh.matrixWorld),
        });
      });
      this.rebuildMeshes();
      for (const id of this.status.keys()) this.status.set(id, "shown");
    } catch (error) {
      if (this.disposed) return;
      const message = failureMessage(error);
      for (const [id, proxy] of this.proxies) {
        proxy.add(this.context.placeholders.create(message));
        this.status.set(id, message);
      }
    }
    this.context.requestRender();
  }

  private rebuildMeshes() {
    for (const mesh of this.meshes) {
      this.root.remove(mesh);
      mesh.dispose();
    }
    this.meshes = [];
    const ids = this.items.map((item) => item.id);
    for (const part of this.parts) {
      const mesh = new InstancedMesh(part.geometry, part.material, Math.max(1, ids.length));
      mesh.count = ids.length;
      mesh.userData.instanceIds = ids;
      mesh.userData.collection = "props";
      this.meshes.push(mesh);
      this.root.add(mesh);
    }
    this.updateMatrices();
  }

  /** Writes every instance's matrix from its item's transform. */
  updateMatrices() {
    const matrix = new Matrix4();
    this.items.forEach((item, index) => {
      const proxy = this.proxies.get(item.id);
      if (!proxy) return;
      applyTransform(proxy, item);
      this.parts.forEach((part, partIndex) => {
        const mesh = this.meshes[partIndex] as InstancedMesh;
        matrix.multiplyMatrices(proxy.matrixWorld, part.matrix);
        mesh.setMatrixAt(index, matrix);
      });
    });
    for (const mesh of this.meshes) {
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
      mesh.computeBoundingBox();
    }
  }

  /** The same prop with another list of placed items: instances rebuilt, model kept. */
  setItems(items: PropItem[]) {
    const keep = new Set(items.map((item) => item.id));
    for (const [id, proxy] of this.proxies) {
      if (keep.has(id)) continue;
      proxy.removeFromParent();
      this.proxies.delete(id);
      this.status.delete(id);
    }
    const loaded = this.parts.length > 0;
    for (const item of items) {
      if (!this.proxies.has(item.id)) {
        this.addProxy(item);
        if (loaded) this.status.set(item.id, "shown");
      }
    }
    this.items = items;
    if (loaded) this.rebuildMeshes();
    this.context.requestRender();
  }

  /** World boxes of the placed copies (for collisions). */
  boxes(): Box3[] {
    const boxes: Box3[] = [];
    if (this.colliders) {
      for (const item of this.items) {
        const proxy = this.proxies.get(item.id);
        if (!proxy) continue;
        for (const box of this.colliders) boxes.push(box.clone().applyMatrix4(proxy.matrixWorld));
      }
      return boxes;
    }
    for (const mesh of this.meshes) {
      if (!mesh.geometry.boundingBox) mesh.geometry.computeBoundingBox();
      const local = mesh.geometry.boundingBox as Box3;
      const matrix = new Matrix4();
      for (let i = 0; i < mesh.count; i++) {
        mesh.getMatrixAt(i, matrix);
        boxes.push(local.clone().applyMatrix4(matrix));
      }
    }
    return boxes;
  }

  dispose() {
    this.disposed = true;
    for (const mesh of this.meshes) mesh.dispose();
    this.meshes = [];
    for (const proxy of this.proxies.values()) proxy.removeFromParent();
    this.proxies.clear();
    this.root.removeFromParent();
    if (this.key) this.context.cache.release(this.key);
    this.key = null;
  }
}
