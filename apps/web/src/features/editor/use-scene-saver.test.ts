// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EditorStore } from "./store/editor-store";

const saveScene = vi.fn();
const showToast = vi.fn();
vi.mock("./save-scene", async (original) => ({
  ...(await original<typeof import("./save-scene")>()),
  saveScene: (...args: unknown[]) => saveScene(...args),
}));
vi.mock("../toast/toast", () => ({ showToast: (...args: unknown[]) => showToast(...args) }));
vi.mock("react-router", () => ({ useNavigate: () => () => {} }));
vi.mock("react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const { useSceneSaver } = await import("./use-scene-saver");

function fakeStore() {
  let revision = 1;
  let title = "first";
  return {
    getSession: () => ({ sceneId: "scene-1", revision, title, readOnlyReason: null }),
    getDocument: () => ({}),
    flushPending: () => {},
    markSaved: (result: { revision: number }) => {
      revision = result.revision;
    },
    setTitle: (next: string) => {
      title = next;
    },
  };
}

/** A saveScene whose answers the test releases one by one. */
function heldSaves() {
  const waiting: Array<() => void> = [];
  saveScene.mockImplementation(
    (request: { revision: number; title: string }) =>
      new Promise((resolve) =>
        waiting.push(() =>
          resolve({ sceneId: "scene-1", revision: request.revision + 1, created: false }),
        ),
      ),
  );
  return async () => {
    await act(async () => {
      waiting.shift()?.();
    });
  };
}

describe("useSceneSaver: one save at a time", () => {
  beforeEach(() => {
    saveScene.mockReset();
    showToast.mockReset();
  });

  it("a user's Save during an autosave waits for it, then saves what came after and says so", async () => {
    const release = heldSaves();
    const store = fakeStore();
    const { result } = renderHook(() => useSceneSaver(store as unknown as EditorStore));
    let auto: Promise<boolean> = Promise.resolve(false);
    act(() => {
      auto = result.current.save({ auto: true });
    });
    store.setTitle("second"); // an edit while the autosave runs
    let manual: Promise<boolean> = Promise.resolve(false);
    act(() => {
      manual = result.current.save();
    });
    expect(saveScene).toHaveBeenCalledTimes(1);
    await release();
    expect(await auto).toBe(true);
    // before: the click was dropped (false), nothing saved after the autosave, no toast
    await vi.waitFor(() => expect(saveScene).toHaveBeenCalledTimes(2));
    expect(saveScene.mock.calls[1]?.[0]).toMatchObject({ revision: 2, title: "second" });
    await release();
    expect(await manual).toBe(true);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast.mock.calls[0]?.[0]).toMatchObject({ color: "green" });
  });

  it("the preview's save (auto, wait) waits for the running one, then saves without a toast", async () => {
    const release = heldSaves();
    const { result } = renderHook(() => useSceneSaver(fakeStore() as unknown as EditorStore));
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.save({ auto: true });
    });
    let preview: Promise<boolean> = Promise.resolve(false);
    act(() => {
      preview = result.current.save({ auto: true, wait: true });
    });
    await release();
    expect(await first).toBe(true);
    await vi.waitFor(() => expect(saveScene).toHaveBeenCalledTimes(2));
    await release();
    expect(await preview).toBe(true);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("an autosave while a save runs gives way", async () => {
    const release = heldSaves();
    const { result } = renderHook(() => useSceneSaver(fakeStore() as unknown as EditorStore));
    let manual: Promise<boolean> = Promise.resolve(false);
    act(() => {
      manual = result.current.save();
    });
    let auto: Promise<boolean> = Promise.resolve(true);
    act(() => {
      auto = result.current.save({ auto: true });
    });
    expect(await auto).toBe(false);
    await release();
    expect(await manual).toBe(true);
    expect(saveScene).toHaveBeenCalledTimes(1);
  });
});
