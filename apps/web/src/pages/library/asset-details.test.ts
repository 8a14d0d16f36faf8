import type { LibraryAsset } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { i18n, initI18n } from "../../i18n";
import { assetDetails } from "./asset-details";

const base = {
  assetId: "a1",
  title: "Hills",
  description: "",
  tags: [],
  public: false,
  licenseId: null,
  interactive: true,
  collisions: "Precise" as const,
  transparent: false,
  defaultSize: 1,
  thumbnailUrl: null,
  fileUrl: null,
  bytes: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  creator: { userId: "u1", name: "Ada", profilePicture: null },
};

describe("asset card details", () => {
  it("counts a model's parts in words, singular and plural", async () => {
    await initI18n();
    const model: LibraryAsset = {
      ...base,
      family: "model3d",
      sourceFormat: "glb",
      originalFileUrl: "/x",
      animationClipCount: 0,
      animationClips: [],
      triangleCount: 12800,
      meshCount: 1,
      materialCount: 2,
      textureCount: 1,
    };
    expect(assetDetails(model, i18n.t)).toEqual([
      "12,800 triangles",
      "1 mesh",
      "2 materials",
      "1 texture",
      "0 animations",
    ]);
  });

  it("gives a picture's size and a video's duration", async () => {
    await initI18n();
    expect(
      assetDetails({ ...base, family: "picture", width: 1200, height: 800, fullUrl: "/f" }, i18n.t),
    ).toEqual(["1200 × 800 px"]);
    const video: LibraryAsset = {
      ...base,
      family: "video",
      provider: "File",
      link: null,
      file: null,
      youtubeVideoId: null,
      width: 1280,
      height: 720,
      duration: 75,
    };
    expect(assetDetails(video, i18n.t)).toEqual(["1280 × 720 px", "1:15"]);
  });
});
