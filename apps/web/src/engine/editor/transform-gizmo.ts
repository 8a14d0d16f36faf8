import { Euler, Matrix4, Object3D, Quaternion, Vector3 } from "three";
import { TransformControls } from "three/examples/jsm/controls/TransformControls.js";
import type { EditorEngine } from "./engine-types";

// Move, rotate and scale gizmo for the selection (three's TransformControls in the editor
// layer). Several selected items move together around a pivot at their centre: each frame of a
// drag reports every item's new transform; the editor turns those into one merged undo step.

export type GizmoMode = "translate" | "rotate" | "scale";
export interface ItemKey {
  collection: string;
  id: string;
  /** Hung on a wall (a picture, a video): it slides along the wall, never off it. */
  onWall?: boolean;
}
export interface ItemTransform extends ItemKey {
  position: [number, number, number];
  rotation: [number, number, number];
  scale: [number, number, number];
}

export const TRANSLATION_SNAP = 0.25;
export const ROTATION_SNAP = Math.PI / 12;
export const SCALE_SNAP = 0.1;

export class TransformGizmo {
  private readonly controls: TransformControls;
  private readonly pivot = new Object3D();
  private selection: ItemKey[] = [];
  private start: { pivot: Matrix4; items: Map<string, Matrix4> } | null = null;
  private readonly disposers: (() => void)[] = [];

  constructor(
    private readonly engine: EditorEngine,
    domElement: HTMLElement,
    private readonly handlers: {
      onChange(transforms: ItemTransform[]): void;
      onEnd(): void;
      onDraggingChanged(dragging: boolean): void;
    },
  ) {
    this.controls = new TransformControls(engine.three.camera, domElement);
    this.pivot.name = "editor-gizmo-pivot";
    engine.layers.editor.add(this.pivot);
    const helper = this.controls.getHelper();
    helper.name = "editor-gizmo";
    engine.layers.editor.add(helper);

    const onChange = () => engine.requestRender();
    const onDragging = (event: { value: unknown }) => {
      const dragging = Boolean(event.value);
      handlers.onDraggingChanged(dragging);
      if (dragging) this.beginDrag();
      else {
        this.start = null;
        handlers.onEnd();
      }
    };
    const onObjectChange = () => this.reportDrag();
    this.controls.addEventListener("change", onChange);
    this.controls.addEventListener("dragging-changed", onDragging);
    this.controls.addEventListener("objectChange", onObjectChange);
    this.disposers.push(() => {
      this.controls.removeEventListener("change", onChange);
      this.controls.removeEventListener("dragging-changed", onDragging);
      this.controls.removeEventListener("objectChange", onObjectChange);
    });
    this.setSnapping(true);
  }

  get dragging() {
    return this.controls.dragging;
  }

  /** The pointer is over one of the gizmo's handles (a click there is not a selection). */
  get hovering() {
    return this.controls.axis !== null;
  }

  setMode(mode: GizmoMode) {
    this.controls.setMode(mode);
    this.syncPivot();
  }

  setSnapping(on: boolean) {
    this.controls.setTranslationSnap(on ? TRANSLATION_SNAP : null);
    this.controls.setRotationSnap(on ? ROTATION_SNAP : null);
    this.controls.setScaleSnap(on ? SCALE_SNAP : null);
  }

  /** Attaches to the selected, unlocked items (nothing when empty). */
  setSelection(selection: ItemKey[]) {
    this.selection = selection;
    this.syncPivot();
  }

  /** After the document changed (undo, a typed value): the pivot follows the items. */
  syncPivot() {
    if (this.controls.dragging) return;
    const objects = this.objects();
    if (objects.length === 0) {
      this.controls.detach();
      this.engine.requestRender();
      return;
    }
    const centre = new Vector3();
    for (const object of objects) centre.add(object.getWorldPosition(new Vector3()));
    centre.divideScalar(objects.length);
    this.pivot.position.copy(centre);
    // one item: the gizmo turns with it (local rotate and scale); several: world axes
    const first = objects[0];
    if (objects.length === 1 && first) first.getWorldQuaternion(this.pivot.quaternion);
    else this.pivot.quaternion.identity();
    // an item on a wall moves in the wall's plane (its local x and y): no handle pulls it off
    const onWall = this.selection.length === 1 && this.selection[0]?.onWall === true;
    this.controls.setSpace(onWall ? "local" : "world");
    this.controls.showZ = !(onWall && this.controls.mode === "translate");
    this.pivot.scale.set(1, 1, 1);
    this.pivot.updateMatrixWorld(true);
    this.controls.attach(this.pivot);
    this.engine.requestRender();
  }

