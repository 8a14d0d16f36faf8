import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { mutedUsers, setMuted } from "../../api/communication";

/**
 * The people this viewer muted (for themselves): their public chat is hidden, and the voice
 * chat will silence them with the same list. Signed in, the list is the account's (usermute);
 * signed out, or for a guest (whose id lasts one visit), it is kept in this page only.
 */
export interface Mutes {
  /** Every muted user id, persisted and page-local together. */
  muted: ReadonlySet<string>;
  isMuted(userId: string): boolean;
  toggle(userId: string): void;
}

export function useMutes(signedIn: boolean): Mutes {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<ReadonlySet<string>>(() => new Set());
  const list = useQuery({
    queryKey: ["mutes"],
    queryFn: mutedUsers,
    enabled: signedIn,
    staleTime: 60_000,
  });
  const change = useMutation({
    mutationFn: ({ userId, mute }: { userId: string; mute: boolean }) => setMuted(userId, mute),
    onSuccess: (next) => queryClient.setQueryData(["mutes"], next),
  });
  const muted = useMemo(() => {
    const all = new Set(local);
    for (const entry of list.data ?? []) all.add(entry.userId);
    return all;
  }, [local, list.data]);
  const isMuted = useCallback((userId: string) => muted.has(userId), [muted]);
  const toggle = useCallback(
    (userId: string) => {
      const mute = !muted.has(userId);
      if (signedIn && !userId.startsWith("guest-")) {
        change.mutate({ userId, mute });
        return;
      }
      setLocal((current) => {
        const next = new Set(current);
        if (mute) next.add(userId);
        else next.delete(userId);
        return next;
      });
    },
    [muted, signedIn, change],
  );
  return { muted, isMuted, toggle };
}
