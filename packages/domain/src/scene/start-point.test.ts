import { describe, expect, it } from "vitest";
import type { CustomSpace, Level } from "./custom-space";
import { createEmptySceneDocument, createLevel } from "./empty";
import type { Vec2 } from "./geometry";
import {
  computeStartPoint,
  resolveStartPoint,
  roomsOf,
  startIsInside,
  yawTowards,
} from "./start-point";

const wall = (id: string, start: Vec2, end: Vec2) => ({
  id,
  start,
  end,
  height: 3,
  thickness: 0.2,
  openings: [],
  left: { materialId: null, color: "#ffffff" },
  right: { materialId: null, color: "#ffffff" },
});

/** A level whose walls run around the corners in order. */
function levelOf(corners: Vec2[][], elevation = 0, id = "l1"): Level {
  const level = createLevel(id, "Level", elevation);
  level.walls = corners.flatMap((loop, l) =>
    loop.map((corner, i) => wall(`w${l}-${i}`, corner, loop[(i + 1) % loop.length] as Vec2)),
  );
  return level;
}

const spaceOf = (...levels: Level[]): CustomSpace => ({
  levels,
  materialOverrides: [],
  skyId: null,
  terrainId: null,
  lighting: "day",
});

/** Where a yaw looks in plan (three.js: yaw 0 looks down -z). */
const forward = (yaw: number): Vec2 => [-Math.sin(yaw), -Math.cos(yaw)];

describe("rooms of a level", () => {
  it("finds a drawn rectangle as one room, whichever way it was drawn", () => {
    const clockwise = roomsOf(
      levelOf([
        [
          [0, 0],
          [8, 0],
          [8, 6],
          [0, 6],
        ],
      ]),
    );
    const anticlockwise = roomsOf(
      levelOf([
        [
          [0, 0],
          [0, 6],
          [8, 6],
          [8, 0],
        ],
      ]),
    );
    expect(clockwise.map((room) => room.area)).toEqual([48]);
    expect(anticlockwise.map((room) => room.area)).toEqual([48]);
  });

  it("splits a room where a partition ends on the outer walls (T joints)", () => {
    const level = levelOf([
      [
        [0, 0],
        [20, 0],
        [20, 8],
        [0, 8],
      ],
    ]);
    level.walls.push(wall("partition", [14, 0], [14, 8]));
    expect(roomsOf(level).map((room) => Math.round(room.area))).toEqual([112, 48]);
  });

  it("a wall that closes nothing makes no room", () => {
    expect(
      roomsOf(
        levelOf([
          [
            [0, 0],
            [8, 0],
          ],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("the computed start of a drawn space", () => {
  it("stands in the centre of the largest room, on its floor, facing its longest wall", () => {
    const level = levelOf([
      [
        [0, 0],
        [4, 0],
        [4, 4],
        [0, 4],
      ],
      [
        [10, 0],
        [22, 0],
        [22, 6],
        [10, 6],
      ],
    ]);
    const start = computeStartPoint(spaceOf(level));
    expect(start.position[0]).toBeCloseTo(16);
    expect(start.position[1]).toBe(0);
    expect(start.position[2]).toBeCloseTo(3);
    // the longest walls run along x (12 m): the visitor faces one of them, across the room
    const [fx, fz] = forward(start.rotation[1]);
    expect(Math.abs(fx)).toBeLessThan(1e-9);
    expect(Math.abs(fz)).toBeCloseTo(1);
  });

  it("an L-shaped room's start is inside the L", () => {
    const level = levelOf([
      [
        [0, 0],
        [10, 0],
        [10, 2],
        [2, 2],
        [2, 10],
        [0, 10],
      ],
    ]);
    const space = spaceOf(level);
    const start = computeStartPoint(space);
    expect(startIsInside(space, start.position)).toBe(true);
  });

  it("uses the lowest level that has a room, at its elevation", () => {
    const upper = levelOf(
      [
        [
          [0, 0],
          [6, 0],
          [6, 6],
          [0, 6],
        ],
      ],
      4,
      "upper",
    );
    const ground = levelOf(
      [
        [
          [0, 0],
          [6, 0],
        ],
      ],
      0,
      "ground",
    );
    expect(computeStartPoint(spaceOf(ground, upper)).position).toEqual([3, 4, 3]);
  });

  it("an empty level starts in the middle of its floor", () => {
    const start = computeStartPoint(spaceOf(createLevel("l", "L")));
    expect(start.position).toEqual([0, 0, 0]);
  });
});

describe("the start a visitor gets", () => {
  const room = spaceOf(
    levelOf([
      [
        [0, 0],
        [12, 0],
        [12, 8],
        [0, 8],
      ],
    ]),
  );

  it("keeps a stored start inside a room", () => {
    const document = {
      ...createEmptySceneDocument(),
      startingPosition: [3, 0, 3] as [number, number, number],
      startingRotation: [0, 1, 0] as [number, number, number],
    };
    expect(resolveStartPoint(document, room)).toEqual({
      position: [3, 0, 3],
      rotation: [0, 1, 0],
      source: "stored",
    });
  });

  it("replaces the default start on the template's outer corner by the template's own", () => {
    const templateStart = {
      position: [1.5, 0, 4] as [number, number, number],
      rotation: [0, -Math.PI / 2, 0] as [number, number, number],
    };
    expect(resolveStartPoint(createEmptySceneDocument(), room, templateStart)).toEqual({
      ...templateStart,
      source: "template",
    });
  });

  it("computes a start when the stored one is outside and there is no template", () => {
    const resolved = resolveStartPoint(createEmptySceneDocument(), room);
    expect(resolved.source).toBe("computed");
    expect(resolved.position).toEqual([6, 0, 4]);
    // facing a 12 m wall
    expect(Math.abs(forward(resolved.rotation[1])[1])).toBeCloseTo(1);
  });

  it("a start on a wall, under the floor or in the air is not inside", () => {
    expect(startIsInside(room, [0, 0, 4])).toBe(false);
    expect(startIsInside(room, [6, -3, 4])).toBe(false);
    expect(startIsInside(room, [6, 9, 4])).toBe(false);
    expect(startIsInside(room, [6, 0, 4])).toBe(true);
  });
});

describe("yawTowards", () => {
  it("looks down -z at 0 and down +x at -π/2", () => {
    expect(yawTowards([0, 0], [0, -5])).toBeCloseTo(0);
    expect(yawTowards([0, 0], [5, 0])).toBeCloseTo(-Math.PI / 2);
  });
});
