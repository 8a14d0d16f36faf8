// @vitest-environment happy-dom
import type { SpaceModeration } from "@atrium/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { spaceModeration } from "../../api/communication";
import { useModeration } from "./use-moderation";

const state = (userIds: string[], chatLocked = false): SpaceModeration => ({
  sceneId: "s1",
  chatLocked,
  mutes: userIds.map((userId) => ({
    userId,
    name: userId,
    guest: false,
    since: "2026-01-01T00:00:00.000Z",
    until: null,
  })),
});

vi.mock("../../api/communication", () => ({
  spaceModeration: vi.fn(),
  setChatLock: vi.fn(),
  unmuteForEveryone: vi.fn(),
}));
const fetchState = vi.mocked(spaceModeration);

function setup(owner: boolean, hubMuted: string[]) {
  const handlers = new Map<string, () => void>();
  const live = {
    chatLocked: false,
    mutedUserIds: new Set(hubMuted),
    subscribe: ((event: string, handle: () => void) => {
      handlers.set(event, handle);
      return () => handlers.delete(event);
    }) as never,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useModeration("s1", owner, live), { wrapper });
  return { hook, emit: (event: string) => act(() => handlers.get(event)?.()) };
}

beforeEach(() => fetchState.mockReset());

describe("the owner's moderation state", () => {
  it("joins the hub's muted visitors and the space's mute list, and reads it again on a change", async () => {
    fetchState.mockResolvedValueOnce(state(["gone"])).mockResolvedValueOnce(state([]));
    const { hook, emit } = setup(true, ["here"]);
    await waitFor(() => expect(hook.result.current.mutes).toHaveLength(1));
    expect([...hook.result.current.mutedForAll].sort()).toEqual(["gone", "here"]);

    emit("SpaceMute");
    await waitFor(() => expect(hook.result.current.mutes).toHaveLength(0));
    expect([...hook.result.current.mutedForAll]).toEqual(["here"]);
    expect(fetchState).toHaveBeenCalledTimes(2);
  });

  it("asks nothing for a visitor who does not own the space", async () => {
    const { hook, emit } = setup(false, ["here"]);
    emit("SpaceMute");
    expect(hook.result.current.owner).toBe(false);
    expect([...hook.result.current.mutedForAll]).toEqual(["here"]);
    expect(hook.result.current.mutes).toEqual([]);
    expect(fetchState).not.toHaveBeenCalled();
  });
});
