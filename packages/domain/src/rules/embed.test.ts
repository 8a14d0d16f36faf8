import { describe, expect, it } from "vitest";
import { embedCode, embedFlag, embedPath, embedUrl, isEmbedPath, viewerPath } from "./embed";

describe("the embed URL swaps the viewer path for the embed path", () => {
  it("adds showSignIn and showCommunications as 1 or 0", () => {
    expect(
      embedUrl("https://atrium.example/viewer/abc123", {
        showSignIn: true,
        showCommunications: false,
      }),
    ).toBe("https://atrium.example/viewer/embed/abc123?showSignIn=1&showCommunications=0");
  });
  it("keeps other query parameters and the hash, replaces earlier flags", () => {
    expect(
      embedUrl("/viewer/abc?draft=true&showSignIn=1#spawn", {
        showSignIn: false,
        showCommunications: true,
      }),
    ).toBe("/viewer/embed/abc?draft=true&showSignIn=0&showCommunications=1#spawn");
  });
  it("an embed URL is not embedded twice", () => {
    expect(embedUrl("/viewer/embed/abc", { showSignIn: false, showCommunications: false })).toBe(
      "/viewer/embed/abc?showSignIn=0&showCommunications=0",
    );
  });
  it("viewer and embed paths", () => {
    expect(viewerPath("a b")).toBe("/viewer/a%20b");
    expect(embedPath("abc")).toBe("/viewer/embed/abc");
  });
});

describe("embed code: an iframe 700 wide by 500 high", () => {
  it("escapes the URL into the src attribute", () => {
    const code = embedCode("/viewer/embed/abc?showSignIn=1&showCommunications=0");
    expect(code).toContain('src="/viewer/embed/abc?showSignIn=1&amp;showCommunications=0"');
    expect(code).toContain('width="700"');
    expect(code).toContain('height="500"');
    expect(code.startsWith("<iframe ")).toBe(true);
    expect(code.endsWith("</iframe>")).toBe(true);
  });
});

describe("any path containing an embed segment is embedded mode", () => {
  it.each(["/viewer/embed/abc", "/embed", "/x/embed/y?showSignIn=1"])("%s is embedded", (path) => {
    expect(isEmbedPath(path)).toBe(true);
  });
  it.each(["/viewer/abc", "/viewer/embedded/abc", "/viewer/abc?mode=embed", "/"])(
    "%s is not",
    (path) => {
      expect(isEmbedPath(path)).toBe(false);
    },
  );
  it("in embed mode a flag is shown only when 1; outside embed both default to shown", () => {
    expect(embedFlag({ showSignIn: "1" }, "showSignIn", true)).toBe(true);
    expect(embedFlag({ showSignIn: "0" }, "showSignIn", true)).toBe(false);
    expect(embedFlag({}, "showCommunications", true)).toBe(false);
    expect(embedFlag({}, "showCommunications", false)).toBe(true);
  });
});
