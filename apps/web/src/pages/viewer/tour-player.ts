import type { TourPoint } from "@atrium/domain";

// Playing a guided tour: glide to each point, show its name and description for its duration
// (playing its audio), then the next; play, pause, next and previous. Time advances through
// `tick` (the viewer calls it every frame while a tour plays), so tests drive it directly.

export type TourPhase = "idle" | "gliding" | "showing" | "ended";

export interface TourState {
  index: number;
  phase: TourPhase;
  paused: boolean;
  /** Seconds the current point has shown. */
  elapsed: number;
}

export interface TourHooks {
  /** Moves the camera to the point; resolves on arrival. */
  glide(point: TourPoint, index: number): Promise<void>;
  onChange(state: TourState): void;
  /** The point starts showing (play its audio); null stops any audio. */
  audio?(point: TourPoint | null, playing: boolean): void;
}

/** The shortest time a point shows, whatever its duration says. */
export const MIN_POINT_SECONDS = 3;

export class TourPlayer {
  private state: TourState = { index: 0, phase: "idle", paused: false, elapsed: 0 };
  private generation = 0;

  constructor(
    private readonly points: readonly TourPoint[],
    private readonly hooks: TourHooks,
  ) {}

  get current(): TourState {
    return { ...this.state };
  }

  get point(): TourPoint | undefined {
    return this.points[this.state.index];
  }

  private set(next: Partial<TourState>) {
    this.state = { ...this.state, ...next };
    this.hooks.onChange(this.current);
  }

  play() {
    if (this.points.length === 0) return;
    if (this.state.phase === "idle" || this.state.phase === "ended") {
      void this.goTo(0);
      return;
    }
    if (this.state.paused) {
      this.set({ paused: false });
      if (this.state.phase === "showing") this.hooks.audio?.(this.point ?? null, true);
    }
  }

  pause() {
    if (this.state.phase === "idle" || this.state.phase === "ended" || this.state.paused) return;
    this.set({ paused: true });
    this.hooks.audio?.(this.point ?? null, false);
  }

  next() {
    if (this.state.phase === "idle") return;
    if (this.state.index + 1 >= this.points.length) this.end();
    else void this.goTo(this.state.index + 1);
  }

  previous() {
    if (this.state.phase === "idle") return;
    void this.goTo(Math.max(0, this.state.index - 1));
  }

  stop() {
    this.generation++;
    this.hooks.audio?.(null, false);
    this.set({ index: 0, phase: "idle", paused: false, elapsed: 0 });
  }

  /** Advances the shown point's time by `delta` seconds. */
  tick(delta: number) {
    if (this.state.phase !== "showing" || this.state.paused) return;
    const elapsed = this.state.elapsed + delta;
    const point = this.point;
    const duration = Math.max(MIN_POINT_SECONDS, point?.duration ?? 0);
    if (elapsed >= duration) this.next();
    else this.state = { ...this.state, elapsed };
  }

  private end() {
    this.generation++;
    this.hooks.audio?.(null, false);
    this.set({ phase: "ended", paused: false, elapsed: 0 });
  }

  private async goTo(index: number) {
    const generation = ++this.generation;
    const point = this.points[index];
    if (!point) return;
    this.hooks.audio?.(null, false);
    this.set({ index, phase: "gliding", elapsed: 0 });
    await this.hooks.glide(point, index);
    if (generation !== this.generation) return;
    this.set({ phase: "showing", elapsed: 0 });
    if (!this.state.paused) this.hooks.audio?.(point, true);
  }
}
