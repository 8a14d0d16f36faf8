import { describe, expect, it } from "vitest";
import { parseRange } from "./range.js";

describe("HTTP Range", () => {
  it("reads the three forms of one range", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("serves the whole file for no header, other units or several ranges", () => {
    expect(parseRange(undefined, 10)).toBe("none");
    expect(parseRange("items=0-1", 10)).toBe("none");
    expect(parseRange("bytes=0-1,4-5", 10)).toBe("none");
    expect(parseRange("bytes=-", 10)).toBe("none");
  });

  it("says when a range cannot be served", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});
