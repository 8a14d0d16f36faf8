import type { AuthContext } from "../../http/auth.js";
import type { PresenceStore } from "../../realtime/presence.js";
import type { ScenesService } from "../scenes/service.js";

/**
 * Live visitor counts of many spaces at once, for the space cards (spec 2 §3.1): one presence
 * look-up for all of them (a Redis pipeline, or process memory), then the access check, done only
 * for the spaces somebody is in: a space the caller may not see is left out like an empty one.
 */
export function createLiveCounts(deps: { presence: PresenceStore; scenes: ScenesService }) {
  return {
    async counts(auth: AuthContext | null, sceneIds: string[]) {
      const live = [...(await deps.presence.sceneCounts(sceneIds))].filter(([, n]) => n > 0);
      const counts: Record<string, number> = {};
      await Promise.all(
        live.map(async ([sceneId, count]) => {
          try {
            await deps.scenes.viewable(auth, sceneId);
            counts[sceneId] = count;
          } catch {
            // not found, or not for this caller: left out
          }
        }),
      );
      return { counts };
    },
  };
}

export type LiveCounts = ReturnType<typeof createLiveCounts>;
