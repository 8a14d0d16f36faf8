import { HUB_CONNECT_FAILURE_LOG } from "@atrium/domain";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { connectHub } from "./hub-connection";

// The spec's hub rules (2 §8, §9.1) against a stand-in socket: what the client does when the
// handshake is refused with 401, when it fails otherwise, and when it succeeds.

type Listener = (...args: unknown[]) => void;
class Emitter {
  private listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
    return true;
  }
}

class FakeSocket extends Emitter {
  active = false;
  connected = false;
  io = new Emitter();
  connects = 0;
  auth: ((cb: (data: unknown) => void) => void) | undefined;
  /** What the next connect attempt does: succeed, or fail with this status. */
  outcome: Array<"ok" | 401 | 500> = [];
  connect() {
    this.connects += 1;
    this.active = true;
    this.auth?.(() => {
      const next = this.outcome.shift() ?? 500;
      queueMicrotask(() => {
        if (next === "ok") {
          this.connected = true;
          this.emit("connect");
        } else {
          this.active = false;
          this.emit(
            "connect_error",
            Object.assign(new Error("refused"), { data: { status: next } }),
          );
        }
      });
    });
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
}

beforeAll(() => {
  vi.stubGlobal("location", { origin: "http://atrium.test" });
});

function setup(outcome: FakeSocket["outcome"]) {
  const socket = new FakeSocket();
  socket.outcome = outcome;
  const states: string[] = [];
  const logs: string[] = [];
  const calls: { url: string; method: string }[] = [];
  const fetchStub = (async (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? "GET" });
    if (init?.method === "HEAD") return new Response(null, { status: 200 });
    return Response.json({
      accessToken: "token",
      expiresAt: "2030-01-01T00:00:00.000Z",
      userId: "u1",
      guest: false,
    });
  }) as unknown as typeof fetch;
  connectHub({
    hub: "liveuserhub",
    onState: (state) => states.push(state),
    log: (message) => logs.push(message),
    fetch: fetchStub,
    retryDelayMs: 1,
    connect: ((_url: string, options: { auth: FakeSocket["auth"] }) => {
      socket.auth = options.auth;
      return socket;
    }) as never,
  });
  return { socket, states, logs, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("hub connection rules", () => {
  it("connects: Connecting, then Connected", async () => {
    const { states, logs } = setup(["ok"]);
    await settle();
    expect(states).toEqual(["Connecting", "Connected"]);
    expect(logs).toEqual([]);
  });

  it("a 401 stops silently: no retry, no log", async () => {
    const { socket, states, logs, calls } = setup([401, "ok"]);
    await settle();
    expect(socket.connects).toBe(1);
    expect(states.at(-1)).toBe("Disconnected");
    expect(logs).toEqual([]);
    expect(calls.filter((call) => call.method === "HEAD")).toHaveLength(0);
  });

  it("another failure probes the key and retries up to 3 times, then logs", async () => {
    const { socket, states, logs, calls } = setup([500, 500, 500, 500, "ok"]);
    await settle();
    expect(socket.connects).toBe(4);
    expect(calls.filter((call) => call.method === "HEAD")).toHaveLength(4);
    expect(calls.find((call) => call.method === "HEAD")?.url).toContain("access_token=token");
    expect(logs).toEqual([HUB_CONNECT_FAILURE_LOG]);
    expect(states.at(-1)).toBe("Disconnected");
  });

  it("a failure followed by success connects without a log", async () => {
    const { socket, states, logs } = setup([500, "ok"]);
    await settle();
    expect(socket.connects).toBe(2);
    expect(states.at(-1)).toBe("Connected");
    expect(logs).toEqual([]);
  });
});
