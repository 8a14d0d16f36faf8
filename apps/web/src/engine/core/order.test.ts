import { describe, expect, it } from "vitest";
import { nearestFirst, runLimited } from "./order";

describe("nearestFirst", () => {
  it("orders by distance from the origin, ties in their order", () => {
    const entries = [
      { id: "far", position: [10, 0, 0] as [number, number, number] },
      { id: "near", position: [1, 0, 0] as [number, number, number] },
      { id: "tie-a", position: [0, 0, 5] as [number, number, number] },
      { id: "tie-b", position: [5, 0, 0] as [number, number, number] },
      { id: "up", position: [0, 2, 0] as [number, number, number] },
    ];
    const ids = nearestFirst(entries, [0, 0, 0], (entry) => entry.position).map(
      (entry) => entry.id,
    );
    expect(ids).toEqual(["near", "up", "tie-a", "tie-b", "far"]);
    expect(entries[0]?.id).toBe("far");
  });
});

describe("runLimited", () => {
  it("runs every entry with at most `limit` at once and survives failures", async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      seen.push(n);
      if (n === 4) throw new Error("broken");
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
