// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { FollowCountdown } from "./FollowCountdown";

const travel = {
  partyId: "p1",
  leader: { userId: "lea", name: "Lea Leader", profilePicture: null },
  sceneId: "garden",
  instanceId: "garden.2",
  sceneTitle: "Garden B",
  countdownMs: 5000,
  seatUntil: new Date(Date.now() + 60_000).toISOString(),
};

function setup() {
  const onGo = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <FollowCountdown travel={travel} onGo={onGo} onCancel={onCancel} phone={false} />
    </MantineProvider>,
  );
  return { onGo, onCancel };
}

describe("FollowCountdown (following the party's leader)", () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("says who and where, counts the seconds down, and goes once at zero", async () => {
    vi.useFakeTimers();
    const { onGo, onCancel } = setup();
    const box = screen.getByTestId("party-countdown");
    expect(box.textContent).toContain("Following Lea Leader");
    expect(box.textContent).toContain("to Garden B");
    const seconds = () =>
      screen.getByTestId("party-countdown-seconds").getAttribute("data-seconds");
    expect(seconds()).toBe("5");
    await act(async () => vi.advanceTimersByTime(2100));
    expect(seconds()).toBe("3");
    expect(onGo).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(seconds()).toBe("0");
    await act(async () => vi.advanceTimersByTime(2000));
    expect(onGo).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("'Stay here' cancels", () => {
    const { onGo, onCancel } = setup();
    fireEvent.click(screen.getByTestId("party-countdown-cancel"));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onGo).not.toHaveBeenCalled();
  });
});
