import { type CustomSpace, type Level, type Surface, terrainById } from "@atrium/domain";
import {
  BufferGeometry,
  Float32BufferAttribute,
  Group,
  Mesh,
  type MeshStandardMaterial,
  Shape,
  ShapeGeometry,
  Vector2,
  Vector3,
} from "three";
import type { Collider } from "./collide";
import { wallFrame, wallPieces } from "./walls";

// The room of a custom space: per level its floor, ceiling and walls (openings cut). Wall faces
// are merged per finish across the whole space, so a space draws in a handful of draw calls
// whatever its number of walls; each mesh remembers which wall owns which triangles for picking.

export interface WallTriangles {
  /** First triangle after this range. */
  end: number;
  levelId: string;
  wallId: string;
}

export interface RoomPick {
  kind: "wall" | "floor" | "ceiling";
  levelId?: string;
  /** For merged wall meshes: which wall owns each range of triangles. */
  walls?: WallTriangles[];
}

export interface SurfaceMaterials {
  /** The material of a finish; the same finish answers the same material. */
  get(surface: Surface): MeshStandardMaterial;
}

export interface RoomBuild {
  group: Group;
  colliders: Collider[];
  floors: Array<{ levelId: string; elevation: number; outline: Array<[number, number]> }>;
  dispose(): void;
}

export const surfaceKey = (surface: Surface) =>
  `${surface.materialId ?? ""}|${surface.color.toLowerCase()}`;

class Bucket {
  positions: number[] = [];
  normals: number[] = [];
  uvs: number[] = [];
  indices: number[] = [];
  owners: WallTriangles[] = [];
  constructor(readonly surface: Surface) {}

  /** A quad a-b-c-d (any winding) facing `normal`, with uv per corner. */
  quad(
    corners: Vector3[],
    uv: Array<[number, number]>,
    normal: Vector3,
    owner: { levelId: string; wallId: string },
  ) {
    const base = this.positions.length / 3;
    const [a, b, , d] = corners as [Vector3, Vector3, Vector3, Vector3];
    const facing = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(d, a)).dot(normal);
    for (let i = 0; i < 4; i++) {
      const corner = corners[i] as Vector3;
      this.positions.push(corner.x, corner.y, corner.z);
      this.normals.push(normal.x, normal.y, normal.z);
      const [u, v] = uv[i] as [number, number];
      this.uvs.push(u, v);
    }
    if (facing >= 0) this.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    else this.indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
    const triangles = this.indices.length / 3;
    const last = this.owners[this.owners.length - 1];
    if (last && last.levelId === owner.levelId && last.wallId === owner.wallId)
      last.end = triangles;
    else this.owners.push({ end: triangles, ...owner });
  }

  geometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new Float32BufferAttribute(this.positions, 3));
    geometry.setAttribute("normal", new Float32BufferAttribute(this.normals, 3));
    geometry.setAttribute("uv", new Float32BufferAttribute(this.uvs, 2));
    geometry.setIndex(this.indices);
    geometry.computeBoundingSphere();
    geometry.computeBoundingBox();
    return geometry;
  }
}

function addWalls(level: Level, buckets: Map<string, Bucket>, colliders: Collider[]) {
  const bucket = (surface: Surface) => {
    const key = surfaceKey(surface);
    let found = buckets.get(key);
    if (!found) {
      found = new Bucket(surface);
      buckets.set(key, found);
    }
    return found;
  };
  for (const wall of level.walls) {
    const frame = wallFrame(wall);
    if (frame.length < 1e-6) continue;
    const [dx, dz] = frame.direction;
    const [nx, nz] = frame.leftNormal;
    const t = wall.thickness / 2;
    const y = level.elevation;
    const point = (u: number, v: number, side: number) =>
      new Vector3(
        wall.start[0] + dx * u + nx * t * side,
        y + v,
        wall.start[1] + dz * u + nz * t * side,
      );
    const left = new Vector3(nx, 0, nz);
    const right = new Vector3(-nx, 0, -nz);
    const along = new Vector3(dx, 0, dz);
    const owner = { levelId: level.id, wallId: wall.id };
    const leftBucket = bucket(wall.left);
    const rightBucket = bucket(wall.right);
    for (const piece of wallPieces(frame.length, wall.height, wall.openings)) {
      const { u0, u1, v0, v1 } = piece;
      leftBucket.quad(
        [point(u0, v0, 1), point(u1, v0, 1), point(u1, v1, 1), point(u0, v1, 1)],
        [
          [u0, v0],
          [u1, v0],
          [u1, v1],
          [u0, v1],
        ],
        left,
        owner,
      );
      rightBucket.quad(
        [point(u0, v0, -1), point(u1, v0, -1), point(u1, v1, -1), point(u0, v1, -1)],
        [
          [frame.length - u0, v0],
          [frame.length - u1, v0],
          [frame.length - u1, v1],
          [frame.length - u0, v1],
        ],
        right,
        owner,
      );
      // the edges (top, bottom, ends and the reveals of openings) take the left finish
      const w = wall.thickness;
      leftBucket.quad(
        [point(u0, v1, 1), point(u1, v1, 1), point(u1, v1, -1), point(u0, v1, -1)],
        [
          [u0, 0],
          [u1, 0],
          [u1, w],
          [u0, w],
        ],
        new Vector3(0, 1, 0),
        owner,
      );
      if (v0 > 0)
        leftBucket.quad(
          [point(u0, v0, 1), point(u1, v0, 1), point(u1, v0, -1), point(u0, v0, -1)],
          [
            [u0, 0],
            [u1, 0],
            [u1, w],
            [u0, w],
          ],
          new Vector3(0, -1, 0),
          owner,
        );
      leftBucket.quad(
        [point(u0, v0, 1), point(u0, v1, 1), point(u0, v1, -1), point(u0, v0, -1)],
        [
          [v0, 0],
          [v1, 0],
          [v1, w],
          [v0, w],
        ],
        along.clone().negate(),
        owner,
      );
      leftBucket.quad(
        [point(u1, v0, 1), point(u1, v1, 1), point(u1, v1, -1), point(u1, v0, -1)],
        [
          [v0, 0],
          [v1, 0],
          [v1, w],
          [v0, w],
        ],
        along,
        owner,
      );
      const a = point(u0, 0, 0);
      const b = point(u1, 0, 0);
      colliders.push({
        kind: "segment",
        ax: a.x,
        az: a.z,
        bx: b.x,
        bz: b.z,
        radius: t,
        y0: y + v0,
        y1: y + v1,
      });
    }
  }
}

