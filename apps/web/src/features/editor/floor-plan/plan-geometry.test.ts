import { describe, expect, it } from "vitest";
import { fitOpening, projectOnWall, snapPoint } from "./plan-geometry";

const wall = {
  id: "w",
  start: [0, 0] as [number, number],
  end: [4, 0] as [number, number],
  height: 4,
  thickness: 0.2,
  openings: [],
  left: { materialId: null, color: "#fff" },
  right: { materialId: null, color: "#fff" },
};

describe("snapPoint", () => {
  it("snaps to the half-metre grid", () => {
    expect(snapPoint([1.26, -0.74], [])).toEqual([1.5, -0.5]);
  });
  it("joins a nearby wall end before the grid", () => {
    expect(snapPoint([3.8, 0.2], [wall])).toEqual([4, 0]);
  });
  it("straightens a line that is nearly level with its anchor", () => {
    expect(snapPoint([3, 0.2], [], [0, 0])).toEqual([3, 0]);
  });
});

describe("fitOpening", () => {
  it("centres a door where the wall was clicked", () => {
    expect(fitOpening(wall, "door", 0.5, "d")).toMatchObject({
      offset: 1.5,
      width: 1,
      height: 2.2,
      sill: 0,
    });
  });
  it("keeps an opening inside the wall near its ends", () => {
    const opening = fitOpening(wall, "window", 0.99, "o");
    expect(opening && opening.offset + opening.width).toBeLessThanOrEqual(3.9 + 1e-9);
  });
  it("refuses a wall too short for it", () => {
    expect(fitOpening({ ...wall, end: [0.5, 0] }, "door", 0.5, "d")).toBeNull();
  });
});

describe("projectOnWall", () => {
  it("gives the position along the wall and the distance", () => {
    expect(projectOnWall(wall, [1, 0.5])).toEqual({ along: 0.25, distance: 0.5 });
  });
});
