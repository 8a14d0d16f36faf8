import { describe, expect, it, vi } from "vitest";
import { createLiveCountBatch } from "./live-count-batch";

describe("the cards' live count batch", () => {
  it("asks once for every card of the window, and 0 for spaces nobody is in", async () => {
    const fetchCounts = vi.fn(async (ids: string[]) => ({
      counts: Object.fromEntries(ids.filter((id) => id !== "empty").map((id) => [id, 3])),
    }));
    const load = createLiveCountBatch(fetchCounts, 5);
    const counts = await Promise.all([load("a"), load("empty"), load("b"), load("a")]);
    expect(counts).toEqual([3, 0, 3, 3]);
    expect(fetchCounts).toHaveBeenCalledTimes(1);
    expect(fetchCounts.mock.calls[0]?.[0]).toEqual(["a", "empty", "b"]);
  });

  it("splits a long page into calls of at most 100 spaces, and passes failures on", async () => {
    const fetchCounts = vi.fn(async (ids: string[]) => {
      if (ids.includes("s150")) throw new Error("down");
      return { counts: {} };
    });
    const load = createLiveCountBatch(fetchCounts, 5);
    const results = await Promise.allSettled(Array.from({ length: 230 }, (_, i) => load(`s${i}`)));
    expect(fetchCounts.mock.calls.map((call) => call[0].length)).toEqual([100, 100, 30]);
    expect(results[0]).toEqual({ status: "fulfilled", value: 0 });
    expect(results[150]?.status).toBe("rejected");
  });
});
