import { VISITOR_BODY } from "@atrium/domain";
import { Matrix4 } from "three";
import { describe, expect, it } from "vitest";
import { type Body, boxCollider, type Collider, moveBody } from "../core/collide";
import { declaredColliders } from "../core/props";
import { groundHeight } from "./ground";

// A visitor walking up the catalogue's staircase (12 steps of 0.25 m rise and 0.3 m run, its
// collision boxes declared in the model) onto the floor of the level above, at 3 m.

const STEP = VISITOR_BODY.stepUp;
const visitor = (x: number, z: number): Body => ({
  x,
  z,
  y: 0,
  radius: VISITOR_BODY.radius,
  height: VISITOR_BODY.height,
  step: STEP,
});
const steps = Array.from({ length: 12 }, (_, i) => [
  -0.6,
  0,
  1.8 - 0.3 * (i + 1),
  0.6,
  0.25 * (i + 1),
  1.8 - 0.3 * i,
]);

const toColliders = (boxes: ReturnType<typeof declaredColliders>): Collider[] =>
  (boxes ?? []).map(boxCollider);

// the ground floor everywhere; the upper level's floor beyond the top step
const engine = {
  floorHeightsAt: (_x: number, z: number) => (z < -1.8 ? [0, 3] : [0]),
};

function walk(body: Body, colliders: Collider[], toZ: number) {
  while (body.z > toZ) {
    const before = body.z;
    const next = moveBody(body, 0, -0.05, colliders);
    body.x = next.x;
    body.z = next.z;
    body.y = groundHeight(engine, colliders, body, body.y + STEP, body.y);
    if (before - body.z < 0.01) break; // blocked
  }
}

describe("walking up stairs", () => {
  it("reads a model's declared collision boxes, and ignores anything else", () => {
    expect(declaredColliders({ colliders: steps })).toHaveLength(12);
    expect(declaredColliders({})).toBeNull();
    expect(declaredColliders({ colliders: [] })).toBeNull();
    expect(declaredColliders({ colliders: [[0, 0, 0, 1, 1]] })).toBeNull();
    expect(declaredColliders({ colliders: [[0, 0, 0, 1, 1, "1"]] })).toBeNull();
    expect(declaredColliders({ colliders: "boxes" })).toBeNull();
  });

  it("climbs the steps one by one onto the upper level", () => {
    const colliders = toColliders(declaredColliders({ colliders: steps }));
    const body = visitor(0, 3);
    walk(body, colliders, -3);
    expect(body.z).toBeLessThanOrEqual(-3);
    expect(body.y).toBe(3);
  });

  it("is blocked by the staircase's side, as by any object", () => {
    const colliders = toColliders(declaredColliders({ colliders: steps }));
    // walking along x into the side of the high steps, on the ground floor
    const body = visitor(2, -1.5);
    const next = moveBody(body, -2, 0, colliders);
    expect(next.x).toBeCloseTo(0.9);
  });

  it("places and turns the declared boxes with the prop", () => {
    const [box] = declaredColliders({ colliders: [[-0.6, 0, -0.3, 0.6, 0.25, 0]] }) ?? [];
    const turned = box?.clone().applyMatrix4(new Matrix4().makeRotationY(Math.PI / 2));
    expect(turned?.min.x).toBeCloseTo(-0.3);
    expect(turned?.max.x).toBeCloseTo(0);
    expect(turned?.max.z).toBeCloseTo(0.6);
  });
});
