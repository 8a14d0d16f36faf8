import { describe, expect, it } from "vitest";
import { createCounters } from "./counters.js";

describe("in-memory counters", () => {
  it("count within a window that starts at the first hit and never stretches", async () => {
    let now = 1_000;
    const counters = createCounters(null, () => now);
    expect(await counters.increment("k", 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 60;
    expect(await counters.increment("k", 100)).toEqual({ count: 2, resetInMs: 40 });
    expect(await counters.read("k")).toEqual({ count: 2, resetInMs: 40 });
    now += 40;
    expect(await counters.read("k")).toBeNull();
    expect(await counters.increment("k", 100)).toEqual({ count: 1, resetInMs: 100 });
    await counters.reset("k");
    expect(await counters.read("k")).toBeNull();
  });
});
