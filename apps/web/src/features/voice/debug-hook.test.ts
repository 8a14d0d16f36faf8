import { afterEach, describe, expect, it, vi } from "vitest";
import { DEBUG_HOOKS_KEY } from "../../app/debug-hooks";
import { exposeVoice, type VoiceDebugHook } from "./debug-hook";

const hookOf = () => (globalThis as { __atriumVoice?: unknown }).__atriumVoice;
const hook = (): VoiceDebugHook => ({
  state: () => ({ joined: true, muted: false, peers: [] }),
  stats: async () => [],
});

function fakeStorage(values: Record<string, string>) {
  vi.stubGlobal("localStorage", { getItem: (key: string) => values[key] ?? null });
}

describe("the voice chat's debug hook", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is not exposed by default (production visitors get no window.__atriumVoice)", () => {
    fakeStorage({});
    const cleanup = exposeVoice(hook());
    expect(hookOf()).toBeUndefined();
    cleanup();
  });

  it("is exposed when a test asked for it before loading, and removed on cleanup", () => {
    fakeStorage({ [DEBUG_HOOKS_KEY]: "1" });
    const first = hook();
    const cleanup = exposeVoice(first);
    expect(hookOf()).toBe(first);
    // a later join's hook is not removed by an earlier one's cleanup
    const second = hook();
    const cleanupSecond = exposeVoice(second);
    cleanup();
    expect(hookOf()).toBe(second);
    cleanupSecond();
    expect(hookOf()).toBeUndefined();
  });
});
