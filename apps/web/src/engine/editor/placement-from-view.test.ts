import { Vector3 } from "three";
import { describe, expect, it } from "vitest";
import type { PickHit } from "./engine-types";
import { placementFromView, viewSamples } from "./placement-from-view";

const camera = { x: 0, y: 12, z: 10 };
const elevation = () => 0;
const wallHit = (
  x: number,
  z: number,
  normal: [number, number, number],
  wallId = "w",
): PickHit => ({
  kind: "wall",
  levelId: "l1",
  wallId,
  point: new Vector3(x, 2.5, z),
  normal: new Vector3(...normal),
});

describe("click-to-add placement from the view (issue 21 item 2)", () => {
  it("samples the centre first, then rings outwards", () => {
    const samples = viewSamples(3, 0.1);
    expect(samples[0]).toEqual([0, 0]);
    const radii = samples.map(([x, y]) => Math.round(Math.hypot(x, y) * 1000) / 1000);
    expect([...radii].sort((a, b) => a - b)).toEqual(radii);
  });

  it("hangs a picture on the wall nearest the centre, flush, facing the camera, at hanging height", () => {
    // the centre looks at the floor; a ring further out meets the north wall's inner side
    const pick = (x: number, y: number): PickHit =>
      Math.hypot(x, y) < 0.2
        ? { kind: "floor", levelId: "l1", point: new Vector3(0, 0, 0) }
        : wallHit(x * 4, -3, [0, 0, 1], "north");
    const placement = placementFromView(pick, true, camera, elevation, "l1");
    expect(placement?.wallId).toBe("north");
    expect(placement?.position[1]).toBeCloseTo(1.6);
    expect(placement?.position[2]).toBeCloseTo(-2.98);
    expect(placement?.rotation).toEqual([0, 0, 0]);
  });

  it("skips a wall's top and its far side", () => {
    const pick = (x: number, y: number): PickHit => {
      const r = Math.hypot(x, y);
      if (r < 0.2) return wallHit(0, -3, [0, 1, 0], "top");
      if (r < 0.4) return wallHit(0, -3, [0, 0, -1], "back");
      return wallHit(5, 0, [-1, 0, 0], "east");
    };
    const placement = placementFromView(pick, true, camera, elevation, "l1");
    expect(placement?.wallId).toBe("east");
    expect(placement?.rotation[1]).toBeCloseTo(-Math.PI / 2);
  });

  it("never hangs on the outside of the building", () => {
    // the near wall's outer side faces the overview camera; the far wall's inner side is higher up
    const pick = (_x: number, y: number): PickHit =>
      y < 0 ? wallHit(0, 3, [0, 0, 1], "south") : wallHit(0, -3, [0, 0, 1], "north");
    const inside = (_level: string, _x: number, z: number) => z > -3 && z < 3;
    const placement = placementFromView(pick, true, camera, elevation, "l1", inside);
    expect(placement?.wallId).toBe("north");
  });

  it("no wall in view: null (the caller falls back to the default spot)", () => {
    expect(placementFromView(() => null, true, camera, elevation, "l1")).toBeNull();
  });

  it("stands a model on the floor at the centre of the view", () => {
    const pick = (): PickHit => ({ kind: "floor", levelId: "l1", point: new Vector3(1, 0, 2) });
    const placement = placementFromView(pick, false, camera, elevation, "l1");
    expect(placement).toMatchObject({ levelId: "l1", position: [1, 0, 2] });
    // turned to face the camera
    expect(placement?.rotation[1]).toBeCloseTo(Math.atan2(-1, 8));
  });

  it("looking at the sky, a model goes to the nearest floor in view", () => {
    const pick = (_x: number, y: number): PickHit =>
      y < -0.5 ? { kind: "floor", levelId: "l1", point: new Vector3(0, 0, 4) } : null;
    expect(placementFromView(pick, false, camera, elevation, "l1")?.position).toEqual([0, 0, 4]);
  });

  it("never stands a model outside the walls (the ground around the building)", () => {
    const pick = (x: number, y: number): PickHit =>
      Math.hypot(x, y) < 0.3
        ? { kind: "floor", levelId: "l1", point: new Vector3(0, 0, 9) }
        : { kind: "floor", levelId: "l1", point: new Vector3(0, 0, 2) };
    const inside = (_level: string, _x: number, z: number) => z > -3 && z < 3;
    expect(placementFromView(pick, false, camera, elevation, "l1", inside)?.position).toEqual([
      0, 0, 2,
    ]);
  });
});
