/** The index `delta` steps from `current`, wrapping around a list of `count` (spec 2 §4). */
export function wrapIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + delta) % count) + count) % count;
}

/**
 * The image slider's rule: a move starts a transition that lasts `durationMs`, and clicks
 * while it runs are ignored. `now` is passed in so the rule is testable without a clock.
 */
export function createSliderGate(durationMs: number) {
  let busyUntil = Number.NEGATIVE_INFINITY;
  return {
    /** True when a move may start now; it then holds the gate for the transition. */
    tryStart(now: number): boolean {
      if (now < busyUntil) return false;
      busyUntil = now + durationMs;
      return true;
    },
    release() {
      busyUntil = Number.NEGATIVE_INFINITY;
    },
  };
}
