import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  lyingZipBomb,
  sampleGlb,
  sampleGltfParts,
  sampleObjParts,
  sampleTexture,
  zipOf,
} from "../../../../test/support/models.js";
import { UploadRejected } from "../upload-rejected.js";
import { gltfIO } from "./gltf-io.js";
import { processModelUpload } from "./index.js";

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadRejected);
  return (error as UploadRejected).message;
};

// each model is validated in a worker thread: generous time-outs for a busy machine
describe("model pipeline", { timeout: 60_000 }, () => {
  it("turns a glb into an optimised glb with its counts, keeping the original", async () => {
    const glb = await sampleGlb({ grid: 60, textureSize: 128 });
    const result = await processModelUpload([{ name: "terrain.glb", bytes: glb }]);
    expect(result.counts).toEqual({
      animationClipCount: 0,
      animationClips: [],
      triangleCount: 2 * 60 * 60,
      meshCount: 1,
      materialCount: 1,
      textureCount: 1,
    });
    expect(result.original).toMatchObject({
      name: "terrain.glb",
      contentType: "model/gltf-binary",
    });
    expect(result.original.bytes).toBe(glb);
    expect(result.thumbnail).toBeNull();
    expect(result.glb.length).toBeLessThan(glb.length);
    const optimised = await (await gltfIO()).readBinary(result.glb);
    const used = optimised
      .getRoot()
      .listExtensionsUsed()
      .map((extension) => extension.extensionName);
    expect(used).toEqual(expect.arrayContaining(["EXT_meshopt_compression", "EXT_texture_webp"]));
    expect(optimised.getRoot().listTextures()[0]?.getMimeType()).toBe("image/webp");
  });

  it("reads a gltf with its bin and texture sent as separate files", async () => {
    const parts = await sampleGltfParts({ grid: 10, textureSize: 64 });
    expect(parts.map((part) => part.name).sort()).toEqual(
      ["baseColor.png", "buffer.bin", "scene.gltf"].sort(),
    );
    const result = await processModelUpload(parts);
    expect(result.sourceFormat).toBe("gltf");
    expect(result.counts).toMatchObject({ triangleCount: 200, textureCount: 1 });
    expect(result.original.contentType).toBe("application/zip");
  });

  it("reads an obj with its mtl and texture, loose or in one zip, linking the companions", async () => {
    const parts = await sampleObjParts();
    const loose = await processModelUpload(parts);
    expect(loose.counts).toEqual({
      animationClipCount: 0,
      animationClips: [],
      triangleCount: 12,
      meshCount: 1,
      materialCount: 1,
      textureCount: 1,
    });
    const zipped = await processModelUpload([{ name: "cube.zip", bytes: zipOf(parts) }]);
    expect(zipped.counts).toEqual(loose.counts);
    expect(zipped.sourceFormat).toBe("obj");
    const delivered = await (await gltfIO()).readBinary(zipped.glb);
    const material = delivered.getRoot().listMaterials()[0];
    expect(material?.getBaseColorFactor().slice(0, 3)).toEqual([0.9, 0.6, 0.3]);
  });

  it("draws a thumbnail on the server when asked", async () => {
    const parts = await sampleObjParts();
    const result = await processModelUpload(parts, { thumbnail: true });
    const metadata = await sharp(result.thumbnail as Uint8Array).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 512, height: 512, hasAlpha: true });
    const { channels } = await sharp(result.thumbnail as Uint8Array).stats();
    expect(channels[3]?.max).toBe(255); // something was drawn
  });

  it("resizes textures to at most 2048 px", async () => {
    const glb = await sampleGlb({ grid: 2, textureSize: 2300 });
    const result = await processModelUpload([{ name: "big.glb", bytes: glb }]);
    const texture = (await (await gltfIO()).readBinary(result.glb)).getRoot().listTextures()[0];
    const metadata = await sharp(texture?.getImage() as Uint8Array).metadata();
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(2048);
  });

  it("names a required extension it cannot read instead of calling the file damaged", async () => {
    const parts = await sampleGltfParts({ grid: 2 });
    const json = JSON.parse(new TextDecoder().decode(parts[0]?.bytes));
    json.extensionsUsed = ["EXT_made_up"];
    json.extensionsRequired = ["EXT_made_up"];
    const edited = [
      { name: "scene.gltf", bytes: strToU8(JSON.stringify(json)) },
      ...parts.slice(1),
    ];
    expect(await rejection(processModelUpload(edited))).toBe(
      "scene.gltf needs the glTF extension EXT_made_up, which Atrium cannot show; export it without EXT_made_up",
    );
  });

  it("refuses a 0-byte file", async () => {
    expect(
      await rejection(processModelUpload([{ name: "empty.glb", bytes: new Uint8Array() }])),
    ).toBe("empty.glb is empty");
  });

  it("refuses a truncated glb", async () => {
    const glb = await sampleGlb({ grid: 20 });
    const message = await rejection(
      processModelUpload([{ name: "cut.glb", bytes: glb.subarray(0, glb.length / 2) }]),
    );
    expect(message).toBe("cut.glb is damaged or incomplete and cannot be read as a 3D model");
  });

  it("refuses an obj whose mtl is missing, naming it", async () => {
    const parts = await sampleObjParts({ withMtl: false });
    expect(await rejection(processModelUpload(parts))).toBe(
      "cube.obj needs cube.mtl, which was not uploaded",
    );
  });

  it("refuses an mtl whose texture is missing", async () => {
    const parts = await sampleObjParts({ withTexture: false });
    expect(await rejection(processModelUpload(parts))).toContain("needs textures/paint.jpg");
  });

  it("refuses two models, loose or in a zip (naming the zip and its models)", async () => {
    const glb = await sampleGlb({ grid: 2 });
    const two = [
      { name: "a.glb", bytes: glb },
      { name: "b.glb", bytes: glb },
    ];
    expect(await rejection(processModelUpload(two))).toBe("Can't have more than 1 3D model files");
    expect(await rejection(processModelUpload([{ name: "two.zip", bytes: zipOf(two) }]))).toBe(
      "two.zip holds 2 3D models (a.glb, b.glb); a zip may hold only one",
    );
  });

  it("refuses a zip that declares too much before unpacking it", async () => {
    const bomb = zipSync({ "model.obj": new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await rejection(processModelUpload([{ name: "bomb.zip", bytes: bomb }]))).toBe(
      "bomb.zip unpacks to more than 64 MB",
    );
  });

  it("stops a zip bomb that lies about its sizes as soon as it grows past them", async () => {
    const bomb = lyingZipBomb(96 * 1024 * 1024);
    expect(await rejection(processModelUpload([{ name: "liar.zip", bytes: bomb }]))).toBe(
      "liar.zip unpacks to more than 64 MB",
    );
  });

  it("refuses paths that climb out of the archive", async () => {
    const zip = zipSync({ "../../etc/model.obj": strToU8("v 0 0 0") });
    expect(await rejection(processModelUpload([{ name: "evil.zip", bytes: zip }]))).toBe(
      "evil.zip holds a file with an unsafe path: ../../etc/model.obj",
    );
  });

  it("refuses an archive with too many entries", async () => {
    const entries = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [`t${i}.png`, strToU8("x")]),
    );
    expect(
      await rejection(processModelUpload([{ name: "many.zip", bytes: zipSync(entries) }])),
    ).toBe("many.zip holds more than 200 files");
  });

  it("checks content, not names: an executable named .glb, a picture named .obj", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 3, 0, 0, 0]);
    expect(await rejection(processModelUpload([{ name: "setup.glb", bytes: exe }]))).toBe(
      "setup.glb is not a binary glTF (glb) file: its content does not match",
    );
    const png = await sampleTexture(8);
    expect(await rejection(processModelUpload([{ name: "photo.obj", bytes: png }]))).toBe(
      "photo.obj is not an OBJ text file: its content does not match",
    );
  });

  it("refuses a model without geometry and an obj with a face on a missing vertex", async () => {
    const empty = strToU8("# nothing here\nv 0 0 0\n");
    expect(await rejection(processModelUpload([{ name: "empty.obj", bytes: empty }]))).toBe(
      "empty.obj has no 3D geometry",
    );
    const broken = strToU8("v 0 0 0\nv 1 0 0\nf 1 2 9\n");
    expect(await rejection(processModelUpload([{ name: "broken.obj", bytes: broken }]))).toContain(
      "line 3: a face refers to a vertex that does not exist",
    );
  });
});
