import { clipsToPlay, type ModelAnimationChoice } from "@atrium/domain";
import { type AnimationClip, AnimationMixer, LoopRepeat, type Object3D } from "three";

// A placed model plays its clips on its own copy of the loaded model (SkeletonUtils.clone, so
// that skins bind to the copy's bones). Tracks find their targets by name: three.js's glTF
// loader names a track after its node's name, or after the node's uuid when the node has none,
// and a copy's nodes get new uuids. Naming every unnamed node after its uuid once, when the
// model is loaded, keeps the copies' nodes findable (a copy keeps names).

/** Gives every unnamed object of a loaded model its uuid as name, which its clips' tracks use. */
export function nameUnnamedNodes(scene: Object3D) {
  scene.traverse((object) => {
    if (!object.name) object.name = object.uuid;
  });
}

/**
 * Plays the chosen clips of a model on `copy`, looped (none, one or all; scene/model-animation.ts
 * in the domain). Returns the mixer to advance each frame, or null when nothing plays.
 */
export function playClips(
  copy: Object3D,
  clips: readonly AnimationClip[],
  choice: ModelAnimationChoice | undefined,
): AnimationMixer | null {
  const names = clipsToPlay(
    choice,
    clips.map((clip) => clip.name),
  );
  if (names.length === 0) return null;
  const mixer = new AnimationMixer(copy);
  for (const name of names) {
    const clip = clips.find((one) => one.name === name);
    if (clip) mixer.clipAction(clip).setLoop(LoopRepeat, Number.POSITIVE_INFINITY).play();
  }
  return mixer;
}
