import {
  Document,
  type Buffer as GltfBuffer,
  type Material,
  NodeIO,
  type Texture,
} from "@gltf-transform/core";
import {
  ALL_EXTENSIONS,
  KHRDracoMeshCompression,
  KHRMaterialsClearcoat,
  KHRMaterialsEmissiveStrength,
  KHRMaterialsIOR,
  KHRMaterialsSheen,
  KHRMaterialsSpecular,
  KHRMaterialsTransmission,
  KHRMaterialsUnlit,
  KHRMaterialsVolume,
  KHRTextureBasisu,
  KHRTextureTransform,
} from "@gltf-transform/extensions";
import draco3d from "draco3dgltf";
import { strToU8 } from "fflate";
import { encodeToKTX2 } from "ktx2-encoder";
import sharp from "sharp";

// glTF models made in the test itself with glTF Transform, one feature at a time (skins, morph
// targets, node animation, Draco, KTX2, several buffers, sparse accessors, vertex colours,
// texture transforms, several UV sets, material extensions), written as glb or as .gltf with
// its files. Nothing is downloaded: KTX2 textures are encoded here with the Basis Universal
// encoder of the ktx2-encoder package (WebAssembly shipped in the package).

type AccessorType = "SCALAR" | "VEC2" | "VEC3" | "VEC4" | "MAT4";

export interface UploadPart {
  name: string;
  bytes: Uint8Array;
}

/** A picture of four coloured quadrants (red, green, blue, yellow), PNG. */
export async function quadrantPng(size = 16): Promise<Uint8Array> {
  const pixels = Buffer.alloc(size * size * 4);
  const colours = [
    [220, 30, 30],
    [30, 200, 40],
    [30, 60, 220],
    [240, 210, 20],
  ];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const quadrant = (y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1);
      pixels.set([...(colours[quadrant] as number[]), 255], (y * size + x) * 4);
    }
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** A one-colour PNG. */
export async function solidPng(rgb: [number, number, number], size = 8): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({
      create: {
        width: size,
        height: size,
        channels: 3,
        background: { r: rgb[0], g: rgb[1], b: rgb[2] },
      },
    })
      .png()
      .toBuffer(),
  );
}

/** A KTX2 texture with Basis Universal data (UASTC or ETC1S) from a PNG. */
export async function ktx2Of(png: Uint8Array, encoding: "UASTC" | "ETC1S" = "UASTC") {
  const imageDecoder = async (bytes: Uint8Array) => {
    const { data, info } = await sharp(bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  };
  const silence = console.log;
  console.log = () => {}; // the encoder reports every slice on the console
  try {
    return (await encodeToKTX2(png, {
      isUASTC: encoding === "UASTC",
      generateMipmap: false,
      imageDecoder,
    })) as Uint8Array;
  } finally {
    console.log = silence;
  }
}

/** Corners, normals, UVs and indices of a unit box: 24 vertices, 12 triangles. */
function boxArrays() {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const faces: [number[], number[], number[]][] = [
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      positions.push(
        (n[0] as number) * 0.5 + (u[0] as number) * a * 0.5 + (v[0] as number) * b * 0.5,
        (n[1] as number) * 0.5 + (u[1] as number) * a * 0.5 + (v[1] as number) * b * 0.5 + 0.5,
        (n[2] as number) * 0.5 + (u[2] as number) * a * 0.5 + (v[2] as number) * b * 0.5,
      );
      normals.push(...n);
      uvs.push((a + 1) / 2, (1 - b) / 2);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, normals, uvs, indices };
}

export interface BoxOptions {
  texture?: { bytes: Uint8Array; mimeType: string };
  /** Per-vertex colours (COLOR_0), one RGB per box corner. */
  vertexColours?: boolean;
  /** A second UV set (TEXCOORD_1) used by an occlusion texture. */
  secondUvSet?: boolean;
  baseColor?: [number, number, number, number];
}

/** A document holding one textured box on one node: the base every case adds to. */
export function boxDocument(options: BoxOptions = {}) {
  const document = new Document();
  const buffer = document.createBuffer();
  const arrays = boxArrays();
  const accessor = (type: AccessorType, array: Float32Array | Uint16Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = document
    .createMaterial("surface")
    .setBaseColorFactor(options.baseColor ?? [1, 1, 1, 1])
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0);
  let texture: Texture | null = null;
  if (options.texture) {
    texture = document
      .createTexture("albedo")
      .setURI(options.texture.mimeType === "image/ktx2" ? "albedo.ktx2" : "albedo.png")
      .setImage(options.texture.bytes)
      .setMimeType(options.texture.mimeType);
    material.setBaseColorTexture(texture);
  }
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array(arrays.positions)))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array(arrays.normals)))
    .setAttribute("TEXCOORD_0", accessor("VEC2", new Float32Array(arrays.uvs)))
    .setIndices(accessor("SCALAR", new Uint16Array(arrays.indices)))
    .setMaterial(material);
  if (options.vertexColours) {
    const colours = new Float32Array(24 * 4);
    for (let i = 0; i < 24; i++) {
      const y = arrays.positions[i * 3 + 1] as number;
      colours.set(y > 0.5 ? [1, 0.1, 0.1, 1] : [0.1, 0.2, 1, 1], i * 4);
    }
    primitive.setAttribute("COLOR_0", accessor("VEC4", colours));
  }
  if (options.secondUvSet) {
    const second = new Float32Array(arrays.uvs.map((value) => value * 0.5 + 0.25));
    primitive.setAttribute("TEXCOORD_1", accessor("VEC2", second));
    if (texture) material.setOcclusionTexture(texture).getOcclusionTextureInfo()?.setTexCoord(1);
  }
  const mesh = document.createMesh("box").addPrimitive(primitive);
  const node = document.createNode("box").setMesh(mesh);
  document.createScene("scene").addChild(node);
  document.getRoot().setDefaultScene(document.getRoot().listScenes()[0] ?? null);
  return { document, buffer, node, mesh, primitive, material, accessor };
}

