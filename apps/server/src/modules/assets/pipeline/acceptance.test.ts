import { createRequire } from "node:module";
import type { Document } from "@gltf-transform/core";
import type { Transform } from "@gltf-transform/extensions";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  boxDocument,
  caseIO,
  dracoGlb,
  embeddedGltf,
  gltfParts,
  ktx2Document,
  materialsDocument,
  morphDocument,
  nodeAnimationDocument,
  quadrantPng,
  skinnedDocument,
  splitIntoTwoBuffers,
  type UploadPart,
} from "../../../../test/support/gltf-cases.js";
import { gltfIO } from "./gltf-io.js";
import { processModelUpload } from "./index.js";

// Issue 21 item 6: every glTF the Khronos validator accepts is accepted, and nothing is lost on
// the way. Each case is built here with glTF Transform, checked valid by the validator as it
// goes in, sent through the pipeline, and its delivery copy checked by the validator again
// (0 errors) and compared with the input: same nodes, meshes, skins, animations, morph
// targets, materials and textures, and the extensions it should keep.

const validator = createRequire(import.meta.url)("gltf-validator") as {
  validateBytes(
    bytes: Uint8Array,
    options?: object,
  ): Promise<{
    issues: {
      numErrors: number;
      messages: { code: string; message: string; severity: number; pointer?: string }[];
    };
  }>;
};

async function errorsOf(glb: Uint8Array) {
  const report = await validator.validateBytes(glb, { maxIssues: 50 });
  return report.issues.messages
    .filter((issue) => issue.severity === 0)
    .map((issue) => `${issue.code} ${issue.pointer ?? ""}: ${issue.message}`);
}

interface Shape {
  /** Named nodes: quantising an animated node's mesh adds an unnamed child to carry its scale. */
  nodes: string[];
  meshes: number;
  skins: number;
  joints: number[];
  animations: number;
  channels: number;
  morphTargets: number[];
  materials: number;
  textures: number;
  attributes: string[];
}

function shapeOf(document: Document): Shape {
  const root = document.getRoot();
  const primitives = root.listMeshes().flatMap((mesh) => mesh.listPrimitives());
  return {
    nodes: root
      .listNodes()
      .map((node) => node.getName())
      .filter(Boolean)
      .sort(),
    meshes: root.listMeshes().length,
    skins: root.listSkins().length,
    joints: root.listSkins().map((skin) => skin.listJoints().length),
    animations: root.listAnimations().length,
    channels: root.listAnimations().reduce((sum, clip) => sum + clip.listChannels().length, 0),
    morphTargets: primitives.map((primitive) => primitive.listTargets().length),
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    attributes: [...new Set(primitives.flatMap((primitive) => primitive.listSemantics()))].sort(),
  };
}

const extensionsOf = (document: Document) =>
  document
    .getRoot()
    .listExtensionsUsed()
    .map((extension) => extension.extensionName);

/** Uploads the parts and checks the delivery copy against the input document. */
async function expectFaithful(input: Document, parts: UploadPart[], keeps: string[] = []) {
  const result = await processModelUpload(parts);
  expect(await errorsOf(result.glb)).toEqual([]);
  const output = await (await gltfIO()).readBinary(result.glb);
  expect(shapeOf(output)).toEqual(shapeOf(input));
  expect(extensionsOf(output)).toEqual(
    expect.arrayContaining(["EXT_meshopt_compression", ...keeps]),
  );
  expect(extensionsOf(output)).not.toContain("KHR_draco_mesh_compression");
  return { result, output };
}

async function glbOf(document: Document) {
  const glb = await (await caseIO()).writeBinary(document);
  expect(await errorsOf(glb)).toEqual([]); // a valid input
  return glb;
}

const textured = async () => ({
  texture: { bytes: await quadrantPng(), mimeType: "image/png" },
});

