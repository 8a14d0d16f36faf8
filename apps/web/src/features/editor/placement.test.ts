import { addItem, applyPatch } from "@atrium/domain";
import { roomDocument } from "@atrium/domain/scene/commands/fixtures";
import { describe, expect, it } from "vitest";
import { defaultWallPlacement, nearestWall, placeOnWall } from "./placement";

const north = {
  id: "north",
  start: [-4, -3] as [number, number],
  end: [4, -3] as [number, number],
  height: 4,
  thickness: 0.2,
  openings: [],
  left: { materialId: null, color: "#ffffff" },
  right: { materialId: null, color: "#ffffff" },
};

describe("placeOnWall", () => {
  it("hangs an item on the room side of the wall, facing into the room", () => {
    const placement = placeOnWall(north, 0, [0, 0]);
    expect(placement.wallId).toBe("north");
    expect(placement.position[0]).toBeCloseTo(0);
    expect(placement.position[1]).toBeCloseTo(1.6);
    // room is at +z from the north wall: the item sits just in front of it
    expect(placement.position[2]).toBeCloseTo(-3 + 0.12);
    // front (+z) faces +z: no turn
    expect(placement.rotation[1]).toBeCloseTo(0);
  });

  it("faces the other way from the other side", () => {
    const placement = placeOnWall(north, 4, [0, -10]);
    expect(placement.position[2]).toBeCloseTo(-3.12);
    expect(placement.position[1]).toBeCloseTo(5.6);
    expect(Math.abs(placement.rotation[1])).toBeCloseTo(Math.PI);
  });
});

describe("nearestWall", () => {
  it("finds the closest wall and where along it", () => {
    const found = nearestWall([north], [2, -2]);
    expect(found?.wall.id).toBe("north");
    expect(found?.distance).toBeCloseTo(1);
    expect(found?.along).toBeCloseTo(0.75);
  });
});

describe("defaultWallPlacement", () => {
  it("prefers a wall with nothing hung on it and the result is a valid item", () => {
    const document = roomDocument();
    const placement = defaultWallPlacement(document, "level-1");
    expect(placement?.wallId).not.toBe("north");
    if (!placement) return;
    const command = addItem(document, "pictures", {
      id: "p2",
      assetId: "a",
      levelId: "level-1",
      ...placement,
    });
    expect(applyPatch(document, command.ops).document.pictures).toHaveLength(2);
  });
});
