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

describe("useAutosave soon after the last edit and on leaving (issue 21 item 9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const state = (change: number, extra: Partial<Parameters<typeof useAutosave>[0]> = {}) => ({
    enabled: true,
    loaded: true,
    dirty: true,
    saved: true,
    change,
    ...extra,
  });

  it("saves a saved space two seconds after the last edit, once", () => {
    const save = vi.fn(async () => true);
    const { rerender } = renderHook((props) => useAutosave(props, save, 30_000, 2_000), {
      initialProps: state(1),
    });
    vi.advanceTimersByTime(1_500);
    rerender(state(2)); // another edit restarts the wait
    vi.advanceTimersByTime(1_999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    rerender(state(2, { dirty: false }));
    vi.advanceTimersByTime(10_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("a space never saved waits for the 30 s save (creating it is not a quick save)", () => {
    const save = vi.fn(async () => true);
    renderHook((props) => useAutosave(props, save, 30_000, 2_000), {
      initialProps: state(1, { saved: false }),
    });
    vi.advanceTimersByTime(29_999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("saves when the page is hidden or closed with unsaved changes, not otherwise", () => {
    const save = vi.fn(async () => true);
    const { rerender } = renderHook((props) => useAutosave(props, save, 30_000, 2_000), {
      initialProps: state(1),
    });
    window.dispatchEvent(new Event("pagehide"));
    expect(save).toHaveBeenCalledTimes(1);
    rerender(state(1, { dirty: false }));
    window.dispatchEvent(new Event("pagehide"));
    expect(save).toHaveBeenCalledTimes(1);
    rerender(state(1, { enabled: false }));
    window.dispatchEvent(new Event("pagehide"));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
