import { NodeIO } from "@gltf-transform/core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";

describe("the avatar service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists at least 8 avatars, each with a .glb model and a .png thumbnail", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/avatarService/avatar" });
    expect(list.statusCode).toBe(200);
    const avatars = list.json() as { avatarId: string; modelUrl: string; thumbnailUrl: string }[];
    expect(avatars.length).toBeGreaterThanOrEqual(8);
    const colours = new Set<string>();
    for (const avatar of avatars) {
      const model = await t.app.inject({ method: "GET", url: avatar.modelUrl });
      expect(model.statusCode).toBe(200);
      expect(model.headers["content-type"]).toBe("model/gltf-binary");
      const document = await new NodeIO().readBinary(new Uint8Array(model.rawPayload));
      const names = document
        .getRoot()
        .listNodes()
        .map((node) => node.getName());
      expect(names).toEqual(
        expect.arrayContaining(["head", "torso", "arm_left", "arm_right", "leg_left", "leg_right"]),
      );
      const top = document
        .getRoot()
        .listMaterials()
        .find((material) => material.getName() === "top")!;
      colours.add(
        top
          .getBaseColorFactor()
          .map((c) => c.toFixed(3))
          .join(","),
      );

      const thumbnail = await t.app.inject({ method: "GET", url: avatar.thumbnailUrl });
      expect(thumbnail.headers["content-type"]).toBe("image/png");
      const metadata = await sharp(thumbnail.rawPayload).metadata();
      expect(metadata.format).toBe("png");
      expect(metadata.width).toBe(256);
    }
    // every avatar has its own colours
    expect(colours.size).toBe(avatars.length);
  });

  it("answers 404 for an unknown avatar and 304 when the copy is current", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/avatarService/model/nobody.glb",
    });
    expect(missing.statusCode).toBe(404);
    const first = await t.app.inject({
      method: "GET",
      url: "/api/avatarService/thumbnail/juniper.png",
    });
    const again = await t.app.inject({
      method: "GET",
      url: "/api/avatarService/thumbnail/juniper.png",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
