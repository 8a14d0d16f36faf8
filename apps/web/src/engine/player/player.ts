import { type Emote, type Vec3, VISITOR_BODY } from "@atrium/domain";
import { Raycaster, Vector3 } from "three";
import { type Body, type Collider, moveBody } from "../core/collide";
import { EYE_HEIGHT } from "../core/engine";
import type { Engine } from "../types";
import { Avatar } from "./avatar";
import { groundHeight } from "./ground";

// The visitor: walks with WASD or the arrow keys, looks by dragging (or with the mouse after a
// double-click locks the pointer), clicks the floor to walk there, uses a joystick and drags on
// phones; never walks through walls or solid objects; follows floors and low steps; can see
// themself in third person; goes through portals by walking into them.

export interface PlayerPose {
  /** Feet position. */
  position: Vec3;
  yaw: number;
  pitch: number;
}

export interface PlayerPortal {
  id: string;
  position: Vec3;
}

export interface PlayerOptions {
  start: PlayerPose;
  avatarUrl?: string | null;
  thirdPerson?: boolean;
  portals?: PlayerPortal[];
  onPortal?: (portalId: string) => void;
  /** Called when the pose changes (at most every frame). */
  onMove?: (pose: PlayerPose) => void;
}

export const WALK_SPEED = 2.6;
export const RUN_SPEED = 5;
const STEP = VISITOR_BODY.stepUp;
const LOOK_SPEED = 0.004;
const PORTAL_RADIUS = 0.8;

export interface Player {
  pose(): PlayerPose;
  teleport(pose: PlayerPose): void;
  /** Moves the camera smoothly to an eye pose (a tour point); resolves when there. */
  glideTo(eye: { position: Vec3; yaw: number; pitch: number }, seconds: number): Promise<void>;
  /** Leaves a glide/tour: the visitor stands where the camera is. */
  endGlide(): void;
  setThirdPerson(on: boolean): void;
  readonly thirdPerson: boolean;
  /** Touch joystick: x right, y forward, each -1..1. */
  setJoystick(x: number, y: number): void;
  /** Look by a drag of (dx, dy) pixels. */
  look(dx: number, dy: number): void;
  /** Walk to a floor point (click-to-move). */
  walkTo(point: Vec3): void;
  playEmote(emote: Emote): void;
  /** The visitor's avatar model (third person and emotes); null shows none. */
  setAvatar(url: string | null): void;
  /** Keyboard and mouse on or off (panels open, tours playing). */
  setInputEnabled(on: boolean): void;
  setPortals(portals: PlayerPortal[]): void;
  refreshColliders(): void;
  dispose(): void;
}

