import type { SpaceModeration, SpaceMuteEntry } from "@atrium/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { setChatLock, spaceModeration, unmuteForEveryone } from "../../api/communication";
import { showToast } from "../toast/toast";
import type { LiveScene } from "./use-live-scene";
import "../../i18n/areas/viewer";

/** The react-query keys of a space's moderation: its state and the owner's log. */
export const moderationKeys = {
  all: (sceneId: string) => ["moderation", sceneId] as const,
  state: (sceneId: string) => ["moderation", sceneId, "state"] as const,
  log: (sceneId: string) => ["moderation", sceneId, "log"] as const,
};

/** The space owner's moderation (issue 19): what the menus, the chat and the log panel share. */
export interface Moderation {
  /** Whether this viewer owns the space (the only one who moderates). */
  owner: boolean;
  /** Users muted for everyone: this instance's (from the hub) and, for the owner, the space's. */
  mutedForAll: ReadonlySet<string>;
  /** The space's mutes for everyone with names and dates (the owner's; empty for others). */
  mutes: SpaceMuteEntry[];
  chatLocked: boolean;
  /** Locks or opens the public chat (owner only); resolves when the server has answered. */
  setLocked(locked: boolean): void;
  locking: boolean;
  /** Lifts a mute for everyone (owner only), by the muted user's id. */
  unmute(userId: string, name: string): void;
  unmuting: boolean;
  /** Marks the state and the log as out of date (after a mute or a removal). */
  refresh(): void;
}

const NO_MUTES: SpaceMuteEntry[] = [];

type LiveEvents = Pick<LiveScene, "chatLocked" | "mutedUserIds" | "subscribe">;

/**
 * Keeps the owner's view of the space's moderation: the state (GET liveuser/moderation) is
 * fetched for the owner only and refreshed when the hub says the chat lock or a mute changed,
 * or someone joins (a muted user coming back). Everyone else sees only the hub's state.
 */
export function useModeration(sceneId: string, owner: boolean, live: LiveEvents): Moderation {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: moderationKeys.state(sceneId),
    queryFn: () => spaceModeration(sceneId),
    enabled: owner,
    staleTime: 30_000,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all(sceneId) }),
    [queryClient, sceneId],
  );
  const { subscribe } = live;
  useEffect(() => {
    if (!owner) return;
    const offs = [
      subscribe("ChatLock", refresh),
      subscribe("SpaceMute", refresh),
      subscribe("JoinedGroup", () =>
        queryClient.invalidateQueries({ queryKey: moderationKeys.state(sceneId) }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [owner, subscribe, refresh, queryClient, sceneId]);

  const failed = (error: unknown) =>
    showToast({
      color: "red",
      message: error instanceof ApiError ? error.message : t("live.menu.failed"),
    });
  const applied = (next: SpaceModeration) => {
    queryClient.setQueryData(moderationKeys.state(sceneId), next);
    void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sceneId) });
  };
  const lock = useMutation({
    mutationFn: (locked: boolean) => setChatLock(sceneId, locked),
    onSuccess: (next) => {
      applied(next);
      showToast({
        message: t(
          next.chatLocked
            ? "viewer.moderation.chatLockedDone"
            : "viewer.moderation.chatUnlockedDone",
        ),
      });
    },
    onError: failed,
  });
  const lift = useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) =>
      unmuteForEveryone(sceneId, userId),
    onSuccess: (next, { name }) => {
      applied(next);
      showToast({ message: t("viewer.moderation.unmutedForAllDone", { name }) });
    },
    onError: failed,
  });

  const mutedForAll = useMemo(() => {
    const all = new Set(live.mutedUserIds);
    for (const entry of state.data?.mutes ?? []) all.add(entry.userId);
    return all;
  }, [live.mutedUserIds, state.data]);
  // the hub's word is the latest: it follows every change live, the query may lag a moment
  const chatLocked = live.chatLocked;
  return {
    owner,
    mutedForAll,
    mutes: state.data?.mutes ?? NO_MUTES,
    chatLocked,
    setLocked: (locked) => lock.mutate(locked),
    locking: lock.isPending,
    unmute: (userId, name) => lift.mutate({ userId, name }),
    unmuting: lift.isPending,
    refresh,
  };
}
