import type { CustomSpace, Level } from "./custom-space";
import type { SceneDocument } from "./document";
import type { Vec2, Vec3 } from "./geometry";

// Where a visitor starts (issue 21 item 1): inside the space, on a floor, facing the content.
// A stored start point inside a room is kept; otherwise a premade space uses its template's own
// start and a drawn space the centre of its largest room, facing that room's longest wall.
// Rooms are the closed regions the walls of a level enclose (faces of the plan's wall graph).

/** How far a standing visitor's eye is above the floor, in metres (the viewer's camera). */
export const EYE_HEIGHT_METRES = 1.6;

/** What the start rules read of a space: its levels (walls, floors, elevations). */
export type SpaceLevels = Pick<CustomSpace, "levels">;

export interface StartPoint {
  /** Feet position in metres (the viewer adds the eye height). */
  position: Vec3;
  /** Euler angles in radians; only the yaw (index 1) is used. */
  rotation: Vec3;
}

export interface Room {
  levelId: string;
  elevation: number;
  /** The room's outline in plan, in order. */
  outline: Vec2[];
  area: number;
}

const SNAP = 0.01;
const key = ([x, z]: Vec2) => `${Math.round(x / SNAP)},${Math.round(z / SNAP)}`;

function signedArea(points: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, z0] = points[i] as Vec2;
    const [x1, z1] = points[(i + 1) % points.length] as Vec2;
    sum += x0 * z1 - x1 * z0;
  }
  return sum / 2;
}

export function centroid(points: readonly Vec2[]): Vec2 {
  const area = signedArea(points);
  if (Math.abs(area) < 1e-9) {
    const n = points.length || 1;
    return [
      points.reduce((sum, [x]) => sum + x, 0) / n,
      points.reduce((sum, [, z]) => sum + z, 0) / n,
    ];
  }
  let cx = 0;
  let cz = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, z0] = points[i] as Vec2;
    const [x1, z1] = points[(i + 1) % points.length] as Vec2;
    const cross = x0 * z1 - x1 * z0;
    cx += (x0 + x1) * cross;
    cz += (z0 + z1) * cross;
  }
  return [cx / (6 * area), cz / (6 * area)];
}

/** Whether a plan point lies inside a polygon (even-odd rule). */
export function insidePolygon([x, z]: Vec2, polygon: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, zi] = polygon[i] as Vec2;
    const [xj, zj] = polygon[j] as Vec2;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}

/** Metres a start keeps from any wall: standing in a wall (or on its line) is not inside. */
const WALL_CLEARANCE = 0.3;

export function distanceToOutline([x, z]: Vec2, outline: readonly Vec2[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < outline.length; i++) {
    const [ax, az] = outline[i] as Vec2;
    const [bx, bz] = outline[(i + 1) % outline.length] as Vec2;
    const lengthSq = (bx - ax) ** 2 + (bz - az) ** 2;
    const t =
      lengthSq === 0
        ? 0
        : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (z - az) * (bz - az)) / lengthSq));
    best = Math.min(best, Math.hypot(x - (ax + (bx - ax) * t), z - (az + (bz - az) * t)));
  }
  return best;
}

/** Inside the outline and clear of its sides. */
function standsIn(point: Vec2, outline: readonly Vec2[]): boolean {
  return insidePolygon(point, outline) && distanceToOutline(point, outline) >= WALL_CLEARANCE;
}

/** The level's walls as plan segments, split wherever another wall ends on them (T joints). */
function segments(level: Level): [Vec2, Vec2][] {
  const ends = level.walls.flatMap((wall) => [wall.start, wall.end]);
  const result: [Vec2, Vec2][] = [];
  for (const wall of level.walls) {
    const [ax, az] = wall.start;
    const [bx, bz] = wall.end;
    const length = Math.hypot(bx - ax, bz - az);
    if (length < SNAP) continue;
    const cuts = [0, 1];
    for (const [px, pz] of ends) {
      const t = ((px - ax) * (bx - ax) + (pz - az) * (bz - az)) / (length * length);
      if (t <= 1e-6 || t >= 1 - 1e-6) continue;
      const distance = Math.abs((bx - ax) * (az - pz) - (ax - px) * (bz - az)) / length;
      if (distance < SNAP) cuts.push(t);
    }
    cuts.sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const t0 = cuts[i] as number;
      const t1 = cuts[i + 1] as number;
      if ((t1 - t0) * length < SNAP) continue;
      result.push([
        [ax + (bx - ax) * t0, az + (bz - az) * t0],
        [ax + (bx - ax) * t1, az + (bz - az) * t1],
      ]);
    }
  }
  return result;
}

