// The walk bench's baseline: bare three.js rendering the scene the viewer drew (exported to a
// glb in the viewer) along the path the viewer's camera took, one recorded pose per frame, with
// the viewer's canvas size, pixel ratio, antialiasing, colour space and tone mapping, and what a
// glb cannot carry (the textures' anisotropic filtering, the hemisphere light). Bundled by
// bench/benches/walk.ts with esbuild and served on the Atrium origin.
import {
  Color,
  type ColorSpace,
  HemisphereLight,
  type Material,
  type Mesh,
  PerspectiveCamera,
  Scene,
  Texture,
  type ToneMapping,
  WebGLRenderer,
} from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

interface Setup {
  width: number;
  height: number;
  pixelRatio: number;
  antialias: boolean;
  outputColorSpace: string;
  toneMapping: number;
  toneMappingExposure: number;
  background: string | null;
  fov: number;
  near: number;
  far: number;
  /** the viewer's textures' anisotropic filtering (a glb does not carry it) */
  anisotropy: number;
  /** the viewer's hemisphere lights (GLTFExporter leaves them out) */
  hemispheres: Array<{ sky: number; ground: number; intensity: number }>;
  path: Array<{ p: [number, number, number]; r: [number, number, number] }>;
}

const state: { ready?: boolean; done?: boolean; deltas?: number[]; error?: string } = {};
(window as unknown as { __bareWalk: typeof state }).__bareWalk = state;

async function main() {
  const setup = (await (await fetch("/__bench/walk-setup.json")).json()) as Setup;
  const canvas = document.querySelector("canvas") as HTMLCanvasElement;
  canvas.style.width = `${setup.width}px`;
  canvas.style.height = `${setup.height}px`;
  const renderer = new WebGLRenderer({ canvas, antialias: setup.antialias });
  renderer.setPixelRatio(setup.pixelRatio);
  renderer.setSize(setup.width, setup.height, false);
  renderer.outputColorSpace = setup.outputColorSpace as ColorSpace;
  renderer.toneMapping = setup.toneMapping as ToneMapping;
  renderer.toneMappingExposure = setup.toneMappingExposure;
  const scene = new Scene();
  if (setup.background) scene.background = new Color(setup.background);
  const gltf = await new GLTFLoader().loadAsync("/__bench/walk-scene.glb");
  scene.add(gltf.scene);
  for (const light of setup.hemispheres)
    scene.add(new HemisphereLight(light.sky, light.ground, light.intensity));
  gltf.scene.traverse((object) => {
    const mesh = object as Mesh;
    for (const material of ([] as Material[]).concat(mesh.material ?? []))
      for (const value of Object.values(material))
        if (value instanceof Texture) value.anisotropy = setup.anisotropy;
  });
  const camera = new PerspectiveCamera(
    setup.fov,
    setup.width / setup.height,
    setup.near,
    setup.far,
  );
  camera.rotation.order = "YXZ";
  const pose = (index: number) => {
    const at = setup.path[Math.min(index, setup.path.length - 1)];
    if (!at) return;
    camera.position.set(...at.p);
    camera.rotation.set(at.r[0], at.r[1], at.r[2], "YXZ");
  };
  // warm up: the first frames compile shaders and upload textures, as the viewer's did before
  // the walk began
  pose(0);
  for (let i = 0; i < 3; i++) renderer.render(scene, camera);
  state.ready = true;
  await new Promise<void>((resolve) => {
    const start = () => {
      (window as unknown as { __startWalk?: () => void }).__startWalk = undefined;
      resolve();
    };
    (window as unknown as { __startWalk?: () => void }).__startWalk = start;
  });
  const deltas: number[] = [];
  let index = 0;
  let last = performance.now();
  await new Promise<void>((resolve) => {
    const frame = (now: number) => {
      if (index > 0) deltas.push(now - last);
      last = now;
      if (index >= setup.path.length) return resolve();
      pose(index++);
      renderer.render(scene, camera);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  state.deltas = deltas;
  state.done = true;
}

main().catch((error: unknown) => {
  state.error = error instanceof Error ? error.message : String(error);
});
