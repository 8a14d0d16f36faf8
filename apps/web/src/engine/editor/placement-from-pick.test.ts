import { Vector3 } from "three";
import { describe, expect, it } from "vitest";
import { placementFromPick } from "./placement-from-pick";

const elevation = () => 4;

describe("placementFromPick", () => {
  it("hangs a picture on the wall it was dropped on, facing out", () => {
    const placement = placementFromPick(
      {
        kind: "wall",
        levelId: "l1",
        wallId: "north",
        point: new Vector3(1, 1.7, -3),
        normal: new Vector3(0, 0, 1),
      },
      true,
      "l1",
      elevation,
    );
    expect(placement).toMatchObject({ levelId: "l1", wallId: "north", rotation: [0, 0, 0] });
    expect(placement?.position[2]).toBeCloseTo(-2.98);
    expect(placement?.position[1]).toBeCloseTo(1.7);
  });

  it("stands a model in front of a wall, on the level's floor", () => {
    const placement = placementFromPick(
      {
        kind: "wall",
        levelId: "l2",
        wallId: "east",
        point: new Vector3(4, 6, 0),
        normal: new Vector3(-1, 0, 0),
      },
      false,
      "l1",
      elevation,
    );
    expect(placement?.wallId).toBeUndefined();
    expect(placement?.position).toEqual([3.5, 4, 0]);
    expect(placement?.rotation[1]).toBeCloseTo(-Math.PI / 2);
  });

  it("puts anything on the floor where it was dropped, and nothing without a hit", () => {
    expect(
      placementFromPick(
        { kind: "floor", levelId: "l1", point: new Vector3(2, 0, 1) },
        true,
        "l1",
        elevation,
      ),
    ).toMatchObject({
      position: [2, 0, 1],
    });
    expect(placementFromPick(null, true, "l1", elevation)).toBeNull();
  });
});