/** The rooms of a level: the bounded faces of its wall graph, largest first. */
export function roomsOf(level: Level): Room[] {
  const points = new Map<string, Vec2>();
  const neighbours = new Map<string, Set<string>>();
  for (const [a, b] of segments(level)) {
    const ka = key(a);
    const kb = key(b);
    if (ka === kb) continue;
    if (!points.has(ka)) points.set(ka, a);
    if (!points.has(kb)) points.set(kb, b);
    if (!neighbours.has(ka)) neighbours.set(ka, new Set());
    if (!neighbours.has(kb)) neighbours.set(kb, new Set());
    neighbours.get(ka)?.add(kb);
    neighbours.get(kb)?.add(ka);
  }
  // neighbours of each point in order of angle
  const ordered = new Map<string, string[]>();
  for (const [k, set] of neighbours) {
    const [px, pz] = points.get(k) as Vec2;
    ordered.set(
      k,
      [...set].sort((a, b) => {
        const [ax, az] = points.get(a) as Vec2;
        const [bx, bz] = points.get(b) as Vec2;
        return Math.atan2(az - pz, ax - px) - Math.atan2(bz - pz, bx - px);
      }),
    );
  }
  const visited = new Set<string>();
  const faces: Vec2[][] = [];
  for (const [from, list] of ordered) {
    for (const to of list) {
      if (visited.has(`${from}>${to}`)) continue;
      const face: Vec2[] = [];
      let u = from;
      let v = to;
      for (let guard = 0; guard < 10_000 && !visited.has(`${u}>${v}`); guard++) {
        visited.add(`${u}>${v}`);
        face.push(points.get(u) as Vec2);
        // the next edge turns as far as it can one way: the neighbour just before u around v
        const around = ordered.get(v) as string[];
        const index = around.indexOf(u);
        const w = around[(index - 1 + around.length) % around.length] as string;
        u = v;
        v = w;
      }
      faces.push(face);
    }
  }
  // with this turn rule, bounded faces have a positive signed area and outer ones a negative one
  return faces
    .map((outline) => ({
      levelId: level.id,
      elevation: level.elevation,
      outline,
      area: signedArea(outline),
    }))
    .filter((room) => room.area > 0.5)
    .sort((a, b) => b.area - a.area);
}

/**
 * A point inside the outline near its centre, with room to stand: the centroid when it is well
 * clear of the walls, else the clearest-enough inside point nearest to it.
 */
function pointInside(outline: readonly Vec2[]): Vec2 {
  const centre = centroid(outline);
  const xs = outline.map(([x]) => x);
  const zs = outline.map(([, z]) => z);
  const [minX, maxX, minZ, maxZ] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...zs),
    Math.max(...zs),
  ];
  const steps = 40;
  const candidates: { point: Vec2; clearance: number }[] = [];
  const consider = (point: Vec2) => {
    if (insidePolygon(point, outline)) {
      candidates.push({ point, clearance: distanceToOutline(point, outline) });
    }
  };
  consider(centre);
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      consider([minX + ((maxX - minX) * i) / steps, minZ + ((maxZ - minZ) * j) / steps]);
    }
  }
  if (candidates.length === 0) return centre;
  const clearest = Math.max(...candidates.map((candidate) => candidate.clearance));
  const enough = Math.min(1, clearest * 0.8);
  let best = centre;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { point, clearance } of candidates) {
    if (clearance < enough) continue;
    const distance = Math.hypot(point[0] - centre[0], point[1] - centre[1]);
    if (distance < bestDistance) {
      best = point;
      bestDistance = distance;
    }
  }
  return best;
}

