import type { Body, Collider } from "../core/collide";
import type { Engine } from "../types";

/**
 * The height the visitor stands at: the highest floor under its centre or object top under its
 * footprint (the body's circle) at most `reach` high (a step up), else the highest floor below;
 * `fallback` when nothing is under. The footprint, not the centre, so that a step the body is
 * pushed back from (too high yet) never leaves it on the step before it, stuck between the two.
 */
export function groundHeight(
  engine: Pick<Engine, "floorHeightsAt">,
  colliders: readonly Collider[],
  body: Pick<Body, "x" | "z" | "radius">,
  reach: number,
  fallback: number,
): number {
  const { x, z, radius } = body;
  let best = Number.NEGATIVE_INFINITY;
  for (const height of engine.floorHeightsAt(x, z))
    if (height <= reach && height > best) best = height;
  for (const collider of colliders) {
    if (collider.kind !== "box" || collider.y1 > reach || collider.y1 <= best) continue;
    const nearestX = Math.max(collider.minX, Math.min(x, collider.maxX));
    const nearestZ = Math.max(collider.minZ, Math.min(z, collider.maxZ));
    if (Math.hypot(x - nearestX, z - nearestZ) < radius) best = collider.y1;
  }
  return best === Number.NEGATIVE_INFINITY ? fallback : best;
}
