import { describe, expect, it } from "vitest";
import { viewerDataUrls, viewerTarget } from "./viewer-data";

describe("viewer target", () => {
  it("knows viewer and embed paths and the draft flag", () => {
    expect(viewerTarget("/viewer/abc-123")).toEqual({ sceneId: "abc-123", draft: false });
    expect(viewerTarget("/viewer/abc_1/")).toEqual({ sceneId: "abc_1", draft: false });
    expect(viewerTarget("/viewer/embed/abc?showSignIn=1")).toEqual({
      sceneId: "abc",
      draft: false,
    });
    expect(viewerTarget("/viewer/abc?draft=true")).toEqual({ sceneId: "abc", draft: true });
    expect(viewerTarget("/viewer/abc?x=1&draft=true#top")).toEqual({ sceneId: "abc", draft: true });
    expect(viewerTarget("/viewer/abc?draft=1")).toEqual({ sceneId: "abc", draft: false });
    expect(viewerTarget("/viewer/abc#draft=true")).toEqual({ sceneId: "abc", draft: false });
  });

  it("refuses other paths and ids that would need escaping", () => {
    for (const other of ["/viewer", "/viewer/", "/viewer/embed", "/explore", "/viewer/a/b/c", ""])
      expect(viewerTarget(other)).toBeNull();
    expect(viewerTarget('/viewer/a"><script>')).toBeNull();
    expect(viewerTarget("/viewer/a%22%3E")).toBeNull();
    expect(viewerTarget(`/viewer/${"a".repeat(101)}`)).toBeNull();
  });
});

describe("viewer data URLs", () => {
  it("are the published space's calls, or the owner's draft's", () => {
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
  });
});
