// The viewer benchmark's baseline: a bare three.js page that loads the same space's files as
// the viewer (the content document, then every picture and model) with no application around
// it. Bundled by bench/benches/viewer.ts with esbuild and served on the Atrium origin. Its
// performance marks (bare:start, bare:renderer, bare:document) line up with the viewer's
// atrium:viewer:boot-* marks when the two are compared in a trace.
import {
  BackSide,
  BoxGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  Shape,
  ShapeGeometry,
  SRGBColorSpace,
  TextureLoader,
  Vector2,
  WebGLRenderer,
} from "three";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

type V3 = [number, number, number];
interface Doc {
  customSpace: {
    levels: Array<{
      elevation: number;
      floor: { outline: Array<[number, number]> };
      ceiling?: { visible: boolean; height: number; color: string };
      walls: Array<{
        start: [number, number];
        end: [number, number];
        height?: number;
        thickness?: number;
      }>;
    }>;
  };
  startingPosition: V3;
  startingRotation?: V3;
  pictures: Array<{ assetId: string; position: V3; rotation: V3; scale: V3 }>;
  models3d: Array<{ assetId: string; position: V3; rotation: V3; scale: V3 }>;
}

const marks: { roomAt?: number; loadedAt?: number; error?: string } = {};
(window as unknown as { __bare: typeof marks }).__bare = marks;

async function main() {
  const sceneId = new URLSearchParams(location.search).get("scene") ?? "";
  const canvas = document.querySelector("canvas") as HTMLCanvasElement;
  performance.mark("bare:start");
  const renderer = new WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(1);
  renderer.setSize(innerWidth, innerHeight, false);
  performance.mark("bare:renderer");
  const scene = new Scene();
  scene.background = new Color("#dcd6cc");
  const camera = new PerspectiveCamera(60, innerWidth / innerHeight, 0.05, 500);
  scene.add(new HemisphereLight(0xffffff, 0x999999, 2), new DirectionalLight(0xffffff, 1.2));
  const content = await (await fetch(`/api/sceneService/publishedscene/content/${sceneId}`)).json();
  const doc = content.document as Doc;
  performance.mark("bare:document");
  const wallMaterial = new MeshStandardMaterial({ color: "#f2efe9" });
  for (const level of doc.customSpace.levels) {
    const shape = new Shape(level.floor.outline.map(([x, z]) => new Vector2(x, -z)));
    const floor = new Mesh(
      new ShapeGeometry(shape),
      new MeshStandardMaterial({ color: "#c8a27a" }),
    );
    floor.geometry.rotateX(-Math.PI / 2);
    floor.position.y = level.elevation;
    scene.add(floor);
    // the ceiling over the same outline, as the viewer draws it (seen from inside the room)
    if (level.ceiling?.visible) {
      const ceiling = new Mesh(
        new ShapeGeometry(shape),
        new MeshStandardMaterial({ color: level.ceiling.color, side: BackSide }),
      );
      ceiling.geometry.rotateX(-Math.PI / 2);
      ceiling.position.y = level.elevation + level.ceiling.height;
      scene.add(ceiling);
    }
    for (const wall of level.walls) {
      const dx = wall.end[0] - wall.start[0];
      const dz = wall.end[1] - wall.start[1];
      const height = wall.height ?? 4;
      const box = new Mesh(
        new BoxGeometry(Math.hypot(dx, dz), height, wall.thickness ?? 0.2),
        wallMaterial,
      );
      box.position.set(
        (wall.start[0] + wall.end[0]) / 2,
        level.elevation + height / 2,
        (wall.start[1] + wall.end[1]) / 2,
      );
      box.rotation.y = -Math.atan2(dz, dx);
      scene.add(box);
    }
  }
  // the viewer's pose: standing at the start, at eye height, turned as the start says
  const [x, y, z] = doc.startingPosition;
  camera.position.set(x, y + 1.6, z);
  camera.rotation.set(0, doc.startingRotation?.[1] ?? 0, 0, "YXZ");
  renderer.render(scene, camera);
  marks.roomAt = performance.now();

  const textures = new TextureLoader();
  const gltf = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const plane = new PlaneGeometry(1, 1);
  const place = (
    object: Mesh | Scene | import("three").Object3D,
    item: { position: V3; rotation: V3; scale: V3 },
  ) => {
    object.position.set(...item.position);
    object.rotation.set(...item.rotation);
    object.scale.set(...item.scale);
  };
  // the scene's placed assets in one answer, as the viewer gets them
  const assets = new Map<string, { fileUrl: string }>(
    (
      (await (await fetch(`/api/sceneService/sceneassets/${sceneId}`)).json()) as Array<{
        assetId: string;
        fileUrl: string;
      }>
    ).map((a) => [a.assetId, a]),
  );
  const assetOf = (id: string) => {
    const asset = assets.get(id);
    if (!asset) throw new Error(`asset ${id} missing`);
    return asset;
  };
  await Promise.all([
    ...doc.pictures.map(async (item) => {
      const asset = assetOf(item.assetId);
      const texture = await textures.loadAsync(asset.fileUrl);
      texture.colorSpace = SRGBColorSpace;
      const mesh = new Mesh(plane, new MeshBasicMaterial({ map: texture, side: DoubleSide }));
      place(mesh, { ...item, scale: item.scale ?? [1, 1, 1] });
      scene.add(mesh);
    }),
    ...doc.models3d.map(async (item) => {
      const asset = assetOf(item.assetId);
      const model = await gltf.loadAsync(asset.fileUrl);
      place(model.scene, {
        ...item,
        rotation: item.rotation ?? [0, 0, 0],
        scale: item.scale ?? [1, 1, 1],
      });
      scene.add(model.scene);
    }),
  ]);
  renderer.render(scene, camera);
  marks.loadedAt = performance.now();
}

main().catch((error) => {
  marks.error = String(error);
});
