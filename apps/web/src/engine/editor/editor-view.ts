import { Euler, type Quaternion, Vector3 } from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { EditorEngine } from "./engine-types";
import { SelectionOutline } from "./selection-outline";
import {
  type GizmoMode,
  type ItemKey,
  type ItemTransform,
  TransformGizmo,
} from "./transform-gizmo";

// The editor's layer over the engine: an orbiting camera, the transform gizmo and the
// selection boxes. It never changes the document itself: it reports what the user did and the
// editor turns that into commands; the engine redraws from the document.

export interface CameraPose {
  position: [number, number, number];
  rotation: [number, number, number];
  /** Heading about y, radians. */
  yaw?: number;
  /** Looking up (positive) or down about the heading, radians. */
  pitch?: number;
}

export interface EditorViewHandlers {
  onTransform(transforms: ItemTransform[]): void;
  onTransformEnd(): void;
}

export class EditorView {
  readonly gizmo: TransformGizmo;
  private readonly orbit: OrbitControls;
  private readonly outline: SelectionOutline;
  private selection: ItemKey[] = [];
  /** The overview camera while a walk is on (restored when it ends); null when not walking. */
  private overview: { position: Vector3; quaternion: Quaternion; target: Vector3 } | null = null;

  constructor(
    private readonly engine: EditorEngine,
    domElement: HTMLElement,
    handlers: EditorViewHandlers,
  ) {
    const camera = engine.three.camera;
    this.orbit = new OrbitControls(camera, domElement);
    this.orbit.enableDamping = false;
    this.orbit.screenSpacePanning = true;
    this.orbit.maxDistance = 200;
    this.orbit.addEventListener("change", () => engine.requestRender());
    this.outline = new SelectionOutline(engine);
    this.gizmo = new TransformGizmo(engine, domElement, {
      onChange: (transforms) => handlers.onTransform(transforms),
      onEnd: () => handlers.onTransformEnd(),
      // the camera stays still while an item is dragged
      onDraggingChanged: (dragging) => {
        this.orbit.enabled = !dragging;
      },
    });
  }

  /** Looks down at a level's walls from above and in front, as the editor opens. */
  frameLevel(
    level:
      | { elevation: number; walls: { start: [number, number]; end: [number, number] }[] }
      | undefined,
  ) {
    const points = level?.walls.flatMap((wall) => [wall.start, wall.end]) ?? [];
    const xs = points.map((point) => point[0]);
    const zs = points.map((point) => point[1]);
    const [minX, maxX, minZ, maxZ] = points.length
      ? [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)]
      : [-5, 5, -5, 5];
    const size = Math.max(maxX - minX, maxZ - minZ, 4);
    const target = new Vector3((minX + maxX) / 2, level?.elevation ?? 0, (minZ + maxZ) / 2);
    const distance = size * 1.1 + 2;
    const camera = this.engine.three.camera;
    camera.position.set(target.x, target.y + distance * 0.95, target.z + distance * 0.75);
    this.orbit.target.copy(target);
    this.orbit.update();
    this.engine.requestRender();
  }

  setSelection(selection: ItemKey[]) {
    this.selection = selection;
    if (this.overview) return;
    this.gizmo.setSelection(selection);
    this.outline.show(selection);
  }

  get walking() {
    return this.overview !== null;
  }

  /**
   * Walk mode: the orbit and the gizmo stand aside while a visitor's player drives the camera;
   * leaving it puts the overview camera back where it was.
   */
  setWalking(on: boolean) {
    const camera = this.engine.three.camera;
    if (on && !this.overview) {
      this.overview = {
        position: camera.position.clone(),
        quaternion: camera.quaternion.clone(),
        target: this.orbit.target.clone(),
      };
      this.orbit.enabled = false;
      this.gizmo.setSelection([]);
      this.outline.show([]);
    } else if (!on && this.overview) {
      camera.position.copy(this.overview.position);
      camera.quaternion.copy(this.overview.quaternion);
      this.orbit.target.copy(this.overview.target);
      this.overview = null;
      this.orbit.enabled = true;
      this.orbit.update();
      this.setSelection(this.selection);
      this.engine.requestRender();
    }
  }

  /** The document changed (a drag frame, undo, a typed value): follow the items. */
  refresh() {
    if (this.overview) return;
    this.gizmo.syncPivot();
    this.outline.show(this.selection);
  }

  setMode(mode: GizmoMode) {
    this.gizmo.setMode(mode);
  }

  setSnapping(on: boolean) {
    this.gizmo.setSnapping(on);
  }

  getPose(): CameraPose {
    const camera = this.engine.three.camera;
    const rotation = new Euler().setFromQuaternion(camera.quaternion, "XYZ");
    const heading = new Euler().setFromQuaternion(camera.quaternion, "YXZ");
    return {
      yaw: round(heading.y, 4),
      pitch: round(heading.x, 4),
      position: [round(camera.position.x), round(camera.position.y), round(camera.position.z)],
      rotation: [round(rotation.x, 4), round(rotation.y, 4), round(rotation.z, 4)],
    };
  }

  /**
   * Puts the camera at a pose (a tour point: [pitch, yaw, 0], yaw first, as the viewer plays
   * it), keeping the orbit's target ahead of it.
   */
  flyTo(pose: CameraPose) {
    const camera = this.engine.three.camera;
    camera.position.set(...pose.position);
    camera.rotation.set(pose.rotation[0], pose.yaw ?? pose.rotation[1], 0, "YXZ");
    const ahead = new Vector3(0, 0, -3).applyEuler(camera.rotation).add(camera.position);
    this.orbit.target.copy(ahead);
    camera.lookAt(ahead);
    this.engine.requestRender();
  }

  dispose() {
    this.gizmo.dispose();
    this.outline.dispose();
    this.orbit.dispose();
  }
}

function round(value: number, digits = 3) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor + 0;
}
