// Injected into the viewer by bench/benches/walk.ts: exports the engine's scene as it is drawn
// (meshes, instanced props, materials, textures, lights) to a glb with three.js's GLTFExporter,
// so the bare three.js page renders the very same scene.
import type { Object3D } from "three";
import { GLTFExporter } from "three/examples/jsm/exporters/GLTFExporter.js";

async function exportScene(scene: Object3D): Promise<string> {
  const exporter = new GLTFExporter();
  // the sky dome (apps/web/src/engine/core/sky.ts) is three.js's background shader on a box that
  // follows the camera: a glb cannot carry it (the bare page clears to the sky's colour instead)
  const skipped: Object3D[] = [];
  scene.traverse((object) => {
    if (object.name === "sky-dome" && object.visible) skipped.push(object);
  });
  for (const object of skipped) object.visible = false;
  const glb = (await exporter
    .parseAsync(scene, { binary: true, onlyVisible: true, maxTextureSize: 2048 })
    .finally(() => {
      for (const object of skipped) object.visible = true;
    })) as ArrayBuffer;
  // base64, to leave the page as a string
  const bytes = new Uint8Array(glb);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

(window as unknown as { __exportScene: typeof exportScene }).__exportScene = exportScene;