function outlineGeometry(
  outline: ReadonlyArray<readonly [number, number]>,
  facingUp: boolean,
): ShapeGeometry {
  // the shape is drawn in x/y and turned to lie in x/z: facing up, y becomes -z (and back)
  const shape = new Shape(outline.map(([x, z]) => new Vector2(x, facingUp ? -z : z)));
  const geometry = new ShapeGeometry(shape);
  geometry.rotateX(facingUp ? -Math.PI / 2 : Math.PI / 2);
  return geometry;
}

export function buildRoom(space: CustomSpace, materials: SurfaceMaterials): RoomBuild {
  const group = new Group();
  group.name = "room";
  const colliders: Collider[] = [];
  const buckets = new Map<string, Bucket>();
  const floors: RoomBuild["floors"] = [];
  for (const level of space.levels) {
    const floor = new Mesh(outlineGeometry(level.floor.outline, true), materials.get(level.floor));
    floor.position.y = level.elevation;
    floor.name = `floor:${level.id}`;
    floor.userData.room = { kind: "floor", levelId: level.id } satisfies RoomPick;
    group.add(floor);
    floors.push({
      levelId: level.id,
      elevation: level.elevation,
      outline: level.floor.outline.map(([x, z]) => [x, z]),
    });
    if (level.ceiling.visible) {
      const ceiling = new Mesh(
        outlineGeometry(level.floor.outline, false),
        materials.get(level.ceiling),
      );
      ceiling.position.y = level.elevation + level.ceiling.height;
      ceiling.name = `ceiling:${level.id}`;
      ceiling.userData.room = { kind: "ceiling", levelId: level.id } satisfies RoomPick;
      group.add(ceiling);
    }
    addWalls(level, buckets, colliders);
  }
  const terrain = buildTerrain(space, materials);
  if (terrain) group.add(terrain);
  for (const [key, bucket] of buckets) {
    const mesh = new Mesh(bucket.geometry(), materials.get(bucket.surface));
    mesh.name = `walls:${key}`;
    mesh.userData.room = { kind: "wall", walls: bucket.owners } satisfies RoomPick;
    group.add(mesh);
  }
  return {
    group,
    colliders,
    floors,
    dispose() {
      group.traverse((object) => (object as Mesh).geometry?.dispose());
    },
  };
}

/** The wall owning a triangle of a merged wall mesh. */
/** Metres from the space's centre to the terrain's edge, at least. */
const TERRAIN_RADIUS = 80;

/**
 * The ground around the building (the space's `terrainId`, one of the built-in terrains): a
 * wide disc just below the lowest floor, tiled in metres like the floors. Not picked, not
 * walked on. Null without a terrain.
 */
export function buildTerrain(space: CustomSpace, materials: SurfaceMaterials): Mesh | null {
  const terrain = terrainById(space.terrainId);
  if (!terrain) return null;
  const points = space.levels.flatMap((level) => [
    ...level.floor.outline,
    ...level.walls.flatMap((wall) => [wall.start, wall.end]),
  ]);
  const xs = points.map(([x]) => x);
  const zs = points.map(([, z]) => z);
  const [cx, cz] = points.length
    ? [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...zs) + Math.max(...zs)) / 2]
    : [0, 0];
  const extent = points.reduce((far, [x, z]) => Math.max(far, Math.hypot(x - cx, z - cz)), 0);
  const radius = Math.max(TERRAIN_RADIUS, extent * 3);
  const outline: Array<[number, number]> = [];
  for (let i = 0; i < 48; i++) {
    const angle = (i / 48) * Math.PI * 2;
    outline.push([cx + Math.cos(angle) * radius, cz + Math.sin(angle) * radius]);
  }
  const mesh = new Mesh(
    outlineGeometry(outline, true),
    materials.get({ materialId: terrain.materialId, color: terrain.color }),
  );
  // below the lowest floor: no fighting with it
  mesh.position.y = Math.min(0, ...space.levels.map((level) => level.elevation)) - 0.05;
  mesh.name = `terrain:${terrain.terrainId}`;
  return mesh;
}

export function wallOfTriangle(
  walls: readonly WallTriangles[],
  faceIndex: number,
): WallTriangles | undefined {
  let low = 0;
  let high = walls.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((walls[mid] as WallTriangles).end <= faceIndex) low = mid + 1;
    else high = mid - 1;
  }
  return walls[low];
}

/** Whether a plan point lies inside a polygon (even-odd rule). */
export function insidePolygon(
  x: number,
  z: number,
  outline: ReadonlyArray<readonly [number, number]>,
): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, zi] = outline[i] as [number, number];
    const [xj, zj] = outline[j] as [number, number];
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}
