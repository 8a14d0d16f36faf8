import {
  Box3,
  Color,
  DirectionalLight,
  HemisphereLight,
  type Material,
  type Mesh,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from "three";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { parseModel } from "../core/models";
import { loadUploadedFiles } from "./uploaded-files";

// The library uploader's thumbnail renderer: a model drawn once in a three-quarter view on a
// transparent background, as a PNG, under the light the viewer gives models (a sky/ground
// hemisphere and a sun). The model is what the user is about to upload (a glb, a .gltf with
// its files, an obj with its mtl and textures, or a zip of those), or the URL of the optimised
// glb the server made. Self-contained and loaded lazily by the uploader only.

export const THUMBNAIL_SIZE = 512;

export type ThumbnailSource = ArrayBuffer | string | File[];

export async function renderModelThumbnail(
  source: ThumbnailSource,
  size = THUMBNAIL_SIZE,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const renderer = new WebGLRenderer({
    canvas,
    alpha: true,
    antialias: true,
    preserveDrawingBuffer: true,
  });
  let model: Object3D | null = null;
  try {
    model = await loadSource(source, renderer);
    renderer.setPixelRatio(1);
    renderer.setSize(size, size, false);
    renderer.setClearColor(new Color(0xffffff), 0);

    const scene = new Scene();
    scene.add(model);
    scene.add(new HemisphereLight(0xffffff, 0x8d8d8d, 2.2));
    const sun = new DirectionalLight(0xffffff, 2.4);
    sun.position.set(3, 5, 4);
    scene.add(sun);

    const bounds = new Box3().setFromObject(model);
    const sphere = bounds.getBoundingSphere(new Sphere());
    const camera = new PerspectiveCamera(30, 1, 0.01, 1000);
    const direction = new Vector3(0.55, 0.42, 0.72).normalize();
    const radius = Math.max(sphere.radius, 1e-3);
    const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
    camera.position.copy(sphere.center).addScaledVector(direction, distance * 1.05);
    camera.near = distance / 100;
    camera.far = distance * 4;
    camera.lookAt(sphere.center);
    camera.updateProjectionMatrix();

    renderer.render(scene, camera);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the thumbnail could not be drawn");
    return blob;
  } finally {
    if (model) dispose(model);
    renderer.dispose();
    renderer.forceContextLoss();
  }
}

async function loadSource(source: ThumbnailSource, renderer: WebGLRenderer): Promise<Object3D> {
  if (Array.isArray(source)) return loadUploadedFiles(source, renderer);
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const bytes =
    typeof source === "string"
      ? await (await fetch(source, { credentials: "same-origin" })).arrayBuffer()
      : source;
  return (await parseModel(loader, bytes, "", renderer)).scene;
}

function dispose(root: Object3D) {
  root.traverse((object) => {
    const mesh = object as Mesh;
    mesh.geometry?.dispose();
    const materials = (
      Array.isArray(mesh.material) ? mesh.material : mesh.material ? [mesh.material] : []
    ) as Material[];
    for (const material of materials) {
      for (const value of Object.values(material)) {
        if (value && typeof value === "object" && "isTexture" in value)
          (value as { dispose(): void }).dispose();
      }
      material.dispose();
    }
  });
}