  /**
   * Where on an axis handle of the current mode a pointer grabs it (world coordinates), or null
   * with nothing attached. For the journeys (the debug hook): they project it to the screen and
   * drag it like a person would.
   */
  handlePoint(axis: "X" | "Y" | "Z"): [number, number, number] | null {
    if (!this.controls.object) return null;
    const helper = this.controls.getHelper();
    helper.updateMatrixWorld(true);
    // TransformControls keeps its handles' pick shapes per mode (no public accessor)
    const picker = (this.controls as unknown as { _gizmo?: { picker?: Record<string, Object3D> } })
      ._gizmo?.picker?.[this.controls.mode];
    const handle = picker?.children.find((child) => child.name === axis);
    if (!handle) return null;
    // the positive arrow's pick shape runs from the pivot out to 0.6 handle units: grab it at
    // 0.45, clear of the plane handles near the pivot
    const local = new Vector3(
      axis === "X" ? 0.45 : 0,
      axis === "Y" ? 0.45 : 0,
      axis === "Z" ? 0.45 : 0,
    );
    const point = handle.localToWorld(local);
    return [point.x, point.y, point.z];
  }

  dispose() {
    for (const dispose of this.disposers) dispose();
    this.controls.detach();
    this.engine.layers.editor.remove(this.controls.getHelper());
    this.engine.layers.editor.remove(this.pivot);
    this.controls.dispose();
  }

  private objects() {
    return this.selection
      .map((key) => this.engine.objectOf(key.collection, key.id))
      .filter((object): object is Object3D => object !== undefined);
  }

  private beginDrag() {
    this.pivot.updateMatrixWorld(true);
    const items = new Map<string, Matrix4>();
    for (const key of this.selection) {
      const object = this.engine.objectOf(key.collection, key.id);
      if (!object) continue;
      object.updateMatrixWorld(true);
      items.set(`${key.collection}:${key.id}`, object.matrixWorld.clone());
    }
    this.start = { pivot: this.pivot.matrixWorld.clone(), items };
  }

  private reportDrag() {
    if (!this.start) return;
    this.pivot.updateMatrixWorld(true);
    // how the pivot moved since the drag began, applied to every item's starting transform
    const delta = this.pivot.matrixWorld.clone().multiply(this.start.pivot.clone().invert());
    const transforms: ItemTransform[] = [];
    for (const key of this.selection) {
      const startWorld = this.start.items.get(`${key.collection}:${key.id}`);
      const object = this.engine.objectOf(key.collection, key.id);
      if (!startWorld || !object) continue;
      const world = delta.clone().multiply(startWorld);
      const parentInverse = object.parent
        ? object.parent.matrixWorld.clone().invert()
        : new Matrix4();
      const local = parentInverse.multiply(world);
      const position = new Vector3();
      const quaternion = new Quaternion();
      const scale = new Vector3();
      local.decompose(position, quaternion, scale);
      const euler = new Euler().setFromQuaternion(quaternion, "XYZ");
      transforms.push({
        ...key,
        position: [round(position.x), round(position.y), round(position.z)],
        rotation: [round(euler.x, 4), round(euler.y, 4), round(euler.z, 4)],
        scale: [positive(scale.x), positive(scale.y), positive(scale.z)],
      });
    }
    if (transforms.length > 0) this.handlers.onChange(transforms);
  }
}

function round(value: number, digits = 3) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor + 0;
}

function positive(value: number) {
  return Math.max(round(Math.abs(value)), 0.01);
}