/** A box rigged with two joints, and a clip that bends the upper joint. */
export function skinnedDocument(options: BoxOptions = {}) {
  const box = boxDocument(options);
  const { document, node, primitive, accessor } = box;
  const root = document.createNode("hip");
  const upper = document.createNode("spine").setTranslation([0, 0.5, 0]);
  root.addChild(upper);
  document.getRoot().listScenes()[0]?.addChild(root);
  const count = primitive.getAttribute("POSITION")?.getCount() ?? 0;
  const joints = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  const positions = primitive.getAttribute("POSITION")?.getArray() as Float32Array;
  for (let i = 0; i < count; i++) {
    const high = (positions[i * 3 + 1] as number) > 0.5;
    joints.set([0, 1, 0, 0], i * 4);
    weights.set(high ? [0.2, 0.8, 0, 0] : [1, 0, 0, 0], i * 4);
  }
  primitive.setAttribute("JOINTS_0", accessor("VEC4", joints));
  primitive.setAttribute("WEIGHTS_0", accessor("VEC4", weights));
  const inverseBind = new Float32Array([
    ...[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    ...[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, 0, 1],
  ]);
  const skin = document
    .createSkin("rig")
    .addJoint(root)
    .addJoint(upper)
    .setSkeleton(root)
    .setInverseBindMatrices(accessor("MAT4", inverseBind));
  node.setSkin(skin);
  addClip(document, "bend", upper, "rotation", [0, 0, 0, 1, 0, 0, 0.383, 0.924]);
  return box;
}

/** A box with a morph target stored as a sparse accessor, and a clip that blends it in. */
export function morphDocument(options: BoxOptions = {}) {
  const box = boxDocument(options);
  const { document, primitive, mesh, node, accessor } = box;
  const count = primitive.getAttribute("POSITION")?.getCount() ?? 0;
  const deltas = new Float32Array(count * 3);
  // only the top four corners move: most of the target is zero, the case for sparse storage
  const positions = primitive.getAttribute("POSITION")?.getArray() as Float32Array;
  for (let i = 0; i < count; i++)
    if ((positions[i * 3 + 1] as number) > 0.99 && i < 20) deltas[i * 3 + 1] = 0.5;
  const target = document
    .createPrimitiveTarget("taller")
    .setAttribute("POSITION", accessor("VEC3", deltas).setSparse(true));
  primitive.addTarget(target);
  mesh.setWeights([0]);
  addClip(document, "grow", node, "weights", [0, 1]);
  return box;
}

/** A box that slides along x: a node animation. */
export function nodeAnimationDocument(options: BoxOptions = {}) {
  const box = boxDocument(options);
  addClip(box.document, "slide", box.node, "translation", [0, 0, 0, 2, 0, 0]);
  return box;
}

function addClip(
  document: Document,
  name: string,
  target: ReturnType<Document["createNode"]>,
  path: "translation" | "rotation" | "scale" | "weights",
  values: number[],
) {
  const buffer = document.getRoot().listBuffers()[0] as GltfBuffer;
  const input = document
    .createAccessor()
    .setType("SCALAR")
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  const type = path === "rotation" ? "VEC4" : path === "weights" ? "SCALAR" : "VEC3";
  const output = document
    .createAccessor()
    .setType(type)
    .setArray(new Float32Array(values))
    .setBuffer(buffer);
  const sampler = document
    .createAnimationSampler()
    .setInput(input)
    .setOutput(output)
    .setInterpolation("LINEAR");
  const channel = document
    .createAnimationChannel()
    .setTargetNode(target)
    .setTargetPath(path)
    .setSampler(sampler);
  document.createAnimation(name).addSampler(sampler).addChannel(channel);
}

/** A box whose material uses the common KHR_materials_* extensions and a texture transform. */
export function materialsDocument(texture: { bytes: Uint8Array; mimeType: string }) {
  const box = boxDocument({ texture, secondUvSet: true, vertexColours: true });
  const { document, material } = box;
  const transform = document
    .createExtension(KHRTextureTransform)
    .createTransform()
    .setScale([2, 2])
    .setOffset([0.25, 0])
    .setRotation(0.3);
  material.getBaseColorTextureInfo()?.setExtension("KHR_texture_transform", transform);
  const set = (extension: { extensionName: string }, property: unknown) =>
    material.setExtension(extension.extensionName, property as never);
  const clearcoat = document.createExtension(KHRMaterialsClearcoat);
  set(
    clearcoat,
    clearcoat.createClearcoat().setClearcoatFactor(0.7).setClearcoatRoughnessFactor(0.2),
  );
  const sheen = document.createExtension(KHRMaterialsSheen);
  set(sheen, sheen.createSheen().setSheenColorFactor([0.4, 0.2, 0.1]).setSheenRoughnessFactor(0.5));
  const transmission = document.createExtension(KHRMaterialsTransmission);
  set(transmission, transmission.createTransmission().setTransmissionFactor(0.3));
  const volume = document.createExtension(KHRMaterialsVolume);
  set(volume, volume.createVolume().setThicknessFactor(0.1));
  const ior = document.createExtension(KHRMaterialsIOR);
  set(ior, ior.createIOR().setIOR(1.4));
  const specular = document.createExtension(KHRMaterialsSpecular);
  set(specular, specular.createSpecular().setSpecularFactor(0.6));
  const emissive = document.createExtension(KHRMaterialsEmissiveStrength);
  material.setEmissiveFactor([1, 0.5, 0]);
  set(emissive, emissive.createEmissiveStrength().setEmissiveStrength(3));
  // a second box, unlit
  const unlitExtension = document.createExtension(KHRMaterialsUnlit);
  const unlit: Material = document.createMaterial("flat").setBaseColorFactor([0.2, 0.8, 0.4, 1]);
  unlit.setExtension("KHR_materials_unlit", unlitExtension.createUnlit());
  const flatPrimitive = box.primitive.clone().setMaterial(unlit);
  const flatMesh = document.createMesh("flat box").addPrimitive(flatPrimitive);
  const flatNode = document.createNode("flat box").setMesh(flatMesh).setTranslation([2, 0, 0]);
  document.getRoot().listScenes()[0]?.addChild(flatNode);
  return box;
}

/** A box textured with a KTX2 image (KHR_texture_basisu). */
export async function ktx2Document(encoding: "UASTC" | "ETC1S" = "UASTC") {
  const bytes = await ktx2Of(await quadrantPng(16), encoding);
  const box = boxDocument({ texture: { bytes, mimeType: "image/ktx2" } });
  box.document.createExtension(KHRTextureBasisu).setRequired(true);
  return { ...box, ktx2: bytes };
}

/** A reader/writer for the test's own cases, with the Draco encoder and decoder. */
export async function caseIO() {
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    "draco3d.encoder": await draco3d.createEncoderModule(),
    "draco3d.decoder": await draco3d.createDecoderModule(),
  });
}

