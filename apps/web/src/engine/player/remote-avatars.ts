import type { AvatarState, Emote } from "@atrium/domain";
import {
  type Camera,
  CanvasTexture,
  type Object3D,
  Raycaster,
  type Scene,
  Sprite,
  SpriteMaterial,
  Vector2,
  Vector3,
} from "three";
import { disposeObject } from "../core/resources";
import { AVATAR_HEIGHT, Avatar } from "./avatar";

// Other visitors' avatars: the latest state of each (from the hub's batched ticks) is a
// target that the drawn avatar eases towards every frame, so 12 updates a second look smooth;
// each shows its owner's name above it, wears its owner's avatar model and plays the emotes its
// owner plays.

export interface RemoteVisitor {
  visitorId: string;
  name: string;
  /** The owner's avatar (catalogue id); null or absent: the default one. */
  avatarId?: string | null;
}
interface Remote {
  avatar: Avatar;
  label: Sprite;
  target: Vector3;
  targetYaw: number;
  yaw: number;
  speed: number;
  emote: Emote | null;
  /** The last emote played, for tests (an emote itself lasts 2.6 s). */
  lastEmote: Emote | null;
  placed: boolean;
  modelUrl: string | null;
}

/** Easing rate (1/s): about 90% of the way to a new target in 0.2 s. */
const EASE = 12;

function nameLabel(name: string): Sprite {
  const canvas = document.createElement("canvas");
  canvas.width = 256;
  canvas.height = 64;
  const ctx = canvas.getContext("2d");
  if (ctx) {
    ctx.font = "600 28px Urbanist, sans-serif";
    const width = Math.min(248, ctx.measureText(name).width + 28);
    ctx.fillStyle = "rgba(15, 27, 45, 0.75)";
    ctx.beginPath();
    ctx.roundRect((256 - width) / 2, 8, width, 48, 24);
    ctx.fill();
    ctx.fillStyle = "#ffffff";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(name, 128, 33, 236);
  }
  const sprite = new Sprite(
    new SpriteMaterial({ map: new CanvasTexture(canvas), depthTest: false, transparent: true }),
  );
  sprite.scale.set(1.2, 0.3, 1);
  sprite.position.y = AVATAR_HEIGHT + 0.3;
  sprite.renderOrder = 10;
  return sprite;
}

export class RemoteAvatars {
  private remotes = new Map<string, Remote>();

  constructor(
    private readonly scene: Scene,
    /** The model a visitor's avatar id stands for (null: draw the built-in figure). */
    private readonly modelUrlOf: (avatarId: string | null) => string | null,
    private readonly requestRender: () => void,
  ) {}

  /** The visitors to show (everyone of the instance but oneself) and their latest states. */
  sync(visitors: RemoteVisitor[], states: Map<string, { state: AvatarState }>) {
    const wanted = new Set<string>();
    // draw only when something changed: a still crowd costs no frames
    let changed = false;
    for (const visitor of visitors) {
      const entry = states.get(visitor.visitorId);
      if (!entry) continue;
      wanted.add(visitor.visitorId);
      let remote = this.remotes.get(visitor.visitorId);
      if (!remote) {
        const avatar = new Avatar();
        avatar.root.name = `remote-avatar:${visitor.visitorId}`;
        const modelUrl = this.modelUrlOf(visitor.avatarId ?? null);
        if (modelUrl) {
          void avatar
            .load(modelUrl)
            .then(() => this.requestRender())
            .catch(() => {});
        }
        const label = nameLabel(visitor.name);
        avatar.root.add(label);
        this.scene.add(avatar.root);
        remote = {
          avatar,
          label,
          target: new Vector3(),
          targetYaw: 0,
          yaw: 0,
          speed: 0,
          emote: null,
          lastEmote: null,
          placed: false,
          modelUrl,
        };
        this.remotes.set(visitor.visitorId, remote);
        changed = true;
      }
      const { p, r, e } = entry.state;
      if (
        remote.target.x !== p[0] ||
        remote.target.y !== p[1] ||
        remote.target.z !== p[2] ||
        remote.targetYaw !== r ||
        remote.emote !== e
      )
        changed = true;
      remote.target.set(p[0], p[1], p[2]);
      remote.targetYaw = r;
      if (!remote.placed) {
        remote.avatar.root.position.copy(remote.target);
        remote.yaw = r;
        remote.placed = true;
      }
      if (e && e !== remote.emote) {
        remote.avatar.playEmote(e);
        remote.lastEmote = e;
      }
      remote.emote = e;
    }
    for (const [visitorId, remote] of this.remotes) {
      if (wanted.has(visitorId)) continue;
      disposeObject(remote.avatar.root);
      remote.avatar.root.removeFromParent();
      this.remotes.delete(visitorId);
      changed = true;
    }
    if (changed) this.requestRender();
  }

  /** One frame: ease each avatar towards its target and pose it. */
  update(delta: number) {
    let moving = false;
    const k = 1 - Math.exp(-EASE * delta);
    for (const remote of this.remotes.values()) {
      const root = remote.avatar.root;
      const before = root.position.clone();
      root.position.lerp(remote.target, k);
      let turn = remote.targetYaw - remote.yaw;
      turn = Math.atan2(Math.sin(turn), Math.cos(turn));
      remote.yaw += turn * k;
      root.rotation.set(0, remote.yaw, 0);
      remote.speed = delta > 0 ? before.distanceTo(root.position) / delta : 0;
      remote.avatar.update(delta, remote.speed);
      if (
        remote.speed > 0.01 ||
        Math.abs(turn) > 0.01 ||
        remote.avatar.emoting ||
        root.position.distanceTo(remote.target) > 0.01
      )
        moving = true;
    }
    if (moving) this.requestRender();
  }

  /** The visitor whose avatar (or name label) is under a point of the canvas, if any. */
  pickAt(clientX: number, clientY: number, camera: Camera, canvas: HTMLElement): string | null {
    if (this.remotes.size === 0) return null;
    const rect = canvas.getBoundingClientRect();
    const raycaster = new Raycaster();
    raycaster.setFromCamera(
      new Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      ),
      camera,
    );
    raycaster.camera = camera;
    const roots = [...this.remotes.values()].map((remote) => remote.avatar.root);
    for (const hit of raycaster.intersectObjects(roots, true)) {
      let object: Object3D | null = hit.object;
      while (object && !object.name.startsWith("remote-avatar:")) object = object.parent;
      if (object) return object.name.slice("remote-avatar:".length);
    }
    return null;
  }

  /** What is drawn, for tests: position, model, the last emote played and, given the camera, where
   * the avatar's chest is on the page. */
  describe(camera?: Camera, canvas?: HTMLElement) {
    const rect = canvas?.getBoundingClientRect();
    return [...this.remotes].map(([visitorId, remote]) => {
      let screen: { x: number; y: number } | null = null;
      if (camera && rect) {
        const point = remote.avatar.root.position.clone();
        point.y += AVATAR_HEIGHT * 0.6;
        point.project(camera);
        if (point.z <= 1) {
          screen = {
            x: rect.left + ((point.x + 1) / 2) * rect.width,
            y: rect.top + ((1 - point.y) / 2) * rect.height,
          };
        }
      }
      return {
        visitorId,
        modelUrl: remote.modelUrl,
        position: remote.avatar.root.position.toArray() as [number, number, number],
        emote: remote.lastEmote,
        screen,
      };
    });
  }

  dispose() {
    for (const remote of this.remotes.values()) {
      disposeObject(remote.avatar.root);
      remote.avatar.root.removeFromParent();
    }
    this.remotes.clear();
  }
}
