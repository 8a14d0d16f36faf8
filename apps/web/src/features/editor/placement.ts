import type { SceneDocument, Vec3, Wall } from "@atrium/domain";
import { wallLength } from "@atrium/domain";

// Where new content goes: pictures and videos hang on a wall, facing the room; everything else
// stands on the active level. Plan coordinates [x, z] are metres; y is up.

/** Eye height at which pictures and videos hang, in metres above the floor. */
export const HANG_HEIGHT = 1.6;
/** Gap between a wall's surface and what hangs on it, so they never z-fight. */
const WALL_GAP = 0.02;

export interface WallPlacement {
  wallId: string;
  position: Vec3;
  rotation: Vec3;
}

/** The middle of a level's walls: a simple "inside the room" reference. */
export function levelCentre(walls: readonly Pick<Wall, "start" | "end">[]): [number, number] {
  if (walls.length === 0) return [0, 0];
  let x = 0;
  let z = 0;
  for (const wall of walls) {
    x += wall.start[0] + wall.end[0];
    z += wall.start[1] + wall.end[1];
  }
  return [x / (2 * walls.length), z / (2 * walls.length)];
}

/** A rotation about y that turns an item's front (+z) to face along the plan normal [nx, nz]. */
export function facing(normal: [number, number]): Vec3 {
  return [0, Math.atan2(normal[0], normal[1]), 0];
}

/**
 * Hangs an item on a wall at `along` (0 = start, 1 = end), on the side that faces `towards`
 * (a plan point inside the room), at hanging height above `elevation`.
 */
export function placeOnWall(
  wall: Wall,
  elevation: number,
  towards: [number, number],
  along = 0.5,
  height = HANG_HEIGHT,
): WallPlacement {
  const length = wallLength(wall);
  const dx = (wall.end[0] - wall.start[0]) / length;
  const dz = (wall.end[1] - wall.start[1]) / length;
  const px = wall.start[0] + dx * length * along;
  const pz = wall.start[1] + dz * length * along;
  // the left side's normal when walking start -> end is (dz, -dx); flip it to face `towards`
  let normal: [number, number] = [dz, -dx];
  if ((towards[0] - px) * normal[0] + (towards[1] - pz) * normal[1] < 0) {
    normal = [-normal[0], -normal[1]];
  }
  const offset = wall.thickness / 2 + WALL_GAP;
  return {
    wallId: wall.id,
    position: [px + normal[0] * offset, elevation + height, pz + normal[1] * offset],
    rotation: facing(normal),
  };
}

/** The wall a point in plan is nearest to, with the distance and where along it (0..1). */
export function nearestWall(walls: readonly Wall[], point: [number, number]) {
  let best: { wall: Wall; distance: number; along: number } | null = null;
  for (const wall of walls) {
    const length = wallLength(wall);
    if (length === 0) continue;
    const dx = wall.end[0] - wall.start[0];
    const dz = wall.end[1] - wall.start[1];
    const t = Math.min(
      1,
      Math.max(
        0,
        ((point[0] - wall.start[0]) * dx + (point[1] - wall.start[1]) * dz) / (length * length),
      ),
    );
    const distance = Math.hypot(
      wall.start[0] + dx * t - point[0],
      wall.start[1] + dz * t - point[1],
    );
    if (!best || distance < best.distance) best = { wall, distance, along: t };
  }
  return best;
}

/**
 * Where a new picture or video goes on a level: on the longest free stretch we can find
 * cheaply, i.e. the wall with the fewest things already hung on it, at its middle. Returns null
 * when the level has no walls (the item then stands in the room).
 */
export function defaultWallPlacement(
  document: SceneDocument,
  levelId: string,
): WallPlacement | null {
  const level = document.customSpace?.levels.find((candidate) => candidate.id === levelId);
  if (!level || level.walls.length === 0) return null;
  const hung = new Map<string, number>();
  for (const list of ["pictures", "videos"] as const) {
    for (const item of document[list]) {
      if (item.wallId) hung.set(item.wallId, (hung.get(item.wallId) ?? 0) + 1);
    }
  }
  const wall = [...level.walls].sort(
    (a, b) => (hung.get(a.id) ?? 0) - (hung.get(b.id) ?? 0) || wallLength(b) - wallLength(a),
  )[0] as Wall;
  const count = hung.get(wall.id) ?? 0;
  // spread several items along the wall: 1/2, 1/4, 3/4, ...
  const along = count === 0 ? 0.5 : count % 2 === 1 ? 0.25 : 0.75;
  return placeOnWall(wall, level.elevation, levelCentre(level.walls), along);
}

/** A spot on the level's floor near its middle for things that stand (texts, models, props). */
export function defaultFloorPosition(document: SceneDocument, levelId: string, height = 0): Vec3 {
  const level = document.customSpace?.levels.find((candidate) => candidate.id === levelId);
  const [x, z] = levelCentre(level?.walls ?? []);
  return [x, (level?.elevation ?? 0) + height, z];
}
