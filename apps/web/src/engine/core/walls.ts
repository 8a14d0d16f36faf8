import type { Opening, Wall } from "@atrium/domain";

// Pure geometry of walls: a wall is a rectangle in its own plane (u along the wall from its
// start, v up from the level's floor) minus its openings. `wallPieces` cuts it into solid
// rectangles; `wallFrame` gives the wall's direction and its two sides' normals in plan.

export interface Rect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/** An opening clipped to the wall: u from the start, v from the floor. */
export function openingRect(opening: Opening, length: number, height: number): Rect | null {
  const u0 = Math.max(0, opening.offset);
  const u1 = Math.min(length, opening.offset + opening.width);
  const v0 = Math.max(0, opening.sill);
  const v1 = Math.min(height, opening.sill + opening.height);
  if (u1 - u0 <= 1e-6 || v1 - v0 <= 1e-6) return null;
  return { u0, u1, v0, v1 };
}

/**
 * The solid parts of a wall of `length` by `height` with `openings` cut out, as rectangles that
 * do not overlap and together cover exactly the wall minus the openings. Columns between the
 * openings' edges are cut vertically; neighbouring columns with the same cut are merged.
 */
export function wallPieces(length: number, height: number, openings: readonly Opening[]): Rect[] {
  if (length <= 1e-6 || height <= 1e-6) return [];
  const holes = openings
    .map((opening) => openingRect(opening, length, height))
    .filter((rect): rect is Rect => rect !== null);
  const cuts = new Set<number>([0, length]);
  for (const hole of holes) {
    cuts.add(hole.u0);
    cuts.add(hole.u1);
  }
  const xs = [...cuts].sort((a, b) => a - b);
  const pieces: Rect[] = [];
  let open: Rect[] = [];
  for (let i = 0; i < xs.length - 1; i++) {
    const u0 = xs[i] as number;
    const u1 = xs[i + 1] as number;
    if (u1 - u0 <= 1e-9) continue;
    const mid = (u0 + u1) / 2;
    const spans = solidSpans(
      height,
      holes.filter((hole) => hole.u0 < mid && hole.u1 > mid),
    );
    const next: Rect[] = [];
    for (const [v0, v1] of spans) {
      const running = open.find((rect) => rect.u1 === u0 && rect.v0 === v0 && rect.v1 === v1);
      if (running) {
        running.u1 = u1;
        next.push(running);
      } else {
        const rect = { u0, u1, v0, v1 };
        pieces.push(rect);
        next.push(rect);
      }
    }
    open = next;
  }
  return pieces;
}

/** The vertical spans of [0, height] not covered by the holes. */
function solidSpans(height: number, holes: readonly Rect[]): Array<[number, number]> {
  const covered = holes
    .map((hole) => [hole.v0, hole.v1] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const spans: Array<[number, number]> = [];
  let v = 0;
  for (const [v0, v1] of covered) {
    if (v0 > v + 1e-9) spans.push([v, v0]);
    v = Math.max(v, v1);
  }
  if (height > v + 1e-9) spans.push([v, height]);
  return spans;
}

export interface WallFrame {
  length: number;
  /** Unit direction from start to end, in plan [x, z]. */
  direction: [number, number];
  /** Unit normal of the left side (left when walking from start to end, y up). */
  leftNormal: [number, number];
}

export function wallFrame(wall: Pick<Wall, "start" | "end">): WallFrame {
  const dx = wall.end[0] - wall.start[0];
  const dz = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dz);
  if (length < 1e-9) return { length: 0, direction: [1, 0], leftNormal: [0, -1] };
  const direction: [number, number] = [dx / length, dz / length];
  // with y up, walking along +x the right hand points to +z: right = (-dz, dx), left = (dz, -dx)
  return { length, direction, leftNormal: [direction[1], -direction[0]] };
}

/** Openings a person walks through: doors, or any opening from the floor up to head height. */
export function passableOpenings(wall: Wall, headHeight: number): Rect[] {
  const { length } = wallFrame(wall);
  return wall.openings
    .map((opening) => openingRect(opening, length, wall.height))
    .filter((rect): rect is Rect => rect !== null && rect.v0 <= 0.35 && rect.v1 >= headHeight);
}
