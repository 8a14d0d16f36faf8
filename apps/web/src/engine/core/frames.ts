// Rendering on demand: a frame is drawn when something asks for one (`request`), or every
// animation frame while some holder keeps rendering (walking, glides, playing videos, animated
// models). Nothing else draws: an idle space costs nothing.
//
// Frames asked for by content arriving (`requestPaced`: items streaming in, textures of the
// finishes) are paced by what a frame costs: such a frame waits until the last one has been
// followed by twice its cost of time for other work. On a GPU a frame costs a few milliseconds
// and this changes nothing; with software WebGL (SwiftShader, some phones and remote desktops) a
// frame of a full room can block the page for most of a second, and items streaming in one by
// one would otherwise ask for a frame each and starve their own loading. Frames for the visitor
// (`request`: looking, editing) and held frames (walking) are never paced.

/** Idle time after a frame, as a multiple of its cost, before an on-demand frame is drawn. */
export const FRAME_PACING = 2;

export interface FrameClock {
  now(): number;
  /** requestAnimationFrame */
  animationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
  /** Calls back once the browser has finished the current task (the frame's commit). */
  afterTask(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FrameLoop {
  /** Draws one frame at the next animation frame. */
  request(): void;
  /** Draws one frame soon, paced by the cost of the last one (content arriving). */
  requestPaced(): void;
  /** Draws every animation frame while any holder is active. */
  hold(holder: string, active: boolean): void;
  /** Draws a frame now with `render` (instead of any frame waiting). */
  drawNow(render: () => void): void;
  /** Milliseconds the last measured frame cost (drawing and handing it to the page). */
  readonly cost: number;
  dispose(): void;
}

export function browserClock(): FrameClock {
  const channel = typeof MessageChannel !== "undefined" ? new MessageChannel() : null;
  const queue: Array<() => void> = [];
  if (channel)
    channel.port1.onmessage = () => {
      const next = queue.shift();
      next?.();
    };
  return {
    now: () => performance.now(),
    animationFrame: (callback) => requestAnimationFrame(callback),
    cancelAnimationFrame: (handle) => cancelAnimationFrame(handle),
    afterTask: (callback) => {
      if (!channel) return void setTimeout(callback, 0);
      queue.push(callback);
      channel.port2.postMessage(null);
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** `draw(deltaSeconds)` renders one frame. */
export function createFrameLoop(
  draw: (delta: number) => void,
  clock: FrameClock = browserClock(),
): FrameLoop {
  const holders = new Set<string>();
  let animationRequest = 0;
  let waiting: unknown = null;
  let lastFrame = 0;
  let cost = 0;
  let readyAt = 0;
  let disposed = false;

  const measured = (render: () => void) => {
    const started = clock.now();
    render();
    clock.afterTask(() => {
      cost = clock.now() - started;
      readyAt = started + cost * (1 + FRAME_PACING);
    });
  };
  const frame = (time: number) => {
    animationRequest = 0;
    if (disposed) return;
    const delta = lastFrame ? Math.min(0.25, (time - lastFrame) / 1000) : 1 / 60;
    lastFrame = time;
    measured(() => draw(delta));
    if (holders.size > 0) schedule();
    else lastFrame = 0;
  };
  const schedule = () => {
    if (!animationRequest && !disposed) animationRequest = clock.animationFrame(frame);
  };
  const cancelWait = () => {
    if (waiting === null) return;
    clock.clearTimeout(waiting);
    waiting = null;
  };
  const request = () => {
    cancelWait();
    schedule();
  };
  const requestPaced = () => {
    if (disposed || animationRequest || waiting !== null) return;
    const wait = holders.size > 0 ? 0 : readyAt - clock.now();
    if (wait <= 1) return schedule();
    waiting = clock.setTimeout(() => {
      waiting = null;
      schedule();
    }, wait);
  };

  return {
    request,
    requestPaced,
    hold(holder, active) {
      const held = holders.has(holder);
      if (active === held) return;
      if (active) holders.add(holder);
      else holders.delete(holder);
      // one more frame shows where a holder left things
      request();
    },
    drawNow(render) {
      if (disposed) return;
      if (animationRequest) clock.cancelAnimationFrame(animationRequest);
      animationRequest = 0;
      cancelWait();
      measured(render);
      if (holders.size > 0) schedule();
    },
    get cost() {
      return cost;
    },
    dispose() {
      disposed = true;
      if (animationRequest) clock.cancelAnimationFrame(animationRequest);
      animationRequest = 0;
      cancelWait();
    },
  };
}
