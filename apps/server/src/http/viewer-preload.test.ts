import { describe, expect, it } from "vitest";
import {
  appEntryFile,
  type BuildManifest,
  chunkFiles,
  deferAppEntry,
  injectIntoHead,
  largestFirst,
  VIEWER_BOOT,
  viewerPreloadTags,
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
  "src/pages/viewer/boot.ts": {
    file: "assets/viewer-boot-1.js",
    isEntry: true,
    dynamicImports: ["src/pages/viewer/early-start.ts"],
  },
  "src/pages/viewer/early-start.ts": {
    file: "assets/early-1.js",
    imports: ["src/engine/index.ts"],
    dynamicImports: ["src/pages/viewer/route.ts"],
  },
};

describe("viewer preloads", () => {
  it("lists the early start's chunks: its entry, what it imports dynamically, all they import", () => {
    // the chunk it shares with the app (react, via box) too: the app's preloads come later
    expect(chunkFiles(manifest, [VIEWER_BOOT])).toEqual([
      "assets/viewer-boot-1.js",
      "assets/early-1.js",
      "assets/engine-1.js",
      "assets/three-1.js",
      "assets/box-1.js",
      "assets/react-1.js",
    ]);
    // only the entry's own dynamic imports: the route the early start may load later is not
    expect(chunkFiles(manifest, [VIEWER_BOOT])).not.toContain("assets/route-1.js");
    expect(chunkFiles({}, [VIEWER_BOOT])).toEqual([]);
  });

  it("keeps the entry first and puts the largest modules next", () => {
    const sizes: Record<string, number> = { "b.js": 10, "c.js": 300, "d.js": 20 };
    expect(largestFirst(["a.js", "b.js", "c.js", "d.js"], (file) => sizes[file] ?? 0)).toEqual([
      "a.js",
      "c.js",
      "d.js",
      "b.js",
    ]);
    expect(largestFirst([], () => 0)).toEqual([]);
  });

  it("holds the app back: its entry becomes a module preload the early start runs", () => {
    expect(appEntryFile(manifest)).toBe("assets/index-1.js");
    expect(appEntryFile({})).toBeNull();
    const page =
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>';
    expect(deferAppEntry(page, "assets/index-1.js")).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/index-1.js" data-atrium-app />' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>',
    );
    expect(deferAppEntry(page, "assets/other.js")).toBe(page);
    expect(deferAppEntry(page, null)).toBe(page);
  });

  it("writes the modules, then the early start's script, then the space's calls", () => {
    const tags = viewerPreloadTags({ sceneId: "s1", draft: false }, [
      "assets/boot-1.js",
      "assets/engine-1.js",
    ]);
    expect(tags).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/engine-1.js" />' +
        '<script type="module" async crossorigin src="/assets/boot-1.js"></script>' +
        '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/metadata/s1" />' +
        '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/content/s1" />' +
        '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/sceneassets/s1" />',
    );
    expect(viewerPreloadTags({ sceneId: "s1", draft: true }, [])).toContain(
      'href="/api/sceneService/sceneassets/s1?draft=true"',
    );
  });

  it("writes the tags before the page's own scripts, else at the end of the head", () => {
    expect(injectIntoHead("<html><head><title>A</title></head><body></body></html>", "<x/>")).toBe(
      "<html><head><title>A</title><x/></head><body></body></html>",
    );
    expect(
      injectIntoHead(
        '<html><head><meta charset="UTF-8" /><script type="module" src="/a.js"></script>' +
          '<link rel="modulepreload" href="/b.js"></head><body><script>1</script></body></html>',
        "<x/>",
      ),
    ).toBe(
      '<html><head><meta charset="UTF-8" /><x/><script type="module" src="/a.js"></script>' +
        '<link rel="modulepreload" href="/b.js"></head><body><script>1</script></body></html>',
    );
    expect(
      injectIntoHead(
        '<head><link rel="modulepreload" href="/b.js"><script></script></head>',
        "<x/>",
      ),
    ).toBe('<head><x/><link rel="modulepreload" href="/b.js"><script></script></head>');
    expect(injectIntoHead("<p>no head</p>", "<x/>")).toBe("<p>no head</p>");
  });
});
