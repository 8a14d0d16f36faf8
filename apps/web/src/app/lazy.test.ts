import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyLoadTimeoutError, withTimeout } from "./lazy";

describe("withTimeout (lazy pages)", () => {
  afterEach(() => vi.useRealTimers());

  it("passes a module that loads in time through", async () => {
    const module = { page: "pricing" };
    await expect(withTimeout(async () => module, 1000)()).resolves.toBe(module);
  });

  it("fails with the spec's message after 60 s", async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise<never>(() => {}))();
    const assertion = expect(pending).rejects.toThrow(
      "Failed to load chunked component due to timeout",
    );
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    await expect(pending).rejects.toBeInstanceOf(LazyLoadTimeoutError);
  });

  it("passes a load failure through unchanged", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module");
    await expect(withTimeout(() => Promise.reject(failure), 1000)()).rejects.toBe(failure);
  });
});
