// Which of a placed model's animation clips play (always looped): none, one by name, or all of
// them together. Zod-free: the 3D engine imports it, and zod is no part of the viewer's first frame.

/** A model item's `animation`: null plays nothing, a clip's name plays that clip, `{ all: true }` every clip. */
export type ModelAnimationChoice = string | { all: true } | null;

export const ALL_CLIPS: { all: true } = { all: true };

export type AnimationPlayback = { mode: "none" } | { mode: "one"; clip: string } | { mode: "all" };

/** What a stored choice means ("" is no clip, as null). */
export function animationPlayback(choice: ModelAnimationChoice | undefined): AnimationPlayback {
  if (choice === null || choice === undefined || choice === "") return { mode: "none" };
  if (typeof choice === "string") return { mode: "one", clip: choice };
  return { mode: "all" };
}

/** The choice to store for a playback. */
export function animationChoiceOf(playback: AnimationPlayback): ModelAnimationChoice {
  if (playback.mode === "none") return null;
  if (playback.mode === "one") return playback.clip;
  return { all: true };
}

/**
 * The clips to play of a model that has `names`: none, the chosen one when the model has it
 * (a clip the model no longer has plays nothing), or every clip.
 */
export function clipsToPlay(
  choice: ModelAnimationChoice | undefined,
  names: readonly string[],
): string[] {
  const playback = animationPlayback(choice);
  if (playback.mode === "none") return [];
  if (playback.mode === "all") return [...names];
  return names.includes(playback.clip) ? [playback.clip] : [];
}

/**
 * A clip's name as three.js's glTF loader reports it: its own name, or `animation_<index>` for
 * an unnamed one. The server stores the names this way so the editor's choice finds the clip.
 */
export const clipNameOf = (name: string | null | undefined, index: number) =>
  name ? name : `animation_${index}`;
