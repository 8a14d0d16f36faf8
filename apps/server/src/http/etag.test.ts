import { describe, expect, it } from "vitest";
import { matchesEtag } from "./etag.js";

describe("If-None-Match", () => {
  it("matches the tag itself, in a list, weak, or *", () => {
    expect(matchesEtag('"a1"', '"a1"')).toBe(true);
    expect(matchesEtag('"other", "a1"', '"a1"')).toBe(true);
    expect(matchesEtag('W/"a1"', '"a1"')).toBe(true);
    expect(matchesEtag('"a1"', 'W/"a1"')).toBe(true);
    expect(matchesEtag("*", '"a1"')).toBe(true);
  });

  it("does not match another tag, a part of one, or nothing", () => {
    expect(matchesEtag('"a2"', '"a1"')).toBe(false);
    expect(matchesEtag('"a1-br"', '"a1"')).toBe(false);
    expect(matchesEtag(undefined, '"a1"')).toBe(false);
    expect(matchesEtag("", '"a1"')).toBe(false);
  });
});
