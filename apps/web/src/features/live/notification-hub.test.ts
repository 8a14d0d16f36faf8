import type { Socket } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { acquireNotificationHub } from "./notification-hub";

describe("the tab's notificationhub connection", () => {
  it("is opened once for every holder and closed when the last one lets go", () => {
    const disconnect = vi.fn();
    let report: ((state: "Connected") => void) | undefined;
    const connect = vi.fn((options: { onState: (state: "Connecting" | "Connected") => void }) => {
      report = options.onState;
      options.onState("Connecting"); // as connectHub does, while the socket is being made
      return { disconnect } as unknown as Socket;
    });
    const states: string[] = [];
    const bell = acquireNotificationHub((state) => states.push(state), connect as never);
    const billing = acquireNotificationHub(undefined, connect as never);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(billing.socket).toBe(bell.socket);
    report?.("Connected");
    expect(states).toEqual(["Connecting", "Connected"]);
    bell.release();
    bell.release();
    expect(disconnect).not.toHaveBeenCalled();
    billing.release();
    expect(disconnect).toHaveBeenCalledTimes(1);
    acquireNotificationHub(undefined, connect as never).release();
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
