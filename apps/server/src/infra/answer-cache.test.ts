import { afterEach, describe, expect, it, vi } from "vitest";
import { createAnswerCache } from "./answer-cache";

describe("answer cache", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a repeated key from memory until its lifetime ends", async () => {
    vi.useFakeTimers();
    const cache = createAnswerCache<number>(2000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.through("a", compute)).toBe(1);
    vi.advanceTimersByTime(1999);
    expect(await cache.through("a", compute)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.through("a", compute)).toBe(2);
    expect(await cache.through("b", compute)).toBe(3);
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = createAnswerCache<string>(60_000, 2);
    for (const key of ["a", "b", "c"]) await cache.through(key, async () => key);
    let recomputed = false;
    await cache.through("a", async () => {
      recomputed = true;
      return "a";
    });
    expect(recomputed).toBe(true);
    expect(await cache.through("c", async () => "changed")).toBe("c");
  });

  it("computes every time when turned off", async () => {
    const cache = createAnswerCache<number>(0);
    let computed = 0;
    await cache.through("a", async () => ++computed);
    await cache.through("a", async () => ++computed);
    expect(computed).toBe(2);
  });
});
