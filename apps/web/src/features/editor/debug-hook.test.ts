import { afterEach, describe, expect, it, vi } from "vitest";
import { DEBUG_HOOKS_KEY } from "../../app/debug-hooks";
import { exposeEditorEngine } from "./debug-hook";

const hookOf = () => (globalThis as { __atriumEditorEngine?: unknown }).__atriumEditorEngine;

function fakeStorage(values: Record<string, string>) {
  vi.stubGlobal("localStorage", { getItem: (key: string) => values[key] ?? null });
}

describe("the editor's engine debug hook", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is not exposed by default", () => {
    fakeStorage({});
    const cleanup = exposeEditorEngine({ engine: 1 });
    expect(hookOf()).toBeUndefined();
    cleanup();
  });

  it("is exposed when a test asked for it before loading, and removed on cleanup", () => {
    fakeStorage({ [DEBUG_HOOKS_KEY]: "1" });
    const engine = { engine: 2 };
    const cleanup = exposeEditorEngine(engine);
    expect(hookOf()).toBe(engine);
    cleanup();
    expect(hookOf()).toBeUndefined();
  });

  it("is not exposed when storage is blocked", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
    });
    exposeEditorEngine({});
    expect(hookOf()).toBeUndefined();
  });
});