/** The room's longest side, straight runs of several segments counted as one wall. */
function longestSide(outline: readonly Vec2[]): [Vec2, Vec2] {
  const sides: [Vec2, Vec2][] = [];
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i] as Vec2;
    const b = outline[(i + 1) % outline.length] as Vec2;
    const last = sides[sides.length - 1];
    if (last) {
      const [p, q] = last;
      const cross = (q[0] - p[0]) * (b[1] - a[1]) - (q[1] - p[1]) * (b[0] - a[0]);
      const dot = (q[0] - p[0]) * (b[0] - a[0]) + (q[1] - p[1]) * (b[1] - a[1]);
      if (Math.abs(cross) < 1e-6 && dot > 0 && key(q) === key(a)) {
        last[1] = b;
        continue;
      }
    }
    sides.push([a, b]);
  }
  let best = sides[0] as [Vec2, Vec2];
  for (const side of sides) {
    const length = (s: [Vec2, Vec2]) => Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]);
    if (length(side) > length(best) + 1e-6) best = side;
  }
  return best;
}

/** The yaw (three.js, camera looking down -z at 0) that looks from one plan point to another. */
export function yawTowards(from: Vec2, to: Vec2): number {
  return Math.atan2(-(to[0] - from[0]), -(to[1] - from[1]));
}

function groundFirst(space: SpaceLevels): Level[] {
  return [...space.levels].sort((a, b) => a.elevation - b.elevation);
}

/**
 * The computed start of a drawn space: the centre of the largest room of the lowest level that
 * has one, facing its longest wall; with no closed room, the middle of the lowest level's walls
 * (or floor), facing its longest wall.
 */
export function computeStartPoint(space: SpaceLevels): StartPoint {
  for (const level of groundFirst(space)) {
    const room = roomsOf(level)[0];
    if (!room) continue;
    const centre = pointInside(room.outline);
    const [a, b] = longestSide(room.outline);
    const middle: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return {
      position: [centre[0], room.elevation, centre[1]],
      rotation: [0, yawTowards(centre, middle), 0],
    };
  }
  const level = groundFirst(space)[0] as Level;
  const ends = level.walls.flatMap((wall) => [wall.start, wall.end]);
  const outline = ends.length > 0 ? ends : level.floor.outline;
  const xs = outline.map(([x]) => x);
  const zs = outline.map(([, z]) => z);
  const centre: Vec2 = [
    (Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...zs) + Math.max(...zs)) / 2,
  ];
  let yaw = 0;
  let longest = 0;
  for (const wall of level.walls) {
    const length = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
    if (length > longest) {
      longest = length;
      yaw = yawTowards(centre, [
        (wall.start[0] + wall.end[0]) / 2,
        (wall.start[1] + wall.end[1]) / 2,
      ]);
    }
  }
  return { position: [centre[0], level.elevation, centre[1]], rotation: [0, yaw, 0] };
}

/**
 * Whether a start stands on one of the space's floors inside its walls: inside a room of a level
 * at that height, or, on a level without closed rooms, on its floor.
 */
export function startIsInside(space: SpaceLevels, position: Vec3): boolean {
  const [x, y, z] = position;
  if (![x, y, z].every(Number.isFinite)) return false;
  for (const level of space.levels) {
    if (Math.abs(level.elevation - y) > 0.5) continue;
    const rooms = roomsOf(level);
    if (rooms.length === 0) {
      if (standsIn([x, z], level.floor.outline)) return true;
      continue;
    }
    if (rooms.some((room) => standsIn([x, z], room.outline))) return true;
  }
  return false;
}

/**
 * The start a visitor gets: the stored one when it is inside, else the template's own (for a
 * premade space) when that is inside, else the computed one. `space` is the structure as drawn
 * (a premade space's template with its style applied); null when it is not known, in which
 * case the stored start is all there is.
 */
export function resolveStartPoint(
  document: Pick<SceneDocument, "startingPosition" | "startingRotation">,
  space: SpaceLevels | null,
  templateStart?: StartPoint | null,
): StartPoint & { source: "stored" | "template" | "computed" } {
  const stored = { position: document.startingPosition, rotation: document.startingRotation };
  if (!space) return { ...stored, source: "stored" };
  if (startIsInside(space, stored.position)) return { ...stored, source: "stored" };
  if (templateStart && startIsInside(space, templateStart.position)) {
    return { ...templateStart, source: "template" };
  }
  return { ...computeStartPoint(space), source: "computed" };
}
