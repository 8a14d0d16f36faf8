// Injected into the viewer by bench/benches/walk.ts: exports the engine's scene as it is drawn
// (meshes, instanced props, materials, textures, lights) to a glb with three.js's GLTFExporter,
// so the bare three.js page renders the very same scene.
import type { Object3D } from "three";
import { GLTFExporter } from "three/examples/jsm/exporters/GLTFExporter.js";

async function exportScene(scene: Object3D): Promise<string> {
  const exporter = new GLTFExporter();
  const glb = (await exporter.parseAsync(scene, {
    binary: true,
    onlyVisible: true,
    maxTextureSize: 2048,
  })) as ArrayBuffer;
  // base64, to leave the page as a string
  const bytes = new Uint8Array(glb);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

(window as unknown as { __exportScene: typeof exportScene }).__exportScene = exportScene;
