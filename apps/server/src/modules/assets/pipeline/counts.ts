import { clipNameOf } from "@atrium/domain";
import type { Document, Node, Primitive } from "@gltf-transform/core";

/** What the library shows of a model (spec 1 §3 asset upload defaults). */
export interface ModelCounts {
  animationClipCount: number;
  /** The clips' names, as three.js's loader reports them (an unnamed one is `animation_<index>`). */
  animationClips: string[];
  /** Triangles drawn: a mesh used by two nodes counts twice. */
  triangleCount: number;
  meshCount: number;
  materialCount: number;
  textureCount: number;
}

export function countModel(document: Document): ModelCounts {
  const root = document.getRoot();
  let triangleCount = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? [])
      triangleCount += trianglesOf(primitive);
    for (const child of node.listChildren()) visit(child);
  };
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  for (const node of scene?.listChildren() ?? []) visit(node);
  return {
    animationClipCount: root.listAnimations().length,
    animationClips: root.listAnimations().map((clip, index) => clipNameOf(clip.getName(), index)),
    triangleCount,
    meshCount: root.listMeshes().length,
    materialCount: root.listMaterials().length,
    textureCount: root.listTextures().length,
  };
}

function trianglesOf(primitive: Primitive) {
  const count =
    primitive.getIndices()?.getCount() ?? primitive.getAttribute("POSITION")?.getCount() ?? 0;
  switch (primitive.getMode()) {
    case 4: // TRIANGLES
      return Math.floor(count / 3);
    case 5: // TRIANGLE_STRIP
    case 6: // TRIANGLE_FAN
      return Math.max(0, count - 2);
    default:
      return 0;
  }
}
