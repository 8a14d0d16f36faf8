// What models need: the glb loader with its meshopt decoder, and a deep clone for skinned
// models. A chunk of its own (some 150 KB of code), loaded with the first model: the room's
// first frame never waits for it (kits.ts).
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { clone as cloneSkinned } from "three/examples/jsm/utils/SkeletonUtils.js";

export const gltfLoader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
export { cloneSkinned };
