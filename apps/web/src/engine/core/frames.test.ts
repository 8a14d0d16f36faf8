import { describe, expect, it } from "vitest";
import { createFrameLoop, FRAME_PACING, type FrameClock } from "./frames";

/** A clock the test moves by hand: animation frames, timers and the end of the current task. */
function fakeClock() {
  let time = 0;
  let nextId = 1;
  const frames = new Map<number, (time: number) => void>();
  const timers = new Map<number, { at: number; callback: () => void }>();
  const afterTask: Array<() => void> = [];
  const clock: FrameClock = {
    now: () => time,
    animationFrame(callback) {
      const id = nextId++;
      frames.set(id, callback);
      return id;
    },
    cancelAnimationFrame: (id) => void frames.delete(id),
    afterTask: (callback) => void afterTask.push(callback),
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: time + ms, callback });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    clock,
    /** Runs the pending animation frames (each a task, `spend` ms long). */
    animationFrame(spend = 0) {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) {
        callback(time);
        time += spend;
        for (const done of afterTask.splice(0)) done();
      }
      return due.length;
    },
    /** Moves time on, firing the timers that come due. */
    advance(ms: number) {
      const end = time + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        time = next[1].at;
        timers.delete(next[0]);
        next[1].callback();
      }
      time = end;
    },
    get pendingFrames() {
      return frames.size;
    },
  };
}

describe("frame loop", () => {
  it("draws one frame per request, even when a frame lets go of a hold it never had", () => {
    const fake = fakeClock();
    let drawn = 0;
    // the player reports every frame whether it still moves (here: it does not)
    const loop = createFrameLoop(() => {
      drawn++;
      loop.hold("player", false);
    }, fake.clock);
    loop.request();
    fake.animationFrame();
    fake.advance(1000);
    fake.animationFrame();
    fake.advance(1000);
    fake.animationFrame();
    expect(drawn).toBe(1);
    expect(fake.pendingFrames).toBe(0);
  });

  it("draws every animation frame while held, and once more after", () => {
    const fake = fakeClock();
    let drawn = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.hold("walk", true);
    for (let i = 0; i < 5; i++) fake.animationFrame(400);
    expect(drawn).toBe(5);
    loop.hold("walk", false);
    fake.animationFrame(400);
    fake.advance(5000);
    fake.animationFrame();
    expect(drawn).toBe(6);
    expect(fake.pendingFrames).toBe(0);
  });

  it("paces frames asked for on demand by the cost of the last frame", () => {
    const fake = fakeClock();
    let drawn = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.request();
    fake.animationFrame(300);
    expect(loop.cost).toBe(300);
    // many items arriving ask for frames: one frame, once the page had its time
    loop.requestPaced();
    loop.requestPaced();
    expect(fake.animationFrame()).toBe(0);
    fake.advance(300 * FRAME_PACING - 10);
    expect(fake.animationFrame()).toBe(0);
    fake.advance(10);
    expect(fake.animationFrame()).toBe(1);
    expect(drawn).toBe(2);
  });

  it("cheap frames are not delayed", () => {
    const fake = fakeClock();
    let drawn = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.request();
    fake.animationFrame(0.2);
    loop.requestPaced();
    expect(fake.animationFrame()).toBe(1);
    expect(drawn).toBe(2);
  });

  it("the visitor's frames (looking around) are not paced", () => {
    const fake = fakeClock();
    let drawn = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.request();
    fake.animationFrame(300);
    loop.requestPaced();
    loop.request();
    expect(fake.animationFrame(300)).toBe(1);
    fake.advance(10_000);
    expect(fake.animationFrame()).toBe(0);
    expect(drawn).toBe(2);
  });

  it("a frame drawn now replaces the frame that was waiting", () => {
    const fake = fakeClock();
    let drawn = 0;
    let now = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.request();
    loop.drawNow(() => now++);
    expect(fake.animationFrame()).toBe(0);
    expect([drawn, now]).toEqual([0, 1]);
  });

  it("draws nothing after dispose", () => {
    const fake = fakeClock();
    let drawn = 0;
    const loop = createFrameLoop(() => drawn++, fake.clock);
    loop.request();
    loop.dispose();
    fake.animationFrame();
    loop.request();
    loop.hold("walk", true);
    fake.advance(1000);
    fake.animationFrame();
    expect(drawn).toBe(0);
  });
});
