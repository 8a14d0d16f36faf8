import type { Collider } from "../core/collide";
import type { Engine } from "../types";

/**
 * The height the visitor stands at over (x, z): the highest floor or low object top at most
 * `reach` high (a step up), else the highest floor below; `fallback` when nothing is under.
 */
export function groundHeight(
  engine: Pick<Engine, "floorHeightsAt">,
  colliders: readonly Collider[],
  x: number,
  z: number,
  reach: number,
  fallback: number,
): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const height of engine.floorHeightsAt(x, z))
    if (height <= reach && height > best) best = height;
  for (const collider of colliders) {
    if (collider.kind !== "box") continue;
    if (x < collider.minX || x > collider.maxX || z < collider.minZ || z > collider.maxZ) continue;
    if (collider.y1 <= reach && collider.y1 > best) best = collider.y1;
  }
  return best === Number.NEGATIVE_INFINITY ? fallback : best;
}
