import type { Redis } from "ioredis";

/** A fixed-window count: how many hits, and in how many ms the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Counters that expire, shared by every instance when Redis is configured (failed sign-ins,
 * per-account limits). The in-memory implementation serves a single instance.
 */
export interface Counters {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  read(key: string): Promise<WindowCount | null>;
  reset(key: string): Promise<void>;
}

export function createCounters(redis: Redis | null, clock: () => number = Date.now): Counters {
  return redis ? redisCounters(redis) : memoryCounters(clock);
}

const PREFIX = "atrium-counter:";

function redisCounters(redis: Redis): Counters {
  return {
    async increment(key, windowMs) {
      // the window starts with the first hit; later hits never extend it
      const results = await redis
        .multi()
        .set(PREFIX + key, "0", "PX", windowMs, "NX")
        .incr(PREFIX + key)
        .pttl(PREFIX + key)
        .exec();
      const count = Number(results?.[1]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async read(key) {
      const [value, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
      if (value === null || ttl <= 0) return null;
      return { count: Number(value), resetInMs: ttl };
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
  };
}

function memoryCounters(clock: () => number): Counters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= clock()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, endsAt: clock() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) {
        for (const name of windows.keys()) live(name);
      }
      return { count: entry.count, resetInMs: entry.endsAt - clock() };
    },
    async read(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - clock() } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
