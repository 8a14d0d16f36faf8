import type { PickHit } from "./engine-types";

// Turns what the pointer hit into where new content goes: a picture or video dropped on a wall
// hangs on it, facing out along the wall's normal; anything else stands where it was dropped.

export interface PickedPlacement {
  levelId: string;
  position: [number, number, number];
  rotation: [number, number, number];
  wallId?: string;
}

/** Gap between a wall and what hangs on it, so they never z-fight. */
const WALL_GAP = 0.02;

export function placementFromPick(
  hit: PickHit,
  hangsOnWalls: boolean,
  fallbackLevelId: string,
  elevationOf: (levelId: string) => number,
  /** Where the camera is: a wall hit without a normal faces it. */
  viewer: { x: number; z: number } = { x: 0, z: 0 },
): PickedPlacement | null {
  if (!hit) return null;
  if (hit.kind === "wall" && !hit.normal) {
    const dx = viewer.x - hit.point.x;
    const dz = viewer.z - hit.point.z;
    const length = Math.hypot(dx, dz) || 1;
    hit = { ...hit, normal: hit.point.clone().set(dx / length, 0, dz / length) };
  }
  if (hit.kind === "wall" && hangsOnWalls && hit.normal) {
    const { point, normal } = hit;
    return {
      levelId: hit.levelId,
      wallId: hit.wallId,
      position: [point.x + normal.x * WALL_GAP, point.y, point.z + normal.z * WALL_GAP],
      rotation: [0, Math.atan2(normal.x, normal.z), 0],
    };
  }
  if (hit.kind === "floor") {
    return {
      levelId: hit.levelId,
      position: [hit.point.x, hit.point.y, hit.point.z],
      rotation: [0, 0, 0],
    };
  }
  if (hit.kind === "wall" && hit.normal) {
    // a standing item dropped on a wall stands in front of it, on the floor below the hit
    const { point, normal } = hit;
    return {
      levelId: hit.levelId,
      position: [point.x + normal.x * 0.5, elevationOf(hit.levelId), point.z + normal.z * 0.5],
      rotation: [0, Math.atan2(normal.x, normal.z), 0],
    };
  }
  return {
    levelId: fallbackLevelId,
    position: [hit.point.x, hit.point.y, hit.point.z],
    rotation: [0, 0, 0],
  };
}
