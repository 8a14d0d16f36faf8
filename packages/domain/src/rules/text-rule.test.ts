import { describe, expect, it } from "vitest";
import { findTextProblem, printableText, textProblem } from "./text-rule";

describe("the text rule", () => {
  it("accepts ordinary text, tab, line breaks, emoji and every script", () => {
    for (const text of [
      "",
      "Gallery",
      "a\tb\nc\r\nd",
      "café 東京 🎨 \u{1f600}",
      "\u00a0\u200b\uffff",
    ]) {
      expect(textProblem(text)).toBeNull();
    }
  });

  it("refuses NUL, the other C0 and C1 controls and DEL, naming the character", () => {
    expect(textProblem("a\u0000b")).toBe("must not contain the control character U+0000");
    expect(textProblem("\u001b[31m")).toBe("must not contain the control character U+001B");
    expect(textProblem("x\u007f")).toBe("must not contain the control character U+007F");
    expect(textProblem("x\u0085")).toBe("must not contain the control character U+0085");
    expect(textProblem("\u000b")).toContain("U+000B");
  });

  it("refuses lone surrogates but accepts pairs", () => {
    expect(textProblem("\ud800")).toContain("lone surrogate (U+D800)");
    expect(textProblem("a\udc00b")).toContain("lone surrogate (U+DC00)");
    expect(textProblem("\udbff\ud800")).toContain("U+DBFF");
    expect(textProblem("\ud83d\ude00")).toBeNull();
  });

  it("finds the first bad string anywhere in a value, keys included, and says where", () => {
    expect(findTextProblem({ title: "ok", tags: ["a", "b\u0000"] })).toEqual({
      path: ["tags", 1],
      message: "must not contain the control character U+0000",
    });
    expect(findTextProblem({ doc: { "\ud800": 1 } })).toEqual({
      path: ["doc", "\ud800"],
      message: "name must not contain a lone surrogate (U+D800); send text as valid Unicode",
    });
    expect(findTextProblem({ title: "\u0000\ud800" })?.path).toEqual(["title"]);
    expect(findTextProblem([1, true, null, { a: "fine" }])).toBeNull();
    expect(findTextProblem("\u0001")?.path).toEqual([]);
  });

  it("walks a deeply nested value without exhausting the stack", () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 20_000; level++) deep = [deep];
    expect(findTextProblem(deep)?.message).toContain("U+0000");
  });

  it("does not walk buffers or class instances", () => {
    expect(findTextProblem(new DataView(new ArrayBuffer(2)))).toBeNull();
    expect(findTextProblem(new Uint8Array([0]))).toBeNull();
    expect(findTextProblem(new Map([["a", "\u0000"]]))).toBeNull();
  });

  it("walks null-prototype dictionaries as query and route parsers make them", () => {
    function Dictionary() {}
    Dictionary.prototype = Object.create(null);
    const query = new (Dictionary as unknown as new () => Record<string, string>)();
    query.q = "a\u0000";
    expect(findTextProblem(query)?.path).toEqual(["q"]);
    expect(findTextProblem(Object.assign(Object.create(null), { id: "\u0000" }))?.path).toEqual([
      "id",
    ]);
  });
});

describe("printableText", () => {
  it("shows refused characters as U+FFFD and keeps everything else", () => {
    expect(printableText("a\u0000b\ud800c\ud83d\ude00\t")).toBe("a\ufffdb\ufffdc\ud83d\ude00\t");
  });
});
