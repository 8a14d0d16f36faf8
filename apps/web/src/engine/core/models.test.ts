import { describe, expect, it } from "vitest";
import { usesKtx2 } from "./models";

// The viewer loads the KTX2 kit only for a model that declares KHR_texture_basisu: read from
// the glb's JSON chunk (or a .gltf's text), without parsing the model.

function glb(json: object) {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const padded = Math.ceil(text.length / 4) * 4;
  const bytes = new Uint8Array(20 + padded).fill(0x20, 20);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, padded, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  bytes.set(text, 20);
  return bytes.buffer;
}

describe("usesKtx2", () => {
  it("finds KHR_texture_basisu in a glb's JSON chunk", () => {
    expect(
      usesKtx2(glb({ asset: { version: "2.0" }, extensionsUsed: ["KHR_texture_basisu"] })),
    ).toBe(true);
    expect(
      usesKtx2(glb({ asset: { version: "2.0" }, extensionsUsed: ["EXT_meshopt_compression"] })),
    ).toBe(false);
  });

  it("reads a .gltf's text too, and says no for anything else", () => {
    const gltf = new TextEncoder().encode(
      '{"asset":{"version":"2.0"},"extensionsUsed":["KHR_texture_basisu"]}',
    );
    expect(usesKtx2(gltf.buffer)).toBe(true);
    expect(usesKtx2(new Uint8Array([1, 2, 3]).buffer)).toBe(false);
  });
});
