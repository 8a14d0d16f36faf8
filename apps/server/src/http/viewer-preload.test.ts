import { describe, expect, it } from "vitest";
import {
  type BuildManifest,
  chunkFiles,
  injectIntoHead,
  VIEWER_BOOT,
  viewerDataUrls,
  viewerPreloadTags,
  viewerTarget,
} from "./viewer-preload";

const manifest: BuildManifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-1.js" },
  "_three.js": { file: "assets/three-1.js" },
  "_box.js": { file: "assets/box-1.js", imports: ["_react.js"] },
  "src/pages/viewer/route.ts": {
    file: "assets/route-1.js",
    imports: ["_react.js", "_box.js"],
  },
  "src/engine/index.ts": { file: "assets/engine-1.js", imports: ["_three.js", "_box.js"] },
  "src/pages/home/HomePage.tsx": { file: "assets/home-1.js", imports: ["_react.js"] },
};
const withBoot: BuildManifest = {
  ...manifest,
  "src/pages/viewer/boot.ts": {
    file: "assets/viewer-boot-1.js",
    isEntry: true,
    imports: ["src/engine/index.ts", "_react.js"],
  },
};

describe("viewer preloads", () => {
  it("lists chunks with their imports, once, without the entry's", () => {
    expect(chunkFiles(manifest, ["src/pages/viewer/route.ts", "src/engine/index.ts"])).toEqual([
      "assets/route-1.js",
      "assets/box-1.js",
      "assets/engine-1.js",
      "assets/three-1.js",
    ]);
    expect(chunkFiles(withBoot, [VIEWER_BOOT])).toEqual([
      "assets/viewer-boot-1.js",
      "assets/engine-1.js",
      "assets/three-1.js",
      "assets/box-1.js",
    ]);
    expect(chunkFiles({}, [VIEWER_BOOT])).toEqual([]);
  });

  it("knows viewer and embed paths and the draft flag", () => {
    expect(viewerTarget("/viewer/abc-123")).toEqual({ sceneId: "abc-123", draft: false });
    expect(viewerTarget("/viewer/embed/abc?showSignIn=1")).toEqual({
      sceneId: "abc",
      draft: false,
    });
    expect(viewerTarget("/viewer/abc?draft=true")).toEqual({ sceneId: "abc", draft: true });
    expect(viewerTarget("/viewer/abc?draft=1")).toEqual({ sceneId: "abc", draft: false });
    for (const other of ["/viewer", "/viewer/", "/viewer/embed", "/explore", "/viewer/a/b/c"])
      expect(viewerTarget(other)).toBeNull();
    // nothing that could break out of an attribute
    expect(viewerTarget('/viewer/a"><script>')).toBeNull();
    expect(viewerTarget("/viewer/a%22%3E")).toBeNull();
  });

  it("preloads the same calls the page makes", () => {
    expect(viewerDataUrls({ sceneId: "s1", draft: false })).toEqual([
      "/api/sceneService/publishedscene/metadata/s1",
      "/api/sceneService/publishedscene/content/s1",
      "/api/sceneService/sceneassets/s1",
    ]);
    expect(viewerDataUrls({ sceneId: "s1", draft: true })).toEqual([
      "/api/sceneService/scene/metadata/s1",
      "/api/sceneService/scene/content/s1",
      "/api/sceneService/sceneassets/s1?draft=true",
    ]);
    const tags = viewerPreloadTags({ sceneId: "s1", draft: false }, [
      "assets/boot-1.js",
      "assets/engine-1.js",
    ]);
    expect(tags).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/metadata/s1" />' +
        '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/content/s1" />' +
        '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/sceneassets/s1" />' +
        '<script type="module" async crossorigin src="/assets/boot-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/engine-1.js" />',
    );
  });

  it("writes the tags at the end of the head", () => {
    expect(injectIntoHead("<html><head><title>A</title></head><body></body></html>", "<x/>")).toBe(
      "<html><head><title>A</title><x/></head><body></body></html>",
    );
    expect(injectIntoHead("<p>no head</p>", "<x/>")).toBe("<p>no head</p>");
  });
});