export function createPlayer(
  engine: Engine,
  canvas: HTMLCanvasElement,
  options: PlayerOptions,
): Player {
  const { camera } = engine.three;
  const { radius, height } = VISITOR_BODY;
  const body: Body = { x: 0, z: 0, y: 0, radius, height, step: STEP };
  let yaw = 0;
  let pitch = 0;
  let colliders: Collider[] = engine.colliders();
  let portals = options.portals ?? [];
  let armedPortals = new Set<string>();
  let thirdPerson = options.thirdPerson ?? false;
  let inputEnabled = true;
  let speed = 0;
  let target: { x: number; z: number; stuck: number } | null = null;
  let glide: {
    from: { position: Vector3; yaw: number; pitch: number };
    to: { position: Vector3; yaw: number; pitch: number };
    time: number;
    seconds: number;
    resolve: () => void;
  } | null = null;
  let gliding = false;
  const keys = new Set<string>();
  const joystick = { x: 0, y: 0 };
  let avatar = new Avatar();
  let avatarReady = false;
  let avatarUrl: string | null = null;
  const setAvatar = (url: string | null) => {
    if (url === avatarUrl) return;
    avatarUrl = url;
    avatar.dispose();
    avatar = new Avatar();
    avatarReady = false;
    avatar.root.visible = false;
    engine.three.scene.add(avatar.root);
    if (!url) return;
    const loading = avatar;
    loading
      .load(url)
      .then(() => {
        if (loading !== avatar) return;
        avatarReady = true;
        showView();
      })
      .catch(() => {
        // no avatar: third person shows nothing of the visitor
      });
  };

  const place = (pose: PlayerPose) => {
    body.x = pose.position[0];
    body.z = pose.position[2];
    body.y = groundHeight(engine, colliders, body, pose.position[1] + STEP, pose.position[1]);
    yaw = pose.yaw;
    pitch = pose.pitch;
    // portals near the start are not taken until the visitor has walked away from them
    armedPortals = new Set(
      portals.filter((portal) => planDistance(portal) > PORTAL_RADIUS * 2).map((p) => p.id),
    );
  };
  const planDistance = (portal: PlayerPortal) =>
    Math.hypot(portal.position[0] - body.x, portal.position[2] - body.z);

  const raycaster = new Raycaster();
  const applyCamera = () => {
    if (gliding) return;
    const eye = new Vector3(body.x, body.y + EYE_HEIGHT, body.z);
    const showAvatar = (thirdPerson || avatar.emoting) && avatarReady;
    avatar.root.visible = showAvatar;
    avatar.root.position.set(body.x, body.y, body.z);
    avatar.root.rotation.set(0, yaw, 0);
    if (showAvatar) {
      // behind and above the avatar, pulled in when a wall is in the way
      const back = new Vector3(Math.sin(yaw), 0, Math.cos(yaw));
      const head = new Vector3(body.x, body.y + 1.7, body.z);
      let distance = 3;
      raycaster.set(
        head,
        back
          .clone()
          .add(new Vector3(0, 0.25, 0))
          .normalize(),
      );
      raycaster.far = distance;
      const hit = raycaster.intersectObject(engine.layers.room, true)[0];
      if (hit) distance = Math.max(0.4, hit.distance - 0.25);
      camera.position
        .copy(head)
        .addScaledVector(back.add(new Vector3(0, 0.25, 0)).normalize(), distance);
      camera.rotation.set(pitch - 0.12, yaw, 0, "YXZ");
    } else {
      camera.position.copy(eye);
      camera.rotation.set(pitch, yaw, 0, "YXZ");
    }
    camera.updateMatrixWorld();
    options.onMove?.({ position: [body.x, body.y, body.z], yaw, pitch });
  };
  /** Applies the camera and draws a frame only if the view changed (a frame can be costly). */
  const showView = () => {
    const before = camera.matrixWorld.clone();
    const avatarShown = avatar.root.visible;
    applyCamera();
    if (!camera.matrixWorld.equals(before) || avatar.root.visible !== avatarShown)
      engine.requestRender();
  };

  place(options.start);
  setAvatar(options.avatarUrl ?? null);
  applyCamera();

  const moving = () =>
    keys.size > 0 ||
    joystick.x !== 0 ||
    joystick.y !== 0 ||
    target !== null ||
    glide !== null ||
    avatar.emoting;
  const updateHold = () => engine.keepRendering("player", moving());

  const onFrame = (delta: number) => {
    if (glide) {
      glide.time += delta;
      const t = Math.min(1, glide.time / glide.seconds);
      const s = t * t * (3 - 2 * t);
      camera.position.lerpVectors(glide.from.position, glide.to.position, s);
      const yawDelta = Math.atan2(
        Math.sin(glide.to.yaw - glide.from.yaw),
        Math.cos(glide.to.yaw - glide.from.yaw),
      );
      camera.rotation.set(
        glide.from.pitch + (glide.to.pitch - glide.from.pitch) * s,
        glide.from.yaw + yawDelta * s,
        0,
        "YXZ",
      );
      camera.updateMatrixWorld();
      if (t >= 1) {
        const done = glide.resolve;
        glide = null;
        done();
        updateHold();
      }
      return;
    }
    if (gliding) return;
    let forward = 0;
    let strafe = 0;
    if (inputEnabled) {
      if (keys.has("KeyW") || keys.has("ArrowUp")) forward += 1;
      if (keys.has("KeyS") || keys.has("ArrowDown")) forward -= 1;
      if (keys.has("KeyD") || keys.has("ArrowRight")) strafe += 1;
      if (keys.has("KeyA") || keys.has("ArrowLeft")) strafe -= 1;
      forward += joystick.y;
      strafe += joystick.x;
    }
    const run = keys.has("ShiftLeft") || keys.has("ShiftRight");
    let dx = 0;
    let dz = 0;
    if (forward !== 0 || strafe !== 0) {
      target = null;
      const length = Math.hypot(forward, strafe);
      const scale = ((run ? RUN_SPEED : WALK_SPEED) * delta * Math.min(1, length)) / length;
      // yaw 0 looks towards -z; right is +x
      dx = (-Math.sin(yaw) * forward + Math.cos(yaw) * strafe) * scale;
      dz = (-Math.cos(yaw) * forward - Math.sin(yaw) * strafe) * scale;
    } else if (target) {
      const tx = target.x - body.x;
      const tz = target.z - body.z;
      const distance = Math.hypot(tx, tz);
      if (distance < 0.15) target = null;
      else {
        const step = Math.min(distance, WALK_SPEED * delta);
        dx = (tx / distance) * step;
        dz = (tz / distance) * step;
        const wanted = Math.atan2(-tx, -tz);
        const turn = Math.atan2(Math.sin(wanted - yaw), Math.cos(wanted - yaw));
        if (thirdPerson) yaw += turn * Math.min(1, delta * 6);
      }
    }
    const before = { x: body.x, z: body.z };
    if (dx !== 0 || dz !== 0) {
      const next = moveBody(body, dx, dz, colliders);
      body.x = next.x;
      body.z = next.z;
      body.y = groundHeight(engine, colliders, body, body.y + STEP, body.y);
      if (target) {
        const progress = Math.hypot(body.x - before.x, body.z - before.z);
        target.stuck = progress < Math.hypot(dx, dz) * 0.2 ? target.stuck + delta : 0;
        if (target.stuck > 0.4) target = null;
      }
      for (const portal of portals) {
        const distance = planDistance(portal);
        if (distance > PORTAL_RADIUS * 2) armedPortals.add(portal.id);
        else if (distance < PORTAL_RADIUS && armedPortals.has(portal.id)) {
          armedPortals.delete(portal.id);
          options.onPortal?.(portal.id);
        }
      }
    }
    speed = delta > 0 ? Math.hypot(body.x - before.x, body.z - before.z) / delta : 0;
    avatar.update(delta, speed);
    applyCamera();
    updateHold();
  };
  const offFrame = engine.on("frame", onFrame);

  const typing = (event: KeyboardEvent) => {
    const element = event.target as HTMLElement | null;
    return Boolean(
      element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)),
    );
  };
  const MOVE_KEYS = new Set([
    "KeyW",
    "KeyA",
    "KeyS",
    "KeyD",
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "ShiftLeft",
    "ShiftRight",
  ]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!inputEnabled || typing(event) || !MOVE_KEYS.has(event.code)) return;
    if (event.code.startsWith("Arrow")) event.preventDefault();
    keys.add(event.code);
    updateHold();
  };
  const onKeyUp = (event: KeyboardEvent) => {
    keys.delete(event.code);
    updateHold();
  };
  const onBlur = () => {
    keys.clear();
    updateHold();
  };

  // look: drag (any pointer), or the mouse while the pointer is locked
  let drag: { id: number; x: number; y: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (!inputEnabled || event.button !== 0) return;
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!inputEnabled) return;
    if (document.pointerLockElement === canvas) {
      player.look(event.movementX, event.movementY);
      return;
    }
    if (!drag || drag.id !== event.pointerId) return;
    player.look(event.clientX - drag.x, event.clientY - drag.y);
    drag.x = event.clientX;
    drag.y = event.clientY;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (drag?.id === event.pointerId) drag = null;
  };
  const onDoubleClick = () => {
    if (!inputEnabled || !canvas.requestPointerLock) return;
    try {
      const request = canvas.requestPointerLock() as unknown as Promise<void> | undefined;
      request?.catch?.(() => {});
    } catch {
      // pointer lock refused (iframes without permission): dragging still looks around
    }
  };
  window.addEventListener("keydown", onKeyDown);
  window.addEventListener("keyup", onKeyUp);
  window.addEventListener("blur", onBlur);
  canvas.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerUp);
  canvas.addEventListener("dblclick", onDoubleClick);

  const player: Player = {
    pose: () => ({ position: [body.x, body.y, body.z], yaw, pitch }),
    teleport(pose) {
      glide = null;
      gliding = false;
      target = null;
      place(pose);
      showView();
    },
    glideTo(eye, seconds) {
      if (glide) glide.resolve();
      gliding = true;
      target = null;
      avatar.root.visible = false;
      return new Promise<void>((resolve) => {
        glide = {
          from: {
            position: camera.position.clone(),
            yaw: camera.rotation.y,
            pitch: camera.rotation.x,
          },
          to: { position: new Vector3(...eye.position), yaw: eye.yaw, pitch: eye.pitch },
          time: 0,
          seconds: Math.max(0.01, seconds),
          resolve,
        };
        updateHold();
      });
    },
    endGlide() {
      if (glide) glide.resolve();
      glide = null;
      if (!gliding) return;
      gliding = false;
      const position: Vec3 = [camera.position.x, camera.position.y - EYE_HEIGHT, camera.position.z];
      place({ position, yaw: camera.rotation.y, pitch: camera.rotation.x });
      applyCamera();
      updateHold();
      engine.requestRender();
    },
    setThirdPerson(on) {
      thirdPerson = on;
      applyCamera();
      engine.requestRender();
    },
    get thirdPerson() {
      return thirdPerson;
    },
    setJoystick(x, y) {
      joystick.x = Math.max(-1, Math.min(1, x));
      joystick.y = Math.max(-1, Math.min(1, y));
      updateHold();
    },
    look(dx, dy) {
      if (gliding) return;
      yaw -= dx * LOOK_SPEED;
      pitch = Math.max(-1.3, Math.min(1.3, pitch - dy * LOOK_SPEED));
      applyCamera();
      engine.requestRender();
    },
    walkTo(point) {
      if (gliding) return;
      target = { x: point[0], z: point[2], stuck: 0 };
      updateHold();
    },
    playEmote(emote) {
      avatar.playEmote(emote);
      applyCamera();
      updateHold();
    },
    setAvatar,
    setInputEnabled(on) {
      inputEnabled = on;
      if (!on) {
        keys.clear();
        joystick.x = 0;
        joystick.y = 0;
        drag = null;
        if (document.pointerLockElement === canvas) document.exitPointerLock();
      }
      updateHold();
    },
    setPortals(next) {
      portals = next;
    },
    refreshColliders() {
      colliders = engine.colliders();
    },
    dispose() {
      offFrame();
      engine.keepRendering("player", false);
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", onBlur);
      canvas.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("pointerup", onPointerUp);
      window.removeEventListener("pointercancel", onPointerUp);
      canvas.removeEventListener("dblclick", onDoubleClick);
      if (document.pointerLockElement === canvas) document.exitPointerLock();
      avatar.dispose();
    },
  };
  return player;
}
