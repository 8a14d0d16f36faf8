// A short-lived cache of answers that are the same for every signed-out visitor (explore's
// searches): each instance answers a repeated request from memory for `ms` milliseconds.
// Insertion order is expiry order (one lifetime for all), so the oldest entries go first.

export interface AnswerCache<T> {
  /** The cached answer for `key`, or `compute`'s, kept for the cache's lifetime. */
  through(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createAnswerCache<T>(ms: number, maxEntries = 1000): AnswerCache<T> {
  const entries = new Map<string, { until: number; value: T }>();
  return {
    async through(key, compute) {
      if (ms <= 0) return compute();
      const at = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      const value = await compute();
      for (const [oldKey, entry] of entries) {
        if (entry.until > at && entries.size < maxEntries) break;
        entries.delete(oldKey);
      }
      entries.set(key, { until: at + ms, value });
      return value;
    },
  };
}
