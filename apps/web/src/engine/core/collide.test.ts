import { describe, expect, it } from "vitest";
import { type Body, type Collider, moveBody } from "./collide";

const body = (x: number, z: number): Body => ({ x, z, y: 0, radius: 0.3, height: 1.7, step: 0.35 });
// a 10 x 10 room: walls 0.2 thick centred on its edges
const room: Collider[] = [
  { kind: "segment", ax: 0, az: 0, bx: 10, bz: 0, radius: 0.1, y0: 0, y1: 4 },
  { kind: "segment", ax: 10, az: 0, bx: 10, bz: 10, radius: 0.1, y0: 0, y1: 4 },
  { kind: "segment", ax: 10, az: 10, bx: 0, bz: 10, radius: 0.1, y0: 0, y1: 4 },
  { kind: "segment", ax: 0, az: 10, bx: 0, bz: 0, radius: 0.1, y0: 0, y1: 4 },
];

describe("moveBody", () => {
  it("walks freely in the open", () => {
    const after = moveBody(body(5, 5), 1, 0, room);
    expect(after.x).toBeCloseTo(6);
    expect(after.z).toBeCloseTo(5);
  });

  it("stops at a wall, even with one long step", () => {
    const after = moveBody(body(5, 5), 0, -50, room);
    expect(after.z).toBeCloseTo(0.4);
    expect(after.x).toBeCloseTo(5);
  });

  it("slides along a wall when walking into it at an angle", () => {
    const after = moveBody(body(5, 1), 1, -2, room);
    expect(after.z).toBeCloseTo(0.4);
    expect(after.x).toBeCloseTo(6);
  });

  it("walks under a lintel (a wall piece above head height) and over a low step", () => {
    const lintel: Collider = {
      kind: "segment",
      ax: 0,
      az: 5,
      bx: 10,
      bz: 5,
      radius: 0.1,
      y0: 2.2,
      y1: 4,
    };
    const step: Collider = { kind: "box", minX: 0, maxX: 10, minZ: 3, maxZ: 3.2, y0: 0, y1: 0.2 };
    expect(moveBody(body(5, 2), 0, 5, [lintel, step]).z).toBeCloseTo(7);
  });

  it("is pushed out of a box", () => {
    const box: Collider = { kind: "box", minX: 4, maxX: 6, minZ: 4, maxZ: 6, y0: 0, y1: 1 };
    const after = moveBody(body(5, 2), 0, 2, [box]);
    expect(after.z).toBeCloseTo(3.7);
  });
});
