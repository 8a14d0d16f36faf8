// @vitest-environment happy-dom
import type { Party, PartyMessage } from "@atrium/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { partyMessagesKey, useParty } from "./use-party";

const party: Party = {
  partyId: "p1",
  leaderId: "lea",
  createdAt: "2026-01-01T00:00:00.000Z",
  members: [],
  invited: [],
};

vi.mock("../../api/parties", () => ({
  myParties: vi.fn(async () => [party]),
  receivedPartyInvitations: vi.fn(async () => []),
  acceptPartyInvitation: vi.fn(),
  declinePartyInvitation: vi.fn(),
  leaveParty: vi.fn(),
  sendPartyMessage: vi.fn(),
}));

const message = (id: string, userId: string): PartyMessage => ({
  id,
  partyId: "p1",
  text: "hello",
  time: "2026-01-01T00:00:00.000Z",
  user: { userId, name: userId, profilePicture: null },
});

/** A liveuserhub stand-in: what the hook subscribes to, and a way to push an event. */
function fakeLive() {
  const handlers = new Map<string, (payload: never) => void>();
  return {
    live: {
      state: "Connected" as const,
      subscribe: ((event: string, handle: (payload: never) => void) => {
        handlers.set(event, handle);
        return () => handlers.delete(event);
      }) as never,
    },
    push: (event: string, payload: unknown) => act(() => handlers.get(event)?.(payload as never)),
  };
}

function setup(viewing: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { live, push } = fakeLive();
  const hook = renderHook(
    ({ viewing: shown }: { viewing: boolean }) => useParty(live, "lea", true, { viewing: shown }),
    { wrapper, initialProps: { viewing } },
  );
  return { hook, push, queryClient };
}

describe("the party chat's unread count", () => {
  it("counts the others' messages while the sidebar is closed, once each, and clears on opening", async () => {
    const { hook, push } = setup(false);
    await waitFor(() => expect(hook.result.current.party?.partyId).toBe("p1"));
    expect(hook.result.current.unread).toBe(0);

    push("PartyMessage", message("m1", "mo"));
    push("PartyMessage", message("m2", "mo"));
    push("PartyMessage", message("m3", "lea")); // one's own (from another tab)
    expect(hook.result.current.unread).toBe(2);

    hook.rerender({ viewing: true });
    expect(hook.result.current.unread).toBe(0);
    push("PartyMessage", message("m4", "mo"));
    expect(hook.result.current.unread).toBe(0);
    hook.rerender({ viewing: false });
    expect(hook.result.current.unread).toBe(0);
  });

  it("does not count a message already in the loaded history twice", async () => {
    const { hook, push, queryClient } = setup(false);
    await waitFor(() => expect(hook.result.current.party?.partyId).toBe("p1"));
    queryClient.setQueryData(partyMessagesKey("p1"), [message("m1", "mo")]);
    push("PartyMessage", message("m1", "mo"));
    expect(hook.result.current.unread).toBe(0);
    push("PartyMessage", message("m2", "mo"));
    expect(hook.result.current.unread).toBe(1);
    expect(queryClient.getQueryData<PartyMessage[]>(partyMessagesKey("p1"))).toHaveLength(2);
  });
});
