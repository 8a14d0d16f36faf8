import type { Vec3 } from "@atrium/domain";

// Items stream in nearest-first: the visitor sees what stands around them before what is far.

export interface Placed {
  position: Vec3;
}

function distanceSquared(a: Vec3, b: Vec3): number {
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  const dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

/** A new array of the entries sorted by distance of `position(entry)` from `origin`; ties keep their order. */
export function nearestFirst<T>(
  entries: readonly T[],
  origin: Vec3,
  position: (entry: T) => Vec3,
): T[] {
  return entries
    .map((entry, index) => ({ entry, index, d: distanceSquared(position(entry), origin) }))
    .sort((a, b) => a.d - b.d || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Runs `task` over `entries` in order with at most `limit` at a time; never rejects. */
export async function runLimited<T>(
  entries: readonly T[],
  limit: number,
  task: (entry: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      try {
        await task(entries[index] as T, index);
      } catch {
        // a task reports its own failure (a placeholder); the others go on
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, entries.length)) }, worker));
}