describe("every glTF the validator accepts is accepted", { timeout: 120_000 }, () => {
  it("keeps a skin, its joints and its clip", async () => {
    const { document } = skinnedDocument(await textured());
    const { result } = await expectFaithful(document, [
      { name: "rig.glb", bytes: await glbOf(document) },
    ]);
    expect(result.counts.animationClipCount).toBe(1);
  });

  it("keeps morph targets stored as sparse accessors, with their clip", async () => {
    const { document } = morphDocument(await textured());
    const glb = await glbOf(document);
    // the input really holds a sparse accessor
    const json = JSON.parse(
      new TextDecoder().decode(
        glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true)),
      ),
    );
    expect(json.accessors.some((accessor: { sparse?: unknown }) => accessor.sparse)).toBe(true);
    const { output } = await expectFaithful(document, [{ name: "grow.glb", bytes: glb }]);
    // the target's values survive: the top corners move up by 0.5 (the stored deltas are
    // quantised; the mesh's node carries the scale back to metres)
    const meshNode = output
      .getRoot()
      .listNodes()
      .find((node) => node.getMesh());
    const scaleY = meshNode?.getWorldMatrix()[5] ?? 1;
    const target = meshNode?.getMesh()?.listPrimitives()[0]?.listTargets()[0];
    const deltas = target?.getAttribute("POSITION");
    let largest = 0;
    for (let i = 0; i < (deltas?.getCount() ?? 0); i++)
      largest = Math.max(largest, (deltas?.getElement(i, [])[1] ?? 0) * scaleY);
    expect(largest).toBeCloseTo(0.5, 2);
  });

  it("keeps a node animation", async () => {
    const { document } = nodeAnimationDocument(await textured());
    await expectFaithful(document, [{ name: "slide.glb", bytes: await glbOf(document) }]);
  });

  it("decodes Draco-compressed meshes, in a glb and in a .gltf with its .bin", async () => {
    const { document } = skinnedDocument(await textured());
    const expected = shapeOf(document);
    const glb = await dracoGlb(document);
    expect(await errorsOf(glb)).toEqual([]);
    const draco = await (await caseIO()).readBinary(glb);
    expect(extensionsOf(draco)).toContain("KHR_draco_mesh_compression");
    const fromGlb = await processModelUpload([{ name: "draco.glb", bytes: glb }]);
    expect(await errorsOf(fromGlb.glb)).toEqual([]);
    const output = await (await gltfIO()).readBinary(fromGlb.glb);
    expect(shapeOf(output)).toEqual(expected);
    expect(fromGlb.counts.triangleCount).toBe(12);

    const parts = await gltfParts(draco, "draco.gltf");
    const fromGltf = await processModelUpload(parts);
    expect(shapeOf(await (await gltfIO()).readBinary(fromGltf.glb))).toEqual(expected);
  });

  it("merges a .gltf's two .bin files into one buffer", async () => {
    const { document } = boxDocument({
      texture: { bytes: await quadrantPng(), mimeType: "image/png" },
    });
    splitIntoTwoBuffers(document);
    const parts = await gltfParts(document);
    expect(parts.map((part) => part.name).sort()).toEqual(
      ["albedo.png", "first.bin", "scene.gltf", "second.bin"].sort(),
    );
    const { output } = await expectFaithful(document, parts);
    expect(
      output
        .getRoot()
        .listBuffers()
        .filter((buffer) => !buffer.getExtension("EXT_meshopt_compression")),
    ).toHaveLength(1);
  });

  it("keeps KTX2 textures (UASTC and ETC1S) under KHR_texture_basisu", async () => {
    for (const encoding of ["UASTC", "ETC1S"] as const) {
      const { document, ktx2 } = await ktx2Document(encoding);
      const { output } = await expectFaithful(
        document,
        [{ name: `${encoding}.glb`, bytes: await glbOf(document) }],
        ["KHR_texture_basisu"],
      );
      const texture = output.getRoot().listTextures()[0];
      expect(texture?.getMimeType()).toBe("image/ktx2");
      expect(texture?.getImage()).toEqual(ktx2);
    }
    // and as a .gltf beside its .ktx2 file
    const { document } = await ktx2Document("UASTC");
    document.getRoot().listTextures()[0]?.setURI("albedo.ktx2");
    const parts = await gltfParts(document);
    expect(parts.map((part) => part.name)).toContain("albedo.ktx2");
    await expectFaithful(document, parts, ["KHR_texture_basisu"]);
  });

  it("keeps vertex colours, two UV sets, a texture transform and the KHR_materials_* extensions", async () => {
    const { document } = materialsDocument({ bytes: await quadrantPng(), mimeType: "image/png" });
    const { output } = await expectFaithful(
      document,
      [{ name: "materials.glb", bytes: await glbOf(document) }],
      [
        "KHR_texture_transform",
        "KHR_materials_clearcoat",
        "KHR_materials_sheen",
        "KHR_materials_transmission",
        "KHR_materials_volume",
        "KHR_materials_ior",
        "KHR_materials_specular",
        "KHR_materials_emissive_strength",
        "KHR_materials_unlit",
      ],
    );
    const material = output
      .getRoot()
      .listMaterials()
      .find((item) => item.getName() === "surface");
    expect(material?.getOcclusionTextureInfo()?.getTexCoord()).toBe(1);
    const transform = material
      ?.getBaseColorTextureInfo()
      ?.getExtension<Transform>("KHR_texture_transform");
    expect(transform?.getScale()).toEqual([2, 2]);
  });

  it("reads buffers and images embedded as data: URIs", async () => {
    const { document } = boxDocument({
      texture: { bytes: await quadrantPng(), mimeType: "image/png" },
      vertexColours: true,
    });
    await expectFaithful(document, [await embeddedGltf(document)]);
  });

  it("reads a zip whose .gltf uses textures in sub-folders", async () => {
    const { document } = materialsDocument({ bytes: await quadrantPng(), mimeType: "image/png" });
    document.getRoot().listTextures()[0]?.setURI("textures/base colour/albedo.png");
    const parts = await gltfParts(document, "models/chair.gltf");
    const json = JSON.parse(new TextDecoder().decode(parts[0]?.bytes));
    // the .gltf sits in models/, its texture two folders away: ../textures/base%20colour/...
    json.images[0].uri = "../textures/base%20colour/albedo.png";
    json.buffers[0].uri = "data/chair.bin";
    const files: Record<string, Uint8Array> = {
      "models/chair.gltf": new TextEncoder().encode(JSON.stringify(json)),
      "models/data/chair.bin": parts.find((part) => part.name.endsWith(".bin"))
        ?.bytes as Uint8Array,
      "textures/base colour/albedo.png": parts.find((part) => part.name.endsWith(".png"))
        ?.bytes as Uint8Array,
    };
    const { result } = await expectFaithful(document, [
      { name: "chair.zip", bytes: zipSync(files) },
    ]);
    expect(result.sourceFormat).toBe("gltf");
  });
});
