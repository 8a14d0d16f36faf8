// Collisions of a walking visitor (a vertical cylinder) with walls (thick segments in plan with
// a height range) and objects (boxes). Pure: the player and tests call it with plain numbers.

export interface SegmentCollider {
  kind: "segment";
  ax: number;
  az: number;
  bx: number;
  bz: number;
  /** Half the wall's thickness. */
  radius: number;
  y0: number;
  y1: number;
}

export interface BoxCollider {
  kind: "box";
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  y0: number;
  y1: number;
}

export type Collider = SegmentCollider | BoxCollider;

type Corner = { x: number; y: number; z: number };

/** The collider of an axis-aligned box (a three.js Box3 or anything with min and max). */
export function boxCollider(box: { min: Corner; max: Corner }): BoxCollider {
  return {
    kind: "box",
    minX: box.min.x,
    maxX: box.max.x,
    minZ: box.min.z,
    maxZ: box.max.z,
    y0: box.min.y,
    y1: box.max.y,
  };
}

export interface Body {
  x: number;
  z: number;
  /** Feet height. */
  y: number;
  radius: number;
  height: number;
  /** Obstacles lower than this above the feet are stepped over (stairs). */
  step: number;
}

function overlapsHeight(body: Body, y0: number, y1: number): boolean {
  return y1 > body.y + body.step && y0 < body.y + body.height;
}

/** Pushes the body out of one collider; true when it moved. */
function pushOut(body: Body, collider: Collider): boolean {
  if (!overlapsHeight(body, collider.y0, collider.y1)) return false;
  if (collider.kind === "segment") {
    const dx = collider.bx - collider.ax;
    const dz = collider.bz - collider.az;
    const lengthSq = dx * dx + dz * dz;
    let t =
      lengthSq > 0 ? ((body.x - collider.ax) * dx + (body.z - collider.az) * dz) / lengthSq : 0;
    t = Math.max(0, Math.min(1, t));
    const px = collider.ax + dx * t;
    const pz = collider.az + dz * t;
    let nx = body.x - px;
    let nz = body.z - pz;
    const distance = Math.hypot(nx, nz);
    const min = body.radius + collider.radius;
    if (distance >= min) return false;
    if (distance < 1e-9) {
      // exactly on the line: push along the segment's normal
      const length = Math.sqrt(lengthSq) || 1;
      nx = -dz / length;
      nz = dx / length;
    } else {
      nx /= distance;
      nz /= distance;
    }
    const push = min - distance;
    body.x += nx * push;
    body.z += nz * push;
    return true;
  }
  const cx = Math.max(collider.minX, Math.min(body.x, collider.maxX));
  const cz = Math.max(collider.minZ, Math.min(body.z, collider.maxZ));
  let nx = body.x - cx;
  let nz = body.z - cz;
  const distance = Math.hypot(nx, nz);
  if (distance >= body.radius) return false;
  if (distance < 1e-9) {
    // the centre is inside the box: leave by the nearest side
    const exits = [
      { d: body.x - collider.minX, x: -1, z: 0 },
      { d: collider.maxX - body.x, x: 1, z: 0 },
      { d: body.z - collider.minZ, x: 0, z: -1 },
      { d: collider.maxZ - body.z, x: 0, z: 1 },
    ].sort((a, b) => a.d - b.d);
    const exit = exits[0] as { d: number; x: number; z: number };
    body.x += exit.x * (exit.d + body.radius);
    body.z += exit.z * (exit.d + body.radius);
    return true;
  }
  nx /= distance;
  nz /= distance;
  body.x += nx * (body.radius - distance);
  body.z += nz * (body.radius - distance);
  return true;
}

/**
 * Moves the body by (dx, dz), in steps no longer than half its radius so it cannot pass through
 * a thin wall, pushing it out of every collider it touches. Returns the body's new plan position.
 */
export function moveBody(
  body: Body,
  dx: number,
  dz: number,
  colliders: readonly Collider[],
): { x: number; z: number } {
  const moving = { ...body };
  const distance = Math.hypot(dx, dz);
  const steps = Math.max(1, Math.ceil(distance / (body.radius / 2)));
  const near = colliders.filter((collider) =>
    nearBody(collider, body, distance + body.radius + 0.5),
  );
  for (let step = 0; step < steps; step++) {
    moving.x += dx / steps;
    moving.z += dz / steps;
    for (let pass = 0; pass < 4; pass++) {
      let moved = false;
      for (const collider of near) if (pushOut(moving, collider)) moved = true;
      if (!moved) break;
    }
  }
  return { x: moving.x, z: moving.z };
}

function nearBody(collider: Collider, body: Body, reach: number): boolean {
  if (collider.kind === "box") {
    return (
      body.x > collider.minX - reach &&
      body.x < collider.maxX + reach &&
      body.z > collider.minZ - reach &&
      body.z < collider.maxZ + reach
    );
  }
  const minX = Math.min(collider.ax, collider.bx) - collider.radius - reach;
  const maxX = Math.max(collider.ax, collider.bx) + collider.radius + reach;
  const minZ = Math.min(collider.az, collider.bz) - collider.radius - reach;
  const maxZ = Math.max(collider.az, collider.bz) + collider.radius + reach;
  return body.x > minX && body.x < maxX && body.z > minZ && body.z < maxZ;
}
