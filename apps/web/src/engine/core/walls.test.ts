import { describe, expect, it } from "vitest";
import { openingRect, passableOpenings, type Rect, wallFrame, wallPieces } from "./walls";

const area = (rects: Rect[]) => rects.reduce((sum, r) => sum + (r.u1 - r.u0) * (r.v1 - r.v0), 0);
const overlaps = (a: Rect, b: Rect) =>
  a.u0 < b.u1 - 1e-9 && b.u0 < a.u1 - 1e-9 && a.v0 < b.v1 - 1e-9 && b.v0 < a.v1 - 1e-9;

describe("wallPieces", () => {
  it("a wall without openings is one rectangle", () => {
    expect(wallPieces(5, 4, [])).toEqual([{ u0: 0, u1: 5, v0: 0, v1: 4 }]);
  });

  it("a door leaves the sides and the lintel", () => {
    const pieces = wallPieces(6, 4, [
      { id: "d", kind: "door", offset: 2, width: 1, height: 2.2, sill: 0 },
    ]);
    expect(pieces).toEqual([
      { u0: 0, u1: 2, v0: 0, v1: 4 },
      { u0: 2, u1: 3, v0: 2.2, v1: 4 },
      { u0: 3, u1: 6, v0: 0, v1: 4 },
    ]);
    expect(area(pieces)).toBeCloseTo(24 - 2.2);
  });

  it("a window leaves a sill wall under it", () => {
    const pieces = wallPieces(4, 4, [
      { id: "w", kind: "window", offset: 1, width: 2, height: 1.5, sill: 1 },
    ]);
    expect(pieces).toContainEqual({ u0: 1, u1: 3, v0: 0, v1: 1 });
    expect(pieces).toContainEqual({ u0: 1, u1: 3, v0: 2.5, v1: 4 });
    expect(area(pieces)).toBeCloseTo(16 - 3);
  });

  it("covers the wall minus the openings without overlaps, openings clipped to the wall", () => {
    const openings = [
      { id: "a", kind: "window" as const, offset: 0.5, width: 1, height: 1, sill: 1 },
      { id: "b", kind: "door" as const, offset: 1, width: 2, height: 2, sill: 0 },
      { id: "c", kind: "window" as const, offset: 7, width: 5, height: 1, sill: 3.5 },
    ];
    const pieces = wallPieces(8, 4, openings);
    for (let i = 0; i < pieces.length; i++)
      for (let j = i + 1; j < pieces.length; j++)
        expect(overlaps(pieces[i] as Rect, pieces[j] as Rect)).toBe(false);
    // union of the holes: a (0.5..1 x 1..2 beyond b) 0.5, b 4, c clipped to 7..8 x 3.5..4 = 0.5
    expect(area(pieces)).toBeCloseTo(32 - 0.5 - 4 - 0.5);
  });

  it("an opening past the wall's end is ignored", () => {
    expect(
      openingRect({ id: "x", kind: "door", offset: 9, width: 1, height: 2, sill: 0 }, 5, 4),
    ).toBeNull();
    expect(
      wallPieces(5, 4, [{ id: "x", kind: "door", offset: 9, width: 1, height: 2, sill: 0 }]),
    ).toHaveLength(1);
  });
});

describe("wallFrame", () => {
  it("the left side of a wall along +x faces -z", () => {
    const frame = wallFrame({ start: [0, 0], end: [3, 0] });
    expect(frame.length).toBe(3);
    expect(frame.leftNormal[0]).toBeCloseTo(0);
    expect(frame.leftNormal[1]).toBeCloseTo(-1);
  });

  it("doors are passable, windows are not", () => {
    const wall = {
      id: "w",
      start: [0, 0] as [number, number],
      end: [6, 0] as [number, number],
      height: 4,
      thickness: 0.2,
      left: { materialId: null, color: "#ffffff" },
      right: { materialId: null, color: "#ffffff" },
      openings: [
        { id: "d", kind: "door" as const, offset: 1, width: 1, height: 2.2, sill: 0 },
        { id: "w", kind: "window" as const, offset: 3, width: 1, height: 1.2, sill: 1 },
      ],
    };
    expect(passableOpenings(wall, 1.8)).toEqual([{ u0: 1, u1: 2, v0: 0, v1: 2.2 }]);
  });
});
