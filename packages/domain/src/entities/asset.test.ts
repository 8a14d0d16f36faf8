import { describe, expect, it } from "vitest";
import { assetUploadDefaults } from "./asset";
import { TextAssetSchema } from "./text-asset";

describe("asset upload defaults", () => {
  it("interactive true, collisions Precise, model counts 0", () => {
    expect(assetUploadDefaults("model")).toMatchObject({
      interactive: true,
      collisions: "Precise",
      transparent: false,
      animationClipCount: 0,
      triangleCount: 0,
      meshCount: 0,
      materialCount: 0,
      textureCount: 0,
      tags: [],
    });
  });
  it("collisions None for text", () => {
    expect(assetUploadDefaults("text").collisions).toBe("None");
    expect(assetUploadDefaults("hyperText").collisions).toBe("None");
  });
});

describe("text asset", () => {
  it("fontSize defaults to 60, no styles, no transform", () => {
    expect(TextAssetSchema.parse({ content: "Hello" })).toMatchObject({
      fontSize: 60,
      fontStyles: [],
      fontTransform: "none",
      dropShadow: false,
      hyperText: false,
      outline: { width: 0 },
    });
  });
  it("styles bold, italic, underline and transforms upper, lower, smallCaps", () => {
    const text = TextAssetSchema.parse({
      content: "Hi",
      fontStyles: ["bold", "underline"],
      fontTransform: "smallCaps",
    });
    expect(text.fontStyles).toEqual(["bold", "underline"]);
    expect(TextAssetSchema.safeParse({ content: "Hi", fontStyles: ["strike"] }).success).toBe(
      false,
    );
    expect(TextAssetSchema.safeParse({ content: "" }).success).toBe(false);
  });
});
