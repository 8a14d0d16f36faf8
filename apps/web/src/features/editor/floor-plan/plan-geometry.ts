import { type Opening, type Wall, wallLength } from "@atrium/domain";

// The 2D floor plan's arithmetic: snapping a pointer to the grid and to wall ends, and fitting
// a door or window where the user clicked on a wall.

export type PlanPoint = [number, number];

/** Grid spacing the pointer snaps to, in metres. */
export const GRID_STEP = 0.5;
/** How close (in metres) a pointer must be to a wall end to join it. */
export const JOIN_DISTANCE = 0.35;

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Snaps a plan point: to an existing wall end when close enough (so walls join), otherwise to
 * the grid. From `anchor` (the wall being drawn), a near-horizontal or near-vertical line is
 * straightened.
 */
export function snapPoint(
  point: PlanPoint,
  walls: readonly Pick<Wall, "start" | "end">[],
  anchor: PlanPoint | null = null,
  step = GRID_STEP,
): PlanPoint {
  let best: PlanPoint | null = null;
  let bestDistance = JOIN_DISTANCE;
  for (const wall of walls) {
    for (const end of [wall.start, wall.end]) {
      const distance = Math.hypot(end[0] - point[0], end[1] - point[1]);
      if (distance < bestDistance) {
        best = [end[0], end[1]];
        bestDistance = distance;
      }
    }
  }
  if (best) return best;
  let snapped: PlanPoint = [round(point[0], step), round(point[1], step)];
  if (anchor) {
    if (Math.abs(snapped[0] - anchor[0]) < step / 2) snapped = [anchor[0], snapped[1]];
    if (Math.abs(snapped[1] - anchor[1]) < step / 2) snapped = [snapped[0], anchor[1]];
  }
  // -0 reads badly in saved documents
  return [snapped[0] + 0, snapped[1] + 0];
}

export const OPENING_SIZES = {
  door: { width: 1, height: 2.2, sill: 0 },
  window: { width: 1.2, height: 1.2, sill: 1 },
} as const;

/**
 * A door or window centred where the wall was clicked (`along` 0..1), pushed inside the wall's
 * ends and narrowed when the wall is short. Null when the wall cannot hold it.
 */
export function fitOpening(
  wall: Wall,
  kind: Opening["kind"],
  along: number,
  id: string,
): Opening | null {
  const length = wallLength(wall);
  const size = OPENING_SIZES[kind];
  const width = Math.min(size.width, length - 0.2);
  if (width < 0.4 || size.sill + size.height > wall.height) return null;
  const centre = along * length;
  const offset = Math.min(Math.max(centre - width / 2, 0.1), length - width - 0.1);
  return {
    id,
    kind,
    offset: Math.round(offset * 100) / 100,
    width,
    height: size.height,
    sill: size.sill,
  };
}

/** Where along a wall (0..1) a point projects, and how far from the wall it is. */
export function projectOnWall(wall: Pick<Wall, "start" | "end">, point: PlanPoint) {
  const dx = wall.end[0] - wall.start[0];
  const dz = wall.end[1] - wall.start[1];
  const lengthSquared = dx * dx + dz * dz;
  if (lengthSquared === 0) return { along: 0, distance: Number.POSITIVE_INFINITY };
  const along = Math.min(
    1,
    Math.max(
      0,
      ((point[0] - wall.start[0]) * dx + (point[1] - wall.start[1]) * dz) / lengthSquared,
    ),
  );
  const distance = Math.hypot(
    wall.start[0] + dx * along - point[0],
    wall.start[1] + dz * along - point[1],
  );
  return { along, distance };
}
