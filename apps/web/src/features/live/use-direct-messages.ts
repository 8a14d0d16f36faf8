import {
  type ConnectionState,
  type DirectMessage,
  directMessageGroupHubServerV1,
  HubAckSchema,
} from "@atrium/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { dmGroups, sendDm } from "../../api/communication";
import { connectHub } from "./hub-connection";

export interface DirectMessages {
  state: ConnectionState;
  groups: ReturnType<typeof useQuery<Awaited<ReturnType<typeof dmGroups>>>>;
  /** Unread messages per group (arrived while that conversation was not on screen). */
  unread: Record<string, number>;
  totalUnread: number;
  /** The conversation on screen (its messages are read as they come), or null. */
  setReading(groupId: string | null): void;
  send(groupId: string, text: string): Promise<{ ok: boolean; error?: { message: string } }>;
}

export const dmMessagesKey = (groupId: string) => ["dm-messages", groupId] as const;

/**
 * The viewer's direct messages (directmessagegrouphub): the list of conversations (REST), live
 * receipt of new messages into each conversation's cached history, and unread counts.
 * Every pushed event is checked against the domain's schema.
 */
export function useDirectMessages(meId: string | null, enabled: boolean): DirectMessages {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConnectionState>("Disconnected");
  const [unread, setUnread] = useState<Record<string, number>>({});
  const reading = useRef<string | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const active = enabled && meId !== null;
  const groups = useQuery({ queryKey: ["dm-groups"], queryFn: dmGroups, enabled: active });

  useEffect(() => {
    if (!active) return;
    const socket = connectHub({ hub: "directmessagegrouphub", onState: setState });
    socketRef.current = socket;
    socket.on("NewDirectMessageGroup", (payload: unknown) => {
      if (directMessageGroupHubServerV1.NewDirectMessageGroup.safeParse(payload).success) {
        void queryClient.invalidateQueries({ queryKey: ["dm-groups"] });
      }
    });
    socket.on("NewDirectMessageGroupMessage", (payload: unknown) => {
      const parsed = directMessageGroupHubServerV1.NewDirectMessageGroupMessage.safeParse(payload);
      if (!parsed.success) return;
      const message = parsed.data;
      queryClient.setQueryData<DirectMessage[]>(dmMessagesKey(message.groupId), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      void queryClient.invalidateQueries({ queryKey: ["dm-groups"] });
      if (message.user.userId !== meId && reading.current !== message.groupId) {
        setUnread((counts) => ({
          ...counts,
          [message.groupId]: (counts[message.groupId] ?? 0) + 1,
        }));
      }
    });
    return () => {
      socket.disconnect();
      socketRef.current = null;
      setState("Disconnected");
    };
  }, [active, meId, queryClient]);

  const setReading = useCallback((groupId: string | null) => {
    reading.current = groupId;
    if (groupId) setUnread((counts) => (counts[groupId] ? { ...counts, [groupId]: 0 } : counts));
  }, []);

  const send = useCallback(
    async (groupId: string, text: string) => {
      const socket = socketRef.current;
      if (socket?.connected) {
        const ack = HubAckSchema.safeParse(
          await socket
            .timeout(5000)
            .emitWithAck("SendDirectMessageGroupMessage", { groupId, text })
            .catch(() => null),
        );
        if (ack.success) return ack.data.ok ? { ok: true } : { ok: false, error: ack.data.error };
      }
      // not connected (or no answer): the REST call stores it just the same
      try {
        const message = await sendDm(groupId, text);
        queryClient.setQueryData<DirectMessage[]>(dmMessagesKey(groupId), (list) =>
          list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
        );
        return { ok: true };
      } catch (error) {
        return { ok: false, error: { message: (error as Error).message } };
      }
    },
    [queryClient],
  );

  const totalUnread = Object.values(unread).reduce((sum, n) => sum + n, 0);
  return { state, groups, unread, totalUnread, setReading, send };
}
