// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAutosave } from "./use-autosave";

describe("useAutosave (every 30 s while loaded, on and dirty)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves every interval only while there are unsaved changes and auto-save is on", () => {
    const save = vi.fn(async () => true);
    const { rerender } = renderHook((state) => useAutosave(state, save, 30_000), {
      initialProps: { enabled: true, loaded: true, dirty: false },
    });
    vi.advanceTimersByTime(30_000);
    expect(save).not.toHaveBeenCalled();
    rerender({ enabled: true, loaded: true, dirty: true });
    vi.advanceTimersByTime(29_999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    rerender({ enabled: false, loaded: true, dirty: true });
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    rerender({ enabled: true, loaded: false, dirty: true });
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
