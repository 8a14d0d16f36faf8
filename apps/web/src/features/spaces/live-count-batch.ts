import { LIVE_COUNT_MAX_SPACES } from "@atrium/domain/constants";

/**
 * Collects the spaces whose live visitor counts the cards of a page ask for within one short
 * window into one call (chunks of LIVE_COUNT_MAX_SPACES): a page of 40 cards polls with one
 * request, not 40. `fetchCounts` answers the spaces with visitors; the others count 0.
 */
export function createLiveCountBatch(
  fetchCounts: (sceneIds: string[]) => Promise<{ counts: Record<string, number> }>,
  windowMs = 30,
) {
  let waiting = new Map<string, { resolve: (n: number) => void; reject: (e: unknown) => void }[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += LIVE_COUNT_MAX_SPACES) {
      const chunk = ids.slice(start, start + LIVE_COUNT_MAX_SPACES);
      fetchCounts(chunk).then(
        ({ counts }) => {
          for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(counts[id] ?? 0);
        },
        (err: unknown) => {
          for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(err);
        },
      );
    }
  };

  return (sceneId: string) =>
    new Promise<number>((resolve, reject) => {
      const list = waiting.get(sceneId) ?? [];
      list.push({ resolve, reject });
      waiting.set(sceneId, list);
      timer ??= setTimeout(flush, windowMs);
    });
}
