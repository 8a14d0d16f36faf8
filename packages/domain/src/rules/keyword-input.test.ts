import { describe, expect, it } from "vitest";
import { displayKeyword, readKeywordInput, splitTags, validateTagCount } from "./keyword-input";

describe("keyword input: a comma or semicolon after at least 2 characters creates a keyword", () => {
  it("comma after 2 characters", () => {
    expect(readKeywordInput("ar,", [])).toEqual({ kind: "created", keyword: "ar", text: "" });
  });
  it("semicolon, with the text trimmed", () => {
    expect(readKeywordInput("  museum ;", [])).toEqual({
      kind: "created",
      keyword: "museum",
      text: "",
    });
  });
  it("a separator after 1 trimmed character is dropped, the user keeps typing", () => {
    expect(readKeywordInput(" a ,", [])).toEqual({ kind: "typing", text: " a " });
    expect(readKeywordInput(",", [])).toEqual({ kind: "typing", text: "" });
  });
  it("no separator: still typing", () => {
    expect(readKeywordInput("galler", [])).toEqual({ kind: "typing", text: "galler" });
  });
  it("duplicates give 'Tag already exists' (compared as shown, in upper case)", () => {
    expect(readKeywordInput("Art;", ["ART"])).toEqual({
      kind: "duplicate",
      message: "Tag already exists",
      text: "Art",
    });
  });
  it("keywords are shown uppercase", () => {
    expect(displayKeyword("virtual gallery")).toBe("VIRTUAL GALLERY");
  });
});

describe("tags are separated by a comma or semicolon; limits default to min 3 and max 10", () => {
  it("splits on both separators and drops blanks", () => {
    expect(splitTags("art; museum,, 3d ;")).toEqual(["art", "museum", "3d"]);
  });
  it("'at least 3 tags' below the minimum", () => {
    expect(validateTagCount(["a", "b"])).toBe("at least 3 tags");
  });
  it("'no more than 10 tags' above the maximum", () => {
    expect(validateTagCount(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe(
      "no more than 10 tags",
    );
  });
  it("3 and 10 tags pass; custom limits apply", () => {
    expect(validateTagCount(["a", "b", "c"])).toBeNull();
    expect(validateTagCount(Array.from({ length: 10 }, (_, i) => `t${i}`))).toBeNull();
    expect(validateTagCount(["a", "b", "c"], { max: 2 })).toBe("no more than 2 tags");
    expect(validateTagCount([], { min: 0 })).toBeNull();
  });
});
