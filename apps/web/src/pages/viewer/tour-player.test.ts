import type { TourPoint } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { TourPlayer, type TourState } from "./tour-player";

const point = (n: number, duration = 5): TourPoint => ({
  guidedTourPointId: `p${n}`,
  guidedTourId: "t",
  order: n,
  title: `Point ${n}`,
  description: "",
  audioUri: null,
  color: "#3DABFF",
  position: [n, 1.6, 0],
  rotation: [0, 0, 0],
  scale: [1, 1, 1],
  bounds: [1, 1, 1],
  boundsCenter: [0, 0, 0],
  instanceTag: null,
  duration,
});

function setup(points: TourPoint[]) {
  const states: TourState[] = [];
  const glides: number[] = [];
  const audio: Array<string | null> = [];
  const player = new TourPlayer(points, {
    glide: async (_point, index) => {
      glides.push(index);
    },
    onChange: (state) => states.push(state),
    audio: (p, playing) => audio.push(p && playing ? p.guidedTourPointId : null),
  });
  return { player, states, glides, audio };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("TourPlayer", () => {
  it("plays every point for its duration to the end", async () => {
    const { player, glides } = setup([point(0, 4), point(1, 6)]);
    player.play();
    await flush();
    expect(player.current).toMatchObject({ index: 0, phase: "showing" });
    player.tick(3.9);
    expect(player.current.index).toBe(0);
    player.tick(0.2);
    await flush();
    expect(player.current).toMatchObject({ index: 1, phase: "showing" });
    player.tick(6);
    expect(player.current.phase).toBe("ended");
    expect(glides).toEqual([0, 1]);
  });

  it("pauses and resumes; time does not run while paused", async () => {
    const { player, audio } = setup([point(0, 4), point(1)]);
    player.play();
    await flush();
    player.pause();
    player.tick(100);
    expect(player.current).toMatchObject({ index: 0, paused: true });
    player.play();
    player.tick(4);
    await flush();
    expect(player.current.index).toBe(1);
    expect(audio).toContain(null);
  });

  it("next and previous move between points; next on the last ends", async () => {
    const { player } = setup([point(0), point(1), point(2)]);
    player.play();
    await flush();
    player.next();
    await flush();
    player.next();
    await flush();
    expect(player.current.index).toBe(2);
    player.previous();
    await flush();
    expect(player.current.index).toBe(1);
    player.next();
    await flush();
    player.next();
    expect(player.current.phase).toBe("ended");
    player.play();
    await flush();
    expect(player.current).toMatchObject({ index: 0, phase: "showing" });
  });

  it("shows a point at least 3 s even when its duration is shorter", async () => {
    const { player } = setup([point(0, 0), point(1)]);
    player.play();
    await flush();
    player.tick(2.9);
    expect(player.current.index).toBe(0);
    player.tick(0.2);
    await flush();
    expect(player.current.index).toBe(1);
  });

  it("an empty tour does nothing", () => {
    const { player, states } = setup([]);
    player.play();
    expect(states).toEqual([]);
  });
});
