import { describe, expect, it } from "vitest";
import type { Level } from "./custom-space";
import { createLevel } from "./empty";
import type { Vec2 } from "./geometry";
import { isStandingPose, playableTourPose, standingPose } from "./standing-pose";
import { insidePolygon } from "./start-point";

function room(corners: Vec2[], elevation = 0, id = "l"): Level {
  const level = createLevel(id, "Level", elevation);
  level.walls = corners.map((start, i) => ({
    id: `${id}-w${i}`,
    start,
    end: corners[(i + 1) % corners.length] as Vec2,
    height: 3,
    thickness: 0.2,
    openings: [],
    left: { materialId: null, color: "#ffffff" },
    right: { materialId: null, color: "#ffffff" },
  }));
  return level;
}

const hall: Vec2[] = [
  [0, 0],
  [12, 0],
  [12, 8],
  [0, 8],
];
const space = { levels: [room(hall)] };

describe("a camera pose made a visitor's eye (issue 21 item 3)", () => {
  it("the aerial overview over the room becomes a standing eye on the floor below it", () => {
    const pose = standingPose(space, { position: [6, 14, 5], yaw: 0.4, pitch: -0.9 });
    expect(pose.position).toEqual([6, 1.6, 5]);
    // same heading, level gaze within a modest pitch
    expect(pose.rotation[1]).toBe(0.4);
    expect(pose.rotation[0]).toBeGreaterThanOrEqual(-0.35);
  });

  it("an overview outside the walls is brought inside the nearest room, clear of the walls", () => {
    const pose = standingPose(space, { position: [6, 14, 20], yaw: 0, pitch: -0.8 });
    expect(insidePolygon([pose.position[0], pose.position[2]], hall)).toBe(true);
    expect(pose.position[2]).toBeLessThanOrEqual(7.5);
    expect(pose.position[1]).toBe(1.6);
  });

  it("stands on the upper floor when the camera is above it", () => {
    const two = { levels: [room(hall, 0, "g"), room(hall, 4, "u")] };
    expect(standingPose(two, { position: [3, 20, 3], yaw: 0, pitch: 0 }).position[1]).toBe(5.6);
    expect(standingPose(two, { position: [3, 2, 3], yaw: 0, pitch: 0 }).position[1]).toBe(1.6);
  });
});

describe("tour stops as the viewer plays them", () => {
  it("a stop taken standing inside plays as stored", () => {
    const stop = {
      position: [4, 1.6, 4] as [number, number, number],
      rotation: [0, 1, 0] as [number, number, number],
    };
    expect(isStandingPose(space, stop)).toBe(true);
    expect(playableTourPose(space, stop)).toEqual(stop);
  });

  it("a stored aerial stop (the old editor's) plays from inside at eye height", () => {
    const aerial = {
      position: [6, 15, 16] as [number, number, number],
      rotation: [-0.8, 0, 0] as [number, number, number],
    };
    expect(isStandingPose(space, aerial)).toBe(false);
    const played = playableTourPose(space, aerial);
    expect(isStandingPose(space, played)).toBe(true);
  });
});
