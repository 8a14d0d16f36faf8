import type { Party, PartyInvitation, PartyMessage, PartyTravel } from "@atrium/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import {
  acceptPartyInvitation,
  declinePartyInvitation,
  leaveParty,
  myParties,
  receivedPartyInvitations,
  sendPartyMessage,
} from "../../api/parties";
import type { LiveScene } from "../live/use-live-scene";

export const PARTY_KEY = ["party"] as const;
export const PARTY_INVITATIONS_KEY = ["party-invitations"] as const;
export const partyMessagesKey = (partyId: string) => ["party-messages", partyId] as const;

export interface PartyState {
  party: Party | null;
  invitations: PartyInvitation[];
  /** The leader went into a space: the countdown before following (null: none). */
  travel: PartyTravel | null;
  dismissTravel(): void;
  accept(invitationId: string): Promise<void>;
  decline(invitationId: string): Promise<void>;
  leave(): Promise<void>;
  send(text: string): Promise<{ ok: boolean; error?: { message: string } }>;
  /** Party chat messages from the others that arrived while the party sidebar was closed. */
  unread: number;
}

/**
 * The viewer's party (issue 19): the party and the invitations received (REST), kept current by
 * what liveuserhub pushes to this user (PartyChanged, PartyInvited), party chat messages put into
 * the chat's cached history, and the leader's trips (PartyTravel) for the follow countdown.
 */
export function useParty(
  live: Pick<LiveScene, "subscribe" | "state">,
  meId: string | null,
  enabled: boolean,
  events: {
    onInvited?: (invitation: PartyInvitation) => void;
    /** The party sidebar is shown (its chat is being read: nothing is unread). */
    viewing?: boolean;
  } = {},
): PartyState {
  const queryClient = useQueryClient();
  const active = enabled && meId !== null;
  const parties = useQuery({ queryKey: PARTY_KEY, queryFn: myParties, enabled: active });
  const invitations = useQuery({
    queryKey: PARTY_INVITATIONS_KEY,
    queryFn: receivedPartyInvitations,
    enabled: active,
  });
  const party = parties.data?.[0] ?? null;
  const [travel, setTravel] = useState<PartyTravel | null>(null);
  const { onInvited } = events;
  const viewing = events.viewing ?? false;
  const [unread, setUnread] = useState(0);
  const viewingRef = useRef(viewing);
  viewingRef.current = viewing;
  useEffect(() => {
    if (viewing) setUnread(0);
  }, [viewing]);

  const { subscribe, state } = live;
  useEffect(() => {
    if (!active) return;
    const offs = [
      subscribe("PartyChanged", () => {
        void queryClient.invalidateQueries({ queryKey: PARTY_KEY });
      }),
      subscribe("PartyMessage", (message) => {
        let fresh = true;
        queryClient.setQueryData<PartyMessage[]>(partyMessagesKey(message.partyId), (list) => {
          if (list?.some((m) => m.id === message.id)) fresh = false;
          return list && fresh ? [...list, message] : list;
        });
        if (fresh && message.user.userId !== meId && !viewingRef.current) {
          setUnread((count) => count + 1);
        }
      }),
      subscribe("PartyInvited", (payload) => {
        void queryClient.invalidateQueries({ queryKey: PARTY_INVITATIONS_KEY });
        onInvited?.(payload.invitation);
      }),
      subscribe("PartyTravel", (payload) => setTravel(payload)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [active, subscribe, queryClient, onInvited, meId]);

  // online states change with connections: read the party again on every (re)connection
  useEffect(() => {
    if (active && state === "Connected") {
      void queryClient.invalidateQueries({ queryKey: PARTY_KEY });
    }
  }, [active, state, queryClient]);

  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: PARTY_KEY }),
      queryClient.invalidateQueries({ queryKey: PARTY_INVITATIONS_KEY }),
    ]);
  }, [queryClient]);

  const partyId = party?.partyId ?? null;
  return {
    party,
    invitations: invitations.data ?? [],
    travel,
    unread: party ? unread : 0,
    dismissTravel: useCallback(() => setTravel(null), []),
    accept: useCallback(
      async (invitationId: string) => {
        try {
          queryClient.setQueryData(PARTY_KEY, [await acceptPartyInvitation(invitationId)]);
        } finally {
          await refresh();
        }
      },
      [queryClient, refresh],
    ),
    decline: useCallback(
      async (invitationId: string) => {
        try {
          await declinePartyInvitation(invitationId);
        } finally {
          await refresh();
        }
      },
      [refresh],
    ),
    leave: useCallback(async () => {
      if (!partyId) return;
      await leaveParty(partyId);
      setTravel(null);
      setUnread(0);
      await refresh();
    }, [partyId, refresh]),
    send: useCallback(
      async (text: string) => {
        if (!partyId) return { ok: false, error: { message: "" } };
        try {
          const message = await sendPartyMessage(partyId, text);
          queryClient.setQueryData<PartyMessage[]>(partyMessagesKey(partyId), (list) =>
            list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
          );
          return { ok: true };
        } catch (error) {
          return {
            ok: false,
            error: { message: error instanceof ApiError ? error.message : String(error) },
          };
        }
      },
      [partyId, queryClient],
    ),
  };
}
