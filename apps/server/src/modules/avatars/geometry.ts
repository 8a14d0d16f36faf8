// Flat-shaded low-poly solids for the generated avatars: every face gets its own vertices and
// normal, which gives the faceted look and keeps the code short.

export interface MeshData {
  positions: number[];
  normals: number[];
}

type Vec3 = [number, number, number];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const normalise = (v: Vec3): Vec3 => {
  const length = Math.hypot(...v) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
};

function emptyMesh(): MeshData {
  return { positions: [], normals: [] };
}

/** Adds a triangle (counter-clockwise seen from outside) with its face normal. */
function triangle(mesh: MeshData, a: Vec3, b: Vec3, c: Vec3) {
  const normal = normalise(cross(sub(b, a), sub(c, a)));
  if (!Number.isFinite(normal[0])) return;
  mesh.positions.push(...a, ...b, ...c);
  for (let i = 0; i < 3; i += 1) mesh.normals.push(...normal);
}

function quad(mesh: MeshData, a: Vec3, b: Vec3, c: Vec3, d: Vec3) {
  triangle(mesh, a, b, c);
  triangle(mesh, a, c, d);
}

/**
 * A prism or frustum along y from `bottom` to `bottom + height`: `sides` 4 gives a box-like
 * block, 6-8 a faceted cylinder, a top radius of 0 a cone. `depthScale` flattens it front to back.
 */
export function frustum(options: {
  radiusBottom: number;
  radiusTop: number;
  height: number;
  sides: number;
  bottom?: number;
  center?: [number, number];
  depthScale?: number;
  twist?: number;
}): MeshData {
  const mesh = emptyMesh();
  const { radiusBottom, radiusTop, height, sides } = options;
  const y0 = options.bottom ?? 0;
  const y1 = y0 + height;
  const [cx, cz] = options.center ?? [0, 0];
  const depth = options.depthScale ?? 1;
  const twist = options.twist ?? Math.PI / sides;
  const ring = (radius: number, y: number) =>
    Array.from({ length: sides }, (_, i): Vec3 => {
      const angle = twist + (i / sides) * Math.PI * 2;
      return [cx + Math.cos(angle) * radius, y, cz + Math.sin(angle) * radius * depth];
    });
  const lower = ring(radiusBottom, y0);
  const upper = ring(radiusTop, y1);
  const topCenter: Vec3 = [cx, y1, cz];
  const bottomCenter: Vec3 = [cx, y0, cz];
  for (let i = 0; i < sides; i += 1) {
    const j = (i + 1) % sides;
    if (radiusTop > 0) quad(mesh, lower[i]!, upper[i]!, upper[j]!, lower[j]!);
    else triangle(mesh, lower[i]!, topCenter, lower[j]!);
    if (radiusTop > 0) triangle(mesh, topCenter, upper[j]!, upper[i]!);
    triangle(mesh, bottomCenter, lower[i]!, lower[j]!);
  }
  return mesh;
}

/** A box centred on `center`. */
export function box(size: Vec3, center: Vec3 = [0, 0, 0]): MeshData {
  const [w, h, d] = size;
  const mesh = frustum({
    radiusBottom: Math.SQRT1_2,
    radiusTop: Math.SQRT1_2,
    height: 1,
    sides: 4,
    bottom: -0.5,
    twist: Math.PI / 4,
  });
  return transform(mesh, (p) => [p[0] * w + center[0], p[1] * h + center[1], p[2] * d + center[2]]);
}

/** A faceted sphere (latitude-longitude with few segments). */
export function lowPolySphere(
  radius: number,
  segments: number,
  rings: number,
  center: Vec3,
): MeshData {
  const mesh = emptyMesh();
  const point = (ring: number, segment: number): Vec3 => {
    const theta = (ring / rings) * Math.PI;
    const phi = (segment / segments) * Math.PI * 2;
    return [
      center[0] + radius * Math.sin(theta) * Math.cos(phi),
      center[1] + radius * Math.cos(theta),
      center[2] + radius * Math.sin(theta) * Math.sin(phi),
    ];
  };
  for (let r = 0; r < rings; r += 1) {
    for (let s = 0; s < segments; s += 1) {
      const a = point(r, s);
      const b = point(r + 1, s);
      const c = point(r + 1, s + 1);
      const d = point(r, s + 1);
      if (r === 0) triangle(mesh, a, c, b);
      else if (r === rings - 1) triangle(mesh, a, d, b);
      else quad(mesh, a, d, c, b);
    }
  }
  return mesh;
}

export function transform(mesh: MeshData, move: (p: Vec3) => Vec3): MeshData {
  const positions: number[] = [];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    positions.push(...move([mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!]));
  }
  // recompute normals: a non-uniform scale changes them
  const out = emptyMesh();
  for (let i = 0; i < positions.length; i += 9) {
    const v = (k: number): Vec3 => [
      positions[i + k]!,
      positions[i + k + 1]!,
      positions[i + k + 2]!,
    ];
    triangle(out, v(0), v(3), v(6));
  }
  return out;
}

export function merge(...meshes: MeshData[]): MeshData {
  return {
    positions: meshes.flatMap((mesh) => mesh.positions),
    normals: meshes.flatMap((mesh) => mesh.normals),
  };
}
