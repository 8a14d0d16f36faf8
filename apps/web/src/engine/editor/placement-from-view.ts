import type { PickHit } from "./engine-types";
import { type PickedPlacement, placementFromPick } from "./placement-from-pick";

// Where click-to-add puts new content (issue 21 item 2): where the creator is looking. A picture
// or video hangs on the wall nearest the centre of the view, flush on its inner side facing the
// camera; anything else stands on the floor in front of the camera (the floor at the centre of
// the view, or the nearest floor below it on screen).

/** Gap between a wall and what hangs on it, so they never z-fight. */
const WALL_GAP = 0.02;
/** The height pictures hang at above their level's floor, in metres. */
export const HANG_HEIGHT = 1.6;

/** Points of the view in normalised device coordinates (-1..1), the centre first, ring by ring. */
export function viewSamples(rings = 12, step = 0.075): [number, number][] {
  const samples: [number, number][] = [[0, 0]];
  for (let ring = 1; ring <= rings; ring++) {
    const radius = ring * step;
    const around = Math.max(8, Math.round((2 * Math.PI * radius) / step));
    for (let i = 0; i < around; i++) {
      const angle = (2 * Math.PI * i) / around;
      samples.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    }
  }
  return samples;
}

export function placementFromView(
  pickAt: (x: number, y: number) => PickHit,
  hangsOnWalls: boolean,
  camera: { x: number; y: number; z: number },
  elevationOf: (levelId: string) => number,
  fallbackLevelId: string,
  /** Whether a plan point is inside a room of a level: a picture hangs on a wall's inner side. */
  insideRoom: (levelId: string, x: number, z: number) => boolean = () => true,
): PickedPlacement | null {
  if (hangsOnWalls) {
    for (const [x, y] of viewSamples()) {
      const hit = pickAt(x, y);
      if (hit?.kind !== "wall" || !hit.normal) continue;
      const { point, normal } = hit;
      // a side of the wall (not its top), turned towards the camera
      const horizontal = Math.hypot(normal.x, normal.z);
      if (horizontal < 0.7) continue;
      const nx = normal.x / horizontal;
      const nz = normal.z / horizontal;
      if ((camera.x - point.x) * nx + (camera.z - point.z) * nz <= 0) continue;
      // the inner side, not the building's outside seen from the overview
      if (!insideRoom(hit.levelId, point.x + nx * 0.3, point.z + nz * 0.3)) continue;
      return {
        levelId: hit.levelId,
        wallId: hit.wallId,
        position: [
          point.x + nx * WALL_GAP,
          elevationOf(hit.levelId) + HANG_HEIGHT,
          point.z + nz * WALL_GAP,
        ],
        rotation: [0, Math.atan2(nx, nz), 0],
      };
    }
    return null;
  }
  // the floor at the centre of the view, else the nearest floor to it inside the walls
  for (const [x, y] of viewSamples()) {
    const hit = pickAt(x, y);
    if (!hit || hit.kind === "item") continue;
    const placement = placementFromPick(hit, false, fallbackLevelId, elevationOf, camera);
    if (!placement) continue;
    const [px, , pz] = placement.position;
    if (!insideRoom(placement.levelId, px, pz)) continue;
    if (hit.kind === "floor") {
      // its front (+z) turned to the camera, so a text reads and a model shows its face
      placement.rotation = [0, Math.atan2(camera.x - px, camera.z - pz), 0];
    }
    return placement;
  }
  return null;
}
