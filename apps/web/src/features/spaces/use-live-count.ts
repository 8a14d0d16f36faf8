import { LIVE_COUNT_POLL_MS } from "@atrium/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { liveVisitorCounts } from "../../api/communication";
import { createLiveCountBatch } from "./live-count-batch";

const loadLiveCount = createLiveCountBatch((sceneIds) => liveVisitorCounts(sceneIds));

/**
 * The live visitors of a published space, across its instances (spec 2 §3.1), for its card:
 * polled every LIVE_COUNT_POLL_MS while the card is shown, batched with the other cards of the
 * page into one call (plain HTTP: the cards load no hub client).
 */
export function useLiveCount(sceneId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ["live-count", sceneId],
    queryFn: () => loadLiveCount(sceneId),
    enabled,
    refetchInterval: LIVE_COUNT_POLL_MS,
    staleTime: LIVE_COUNT_POLL_MS / 2,
    retry: false,
  });
  return query.data ?? 0;
}