/** The document's meshes compressed with Draco (KHR_draco_mesh_compression), as a glb. */
export async function dracoGlb(document: Document) {
  document.createExtension(KHRDracoMeshCompression).setRequired(true);
  return (await caseIO()).writeBinary(document);
}

/** The document as a .gltf with its .bin(s) and textures as separate files. */
export async function gltfParts(document: Document, name = "scene.gltf"): Promise<UploadPart[]> {
  const { json, resources } = await (await caseIO()).writeJSON(document);
  return [
    { name, bytes: strToU8(JSON.stringify(json)) },
    ...Object.entries(resources).map(([file, bytes]) => ({ name: file, bytes })),
  ];
}

/** The document as one .gltf file, its buffers and images embedded as data: URIs. */
export async function embeddedGltf(
  document: Document,
  name = "embedded.gltf",
): Promise<UploadPart> {
  const { json, resources } = await (await caseIO()).writeJSON(document);
  const dataUri = (uri: string, type: string) =>
    `data:${type};base64,${Buffer.from(resources[uri] as Uint8Array).toString("base64")}`;
  for (const buffer of json.buffers ?? [])
    if (buffer.uri) buffer.uri = dataUri(buffer.uri, "application/octet-stream");
  for (const image of json.images ?? [])
    if (image.uri) image.uri = dataUri(image.uri, image.mimeType ?? "image/png");
  return { name, bytes: strToU8(JSON.stringify(json)) };
}

/** Splits the document's data over two buffers (two .bin files): geometry, then the rest. */
export function splitIntoTwoBuffers(document: Document) {
  const second = document.createBuffer("second").setURI("second.bin");
  document.getRoot().listBuffers()[0]?.setURI("first.bin");
  for (const accessor of document.getRoot().listAccessors()) {
    if (accessor.getType() === "SCALAR") accessor.setBuffer(second);
  }
  return document;
}
