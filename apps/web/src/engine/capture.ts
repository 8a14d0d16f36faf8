import type { SceneDocument } from "@atrium/domain";
import { PerspectiveCamera, Vector2 } from "three";
import { EYE_HEIGHT } from "./core/engine";
import type { Engine } from "./types";

// A picture of a space as a visitor first sees it: the engine's scene drawn from the document's
// start point at eye height, without the editor's helpers, at a card's size. The canvas is
// drawn at that size for one frame and copied at once (its drawing buffer is not kept), then
// put back; the next frame draws the editor's view again.

export const COVER_SIZE = { width: 640, height: 360 } as const;

export async function captureStartView(
  engine: Engine,
  document: SceneDocument,
  size: { width: number; height: number } = COVER_SIZE,
): Promise<Blob | null> {
  const { renderer, scene, camera: viewCamera } = engine.three;
  const camera = new PerspectiveCamera(viewCamera.fov, size.width / size.height, 0.05, 500);
  const [x, y, z] = document.startingPosition;
  camera.position.set(x, y + EYE_HEIGHT, z);
  camera.rotation.set(0, document.startingRotation[1], 0, "YXZ");
  camera.updateMatrixWorld();

  const canvas = window.document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;

  const before = renderer.getSize(new Vector2());
  const pixelRatio = renderer.getPixelRatio();
  const helpers = engine.layers.editor.visible;
  try {
    engine.layers.editor.visible = false;
    renderer.setPixelRatio(1);
    renderer.setSize(size.width, size.height, false);
    renderer.render(scene, camera);
    context.drawImage(renderer.domElement, 0, 0, size.width, size.height);
  } finally {
    engine.layers.editor.visible = helpers;
    renderer.setPixelRatio(pixelRatio);
    renderer.setSize(before.x, before.y, false);
    engine.requestRender();
  }
  const encode = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.8));
  // WebP where the browser writes it, JPEG otherwise
  const webp = await encode("image/webp");
  return webp?.type === "image/webp" ? webp : encode("image/jpeg");
}
