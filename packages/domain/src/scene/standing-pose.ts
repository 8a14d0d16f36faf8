import type { Vec2, Vec3 } from "./geometry";
import {
  centroid,
  distanceToOutline,
  EYE_HEIGHT_METRES,
  insidePolygon,
  roomsOf,
  type SpaceLevels,
} from "./start-point";

// A visitor's eye (issue 21 item 3): tour stops are taken and played standing inside the
// space, at eye height on a floor, never from the editor's aerial overview or outside the walls.

export interface EyePose {
  /** The eye, in metres. */
  position: Vec3;
  /** [pitch, yaw, 0] in radians, applied yaw first (three.js "YXZ"), as the viewer plays it. */
  rotation: Vec3;
}

/** Metres a standing visitor keeps from the walls. */
const CLEARANCE = 0.5;
/** The most a standing pose looks up or down. */
const MAX_PITCH = 0.35;

/** The plan point itself when it stands clear inside the outline, else the nearest such point. */
function clampInto(point: Vec2, outline: readonly Vec2[]): Vec2 {
  if (insidePolygon(point, outline) && distanceToOutline(point, outline) >= CLEARANCE) return point;
  // along the way from the point to the room's centre, the first place clear of the walls
  const centre = centroid(outline);
  const candidates: Vec2[] = [];
  for (let i = 1; i <= 40; i++) {
    const t = i / 40;
    candidates.push([point[0] + (centre[0] - point[0]) * t, point[1] + (centre[1] - point[1]) * t]);
  }
  for (const candidate of candidates) {
    if (insidePolygon(candidate, outline) && distanceToOutline(candidate, outline) >= CLEARANCE)
      return candidate;
  }
  return centre;
}

/** The level a camera at height `y` is over: the highest floor below it (the ground when none). */
function levelUnder(space: SpaceLevels, y: number) {
  const levels = [...space.levels].sort((a, b) => a.elevation - b.elevation);
  let chosen = levels[0];
  for (const level of levels) if (level.elevation <= y - 0.5) chosen = level;
  return chosen;
}

/**
 * A camera pose (the editor's overview, or a stored tour stop) as a visitor standing on the
 * floor below it, inside the walls, at eye height, looking the same way (pitch kept modest).
 */
export function standingPose(
  space: SpaceLevels,
  camera: { position: Vec3; yaw: number; pitch: number },
  eyeHeight = EYE_HEIGHT_METRES,
): EyePose {
  const level = levelUnder(space, camera.position[1]);
  const pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, camera.pitch));
  const rotation: Vec3 = [pitch, camera.yaw, 0];
  if (!level) return { position: camera.position, rotation };
  let point: Vec2 = [camera.position[0], camera.position[2]];
  const rooms = roomsOf(level);
  if (rooms.length > 0) {
    const home = rooms.find((room) => insidePolygon(point, room.outline));
    if (home) point = clampInto(point, home.outline);
    else {
      // outside every room: into the nearest one
      let best: { point: Vec2; distance: number } | null = null;
      for (const room of rooms) {
        const inside = clampInto(point, room.outline);
        const distance = Math.hypot(inside[0] - point[0], inside[1] - point[1]);
        if (!best || distance < best.distance) best = { point: inside, distance };
      }
      point = best?.point ?? point;
    }
  } else if (!insidePolygon(point, level.floor.outline)) {
    point = clampInto(point, level.floor.outline);
  }
  return { position: [point[0], level.elevation + eyeHeight, point[1]], rotation };
}

/**
 * Whether a stored tour stop is a visitor's eye: inside a room (or on a floor without rooms), at
 * most a little above or below eye height over that floor.
 */
export function isStandingPose(space: SpaceLevels, pose: EyePose, eyeHeight = EYE_HEIGHT_METRES) {
  const [x, y, z] = pose.position;
  return space.levels.some((level) => {
    const above = y - level.elevation;
    if (above < eyeHeight - 0.6 || above > eyeHeight + 0.6) return false;
    const rooms = roomsOf(level);
    const outlines = rooms.length > 0 ? rooms.map((room) => room.outline) : [level.floor.outline];
    return outlines.some((outline) => insidePolygon([x, z], outline));
  });
}

/** A tour stop as the viewer plays it: as stored when standing inside, else made standing. */
export function playableTourPose(space: SpaceLevels, pose: EyePose): EyePose {
  if (space.levels.length === 0 || isStandingPose(space, pose)) return pose;
  return standingPose(space, {
    position: pose.position,
    yaw: pose.rotation[1],
    pitch: pose.rotation[0],
  });
}
