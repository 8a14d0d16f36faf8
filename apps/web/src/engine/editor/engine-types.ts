import type { Group, Object3D, PerspectiveCamera, Scene, Vector3, WebGLRenderer } from "three";

// What the editor layer needs from the engine core (apps/web/src/engine, the viewer's work):
// a structural subset of its Engine, so this layer stays a client of the core, never a part.

export type PickHit =
  | { kind: "item"; collection: string; id: string; point: Vector3; normal?: Vector3 | null }
  | { kind: "wall"; levelId: string; wallId: string; point: Vector3; normal: Vector3 | null }
  | { kind: "floor"; levelId: string; point: Vector3 }
  | null;

export interface EditorEngine {
  three: { renderer: WebGLRenderer; scene: Scene; camera: PerspectiveCamera };
  layers: { editor: Group };
  requestRender(): void;
  keepRendering(holder: string, active: boolean): void;
  pick(clientX: number, clientY: number): PickHit;
  objectOf(collection: string, id: string): Object3D | undefined;
}
