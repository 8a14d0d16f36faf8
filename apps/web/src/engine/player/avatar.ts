import type { Emote } from "@atrium/domain";
import { Box3, Group, type Object3D, Vector3 } from "three";
import { loadModel } from "../core/loaders";
import { disposeObject } from "../core/resources";

// The visitor's own avatar in third person: the avatar service's model (one node per body part,
// pivoting at its joint: torso, head, arm_left, arm_right, leg_left, leg_right), animated by hand:
// a walk cycle and the spec's emotes.

export const AVATAR_HEIGHT = 1.75;
export const EMOTE_SECONDS = 2.6;

type Parts = Partial<
  Record<"torso" | "head" | "arm_left" | "arm_right" | "leg_left" | "leg_right", Object3D>
>;

export class Avatar {
  readonly root = new Group();
  private body = new Group();
  private parts: Parts = {};
  private walkPhase = 0;
  private emote: { name: Emote; time: number } | null = null;

  constructor() {
    this.root.name = "own-avatar";
    this.root.add(this.body);
  }

  async load(url: string): Promise<void> {
    const model = await loadModel(url);
    const box = new Box3().setFromObject(model.scene);
    const size = box.getSize(new Vector3());
    const scale = AVATAR_HEIGHT / Math.max(size.y, 1e-3);
    model.scene.scale.setScalar(scale);
    model.scene.position.y = -box.min.y * scale;
    // the model faces +z; the player walks towards -z at yaw 0
    model.scene.rotation.y = Math.PI;
    this.body.add(model.scene);
    model.scene.traverse((object) => {
      if (
        object.name in { torso: 1, head: 1, arm_left: 1, arm_right: 1, leg_left: 1, leg_right: 1 }
      )
        this.parts[object.name as keyof Parts] = object;
    });
  }

  get emoting(): boolean {
    return this.emote !== null;
  }

  playEmote(name: Emote) {
    this.emote = { name, time: 0 };
  }

  /** Poses the body for this frame: `speed` in m/s of the walk. */
  update(delta: number, speed: number) {
    const {
      arm_left: armL,
      arm_right: armR,
      leg_left: legL,
      leg_right: legR,
      head,
      torso,
    } = this.parts;
    for (const part of [armL, armR, legL, legR, head, torso]) part?.rotation.set(0, 0, 0);
    this.body.position.set(0, 0, 0);
    this.body.rotation.set(0, 0, 0);
    if (speed > 0.05) {
      this.emote = null;
      this.walkPhase += delta * speed * 3.2;
      const swing = Math.sin(this.walkPhase) * 0.6;
      if (legL) legL.rotation.x = swing;
      if (legR) legR.rotation.x = -swing;
      if (armL) armL.rotation.x = -swing * 0.8;
      if (armR) armR.rotation.x = swing * 0.8;
      return;
    }
    if (!this.emote) return;
    this.emote.time += delta;
    const t = this.emote.time;
    if (t > EMOTE_SECONDS) {
      this.emote = null;
      return;
    }
    const wave = Math.sin(t * 10);
    switch (this.emote.name) {
      case "Wave":
        if (armR) {
          armR.rotation.z = 2.6;
          armR.rotation.x = wave * 0.3;
        }
        break;
      case "Clap":
        if (armL && armR) {
          armL.rotation.x = -1.3;
          armR.rotation.x = -1.3;
          armL.rotation.z = -0.5 - 0.3 * Math.abs(wave);
          armR.rotation.z = 0.5 + 0.3 * Math.abs(wave);
        }
        break;
      case "Thumbs up":
        if (armR) armR.rotation.x = -1.6;
        break;
      case "Backflip": {
        const flip = Math.min(1, t / 1.2);
        this.body.position.y = Math.sin(flip * Math.PI) * 0.8;
        this.body.rotation.x = flip * Math.PI * 2;
        break;
      }
      case "Victory":
        if (armL && armR) {
          armL.rotation.z = -2.7;
          armR.rotation.z = 2.7;
          this.body.position.y = Math.abs(Math.sin(t * 5)) * 0.15;
        }
        break;
      case "Finger Guns":
        if (armL && armR) {
          armL.rotation.x = -1.5 + wave * 0.15;
          armR.rotation.x = -1.5 - wave * 0.15;
        }
        break;
      case "Crazy":
        this.body.rotation.y = t * 8;
        if (armL && armR) {
          armL.rotation.z = -2.2 + wave * 0.5;
          armR.rotation.z = 2.2 - wave * 0.5;
        }
        if (head) head.rotation.z = wave * 0.4;
        break;
      case "Macarena": {
        const step = Math.floor(t / 0.35) % 4;
        if (armL) armL.rotation.x = step >= 1 ? -1.5 : 0;
        if (armR) armR.rotation.x = step >= 0 ? -1.5 : 0;
        if (step >= 2 && armL && armR) {
          armL.rotation.z = -2.6;
          armR.rotation.z = 2.6;
        }
        if (torso) torso.rotation.y = Math.sin(t * 6) * 0.2;
        break;
      }
      case "Hip Hop":
        this.body.position.y = Math.abs(Math.sin(t * 7)) * 0.12;
        if (armL && armR) {
          armL.rotation.x = Math.sin(t * 7) * 1.2;
          armR.rotation.x = -Math.sin(t * 7) * 1.2;
        }
        if (legL && legR) {
          legL.rotation.x = Math.max(0, Math.sin(t * 7)) * -0.6;
          legR.rotation.x = Math.max(0, -Math.sin(t * 7)) * -0.6;
        }
        break;
    }
  }

  dispose() {
    disposeObject(this.root);
    this.root.removeFromParent();
  }
}
