import { describe, expect, it } from "vitest";
import { applyPatch, compactSets, PatchError, type PatchOp } from "./patch";

const base = { a: { b: [1, 2, 3], c: "x" }, d: { e: true } };

describe("applyPatch", () => {
  it("sets a value and gives the op that undoes it", () => {
    const { document, inverse } = applyPatch(base, [{ op: "set", path: ["a", "c"], value: "y" }]);
    expect(document.a.c).toBe("y");
    expect(applyPatch(document, inverse).document).toEqual(base);
  });

  it("copies only the containers on the changed path", () => {
    const { document } = applyPatch(base, [{ op: "set", path: ["a", "c"], value: "y" }]);
    expect(document).not.toBe(base);
    expect(document.a).not.toBe(base.a);
    expect(document.a.b).toBe(base.a.b);
    expect(document.d).toBe(base.d);
    expect(base.a.c).toBe("x");
  });

  it("inserts into and removes from lists, each undone by the other", () => {
    const ops: PatchOp[] = [
      { op: "insert", path: ["a", "b"], index: 1, value: 9 },
      { op: "remove", path: ["a", "b"], index: 3 },
    ];
    const { document, inverse } = applyPatch(base, ops);
    expect(document.a.b).toEqual([1, 9, 2]);
    expect(applyPatch(document, inverse).document).toEqual(base);
  });

  it("setting undefined removes the key, and its inverse brings it back", () => {
    const { document, inverse } = applyPatch(base, [
      { op: "set", path: ["a", "c"], value: undefined },
    ]);
    expect("c" in document.a).toBe(false);
    expect(applyPatch(document, inverse).document).toEqual(base);
  });

  it("refuses paths that do not exist and out-of-range indices", () => {
    expect(() => applyPatch(base, [{ op: "set", path: ["nope", "x"], value: 1 }])).toThrow(
      PatchError,
    );
    expect(() => applyPatch(base, [{ op: "remove", path: ["a", "b"], index: 3 }])).toThrow(
      PatchError,
    );
    expect(() =>
      applyPatch(base, [{ op: "insert", path: ["a", "c"], index: 0, value: 1 }]),
    ).toThrow(PatchError);
  });
});

describe("compactSets", () => {
  it("keeps the last set per path, with the same result", () => {
    const ops: PatchOp[] = [
      { op: "set", path: ["a", "c"], value: "1" },
      { op: "set", path: ["d"], value: { e: false } },
      { op: "set", path: ["a", "c"], value: "2" },
      { op: "set", path: ["d", "e"], value: true },
      { op: "set", path: ["a", "c"], value: "3" },
    ];
    const compacted = compactSets(ops);
    expect(compacted).toHaveLength(3);
    expect(applyPatch(base, compacted).document).toEqual(applyPatch(base, ops).document);
  });

  it("leaves lists with inserts or removes alone", () => {
    const ops: PatchOp[] = [
      { op: "insert", path: ["a", "b"], index: 0, value: 0 },
      { op: "set", path: ["a", "c"], value: "y" },
    ];
    expect(compactSets(ops)).toEqual(ops);
  });
});
