import { describe, expect, it, vi } from "vitest";
import { AUTO_CAPTURE_EVERY_MS, createCoverUploader } from "./rendered-cover";

describe("the rendered cover after a save", () => {
  it("is taken and sent on each save, an autosave's at most every two minutes", async () => {
    let clock = 1_000_000;
    const picture = new Blob(["view"], { type: "image/webp" });
    const capture = vi.fn(async () => picture);
    const send = vi.fn(async () => ({}));
    const after = createCoverUploader({ capture }, send, () => clock);
    expect(await after("s1", true)).toBe(true);
    expect(send).toHaveBeenLastCalledWith("s1", picture);
    clock += 30_000;
    expect(await after("s1", true)).toBe(false);
    expect(await after("s1", false)).toBe(true);
    clock += AUTO_CAPTURE_EVERY_MS + 1;
    expect(await after("s1", true)).toBe(true);
    // another space is not held back by the first one's time
    expect(await after("s2", true)).toBe(true);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it("sends nothing without a 3D view, and survives a failed upload", async () => {
    const none = createCoverUploader({ capture: async () => null }, vi.fn());
    expect(await none("s1", false)).toBe(false);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = createCoverUploader({ capture: async () => new Blob(["v"]) }, async () => {
      throw new Error("offline");
    });
    expect(await failing("s1", false)).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
