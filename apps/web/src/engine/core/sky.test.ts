import { describe, expect, it, vi } from "vitest";
import { skyVisibilityTest } from "./sky";

/** A WebGL 2 context's occlusion queries, answered when the test says so. */
function fakeQueries() {
  const answers = new Map<object, number | undefined>();
  const unanswered: object[] = [];
  let next = 0;
  const gl = {
    ANY_SAMPLES_PASSED_CONSERVATIVE: 0x8d6a,
    QUERY_RESULT: 0x8866,
    QUERY_RESULT_AVAILABLE: 0x8867,
    createQuery: vi.fn(() => ({ id: next++ }) as unknown as WebGLQuery),
    deleteQuery: vi.fn(),
    beginQuery: vi.fn((_target: number, query: object) => {
      answers.set(query, undefined);
      unanswered.push(query);
    }),
    endQuery: vi.fn(),
    getQueryParameter: vi.fn((query: object, parameter: number) => {
      const answer = answers.get(query);
      return parameter === 0x8867 ? answer !== undefined : answer;
    }),
  };
  /** The GPU answers the oldest unanswered query: `samples` passed the depth test. */
  const answer = (samples: number) => {
    const query = unanswered.shift();
    if (query) answers.set(query, samples);
  };
  return { gl: gl as unknown as WebGL2RenderingContext, answer, calls: gl };
}

/** One engine frame: the probe's query around its draw, then the frame's end. */
function frame(test: ReturnType<typeof skyVisibilityTest>) {
  const withSky = test.seen();
  test.begin();
  test.end();
  test.drawn(withSky);
  return withSky;
}

describe("the sky's visibility test", () => {
  it("draws the sky until a query has answered, then follows the newest answer", () => {
    const { gl, answer } = fakeQueries();
    const test = skyVisibilityTest(gl, { onSkySeen: () => {}, nextTick: () => {} });
    expect(frame(test)).toBe(true);
    expect(frame(test)).toBe(true);
    answer(0);
    expect(frame(test)).toBe(false);
    answer(0);
    answer(12);
    expect(frame(test)).toBe(true);
  });

  it("asks for a frame when a frame drawn without the sky turns out to have sky in view", () => {
    const { gl, answer } = fakeQueries();
    const ticks: Array<() => void> = [];
    const onSkySeen = vi.fn();
    const test = skyVisibilityTest(gl, { onSkySeen, nextTick: (callback) => ticks.push(callback) });
    frame(test);
    answer(0);
    // this frame leaves the sky out; its own query is still unanswered, so it is watched
    expect(frame(test)).toBe(false);
    expect(ticks).toHaveLength(1);
    ticks.shift()?.();
    expect(onSkySeen).not.toHaveBeenCalled();
    expect(ticks).toHaveLength(1);
    answer(3);
    ticks.shift()?.();
    expect(onSkySeen).toHaveBeenCalledTimes(1);
    expect(ticks).toHaveLength(0);
    expect(frame(test)).toBe(true);
  });

  it("reuses answered queries instead of making one per frame", () => {
    const { gl, answer, calls } = fakeQueries();
    const test = skyVisibilityTest(gl, { onSkySeen: () => {}, nextTick: () => {} });
    for (let i = 0; i < 50; i++) {
      frame(test);
      answer(0);
    }
    expect(calls.createQuery.mock.calls.length).toBeLessThanOrEqual(2);
    test.dispose();
    expect(calls.deleteQuery.mock.calls.length).toBe(calls.createQuery.mock.calls.length);
  });

  it("never leaves the sky out without WebGL 2 queries", () => {
    const test = skyVisibilityTest({} as WebGLRenderingContext, { onSkySeen: () => {} });
    expect(test.available).toBe(false);
    for (let i = 0; i < 3; i++) expect(frame(test)).toBe(true);
  });
});
