// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newSince, useFollowEnd } from "./use-follow-end";

const list = (...ids: number[]) => ids.map((id) => ({ id: `m${id}` }));

describe("newSince", () => {
  it("counts the messages after the last seen one", () => {
    expect(newSince(list(1, 2, 3), null)).toBe(3);
    expect(newSince(list(1, 2, 3), "m3")).toBe(0);
    expect(newSince(list(1, 2, 3), "m1")).toBe(2);
    expect(newSince(list(3, 4, 5), "m2")).toBe(3); // dropped from a capped list
    expect(newSince([], "m2")).toBe(0);
  });
});

/** A scrolling element 1000 px high showing 200 px, scrolled `fromEnd` px above its end. */
function viewport(fromEnd: number) {
  const el = {
    scrollHeight: 1000,
    clientHeight: 200,
    scrollTop: 800 - fromEnd,
    scrollTo: vi.fn(({ top }: { top: number }) => {
      el.scrollTop = Math.min(top, 800);
    }),
  };
  return el;
}

type Props = { messages: { id: string }[]; following: boolean; ready?: boolean };

function setup(initial: Props, fromEnd: number, openAtEnd = false) {
  const el = viewport(fromEnd);
  const hook = renderHook(
    ({ messages, following, ready }: Props) =>
      useFollowEnd(messages, { following, ready, openAtEnd }),
    { initialProps: initial },
  );
  hook.result.current.viewportRef.current = el as unknown as HTMLDivElement;
  const frame = () => act(() => vi.advanceTimersToNextFrame());
  return { el, frame, ...hook };
}

describe("useFollowEnd (chat tabs: follow new messages at the end, count them otherwise)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("follows new messages while shown and within 80 px of the end", () => {
    const { el, frame, rerender, result } = setup({ messages: list(1), following: true }, 80);
    rerender({ messages: list(1, 2), following: true });
    frame();
    expect(el.scrollTo).toHaveBeenCalledWith({ top: 1000 });
    expect(result.current.unread).toBe(0);
    expect(result.current.farFromEnd).toBe(false);
  });

  it("counts them as unread further up, until the reader scrolls back to the end", () => {
    const { el, frame, rerender, result } = setup({ messages: list(1), following: true }, 81);
    act(() => result.current.onScroll());
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.farFromEnd).toBe(false); // read once scrolling stops
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.farFromEnd).toBe(true);
    rerender({ messages: list(1, 2, 3), following: true });
    frame();
    expect(el.scrollTo).not.toHaveBeenCalled();
    expect(result.current.unread).toBe(2);
    el.scrollTop = 800;
    act(() => result.current.onScroll());
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.unread).toBe(0);
    expect(result.current.farFromEnd).toBe(false);
  });

  it("counts them as unread while hidden, even at the end; the button scrolls to the end", () => {
    const { el, rerender, result } = setup({ messages: list(1), following: false }, 0);
    rerender({ messages: list(1, 2), following: false });
    expect(result.current.unread).toBe(1);
    expect(el.scrollTo).not.toHaveBeenCalled();
    act(() => result.current.scrollToEnd());
    expect(el.scrollTo).toHaveBeenCalledWith({ top: 1000 });
    expect(result.current.unread).toBe(0);
  });

  it("keeps counting when a capped list drops its oldest message for each new one", () => {
    const { rerender, result } = setup({ messages: list(1, 2, 3), following: false }, 0);
    rerender({ messages: list(2, 3, 4), following: false });
    rerender({ messages: list(3, 4, 5), following: false });
    expect(result.current.unread).toBe(2);
  });

  it("opens a stored history at its end once loaded, without counting it as unread", () => {
    const { el, frame, rerender, result } = setup(
      { messages: [], following: true, ready: false },
      500,
      true,
    );
    frame();
    expect(el.scrollTo).not.toHaveBeenCalled();
    rerender({ messages: list(1, 2, 3), following: true, ready: true });
    frame();
    expect(el.scrollTo).toHaveBeenCalledTimes(1);
    expect(result.current.unread).toBe(0);
  });

  it("leaves the messages present at first alone when not opening at the end", () => {
    const { el, frame, result } = setup({ messages: list(1, 2), following: true }, 500);
    frame();
    expect(el.scrollTo).not.toHaveBeenCalled();
    expect(result.current.unread).toBe(0);
  });
});
