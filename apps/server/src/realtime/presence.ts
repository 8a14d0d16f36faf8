import type { LiveVisitor } from "@atrium/domain";
import type { Redis } from "ioredis";

// Who is in which scene instance. Every app instance keeps its own visitors' entries alive
// with a heartbeat; an entry whose heartbeat stops (its app instance died) expires and is
// swept by any other app instance, which tells the instance's remaining visitors.
// With Redis (REDIS_URL) the entries are shared by all app instances and the choice of an
// instance for a joining visitor is one atomic script, so the 25-per-instance rule holds
// across app instances; without Redis the same rules run in process memory.

export interface Placement {
  sceneId: string;
  instanceId: string;
}
export interface Departure extends Placement {
  visitorId: string;
}
export interface InstanceCount {
  instanceId: string;
  count: number;
}

export interface PresenceStore {
  /** Places a visitor in the first instance of the scene with room (skipping `exclude`), opening one if none. */
  join(
    sceneId: string,
    visitor: LiveVisitor,
    max: number,
    exclude?: readonly string[],
  ): Promise<Placement>;
  /** Where a visitor is, and who they are. */
  entry(visitorId: string): Promise<(Placement & { visitor: LiveVisitor }) | null>;
  /** Keeps these keys (a user id, a guest's address) out of an instance until `until` (ms). */
  ban(sceneId: string, instanceId: string, keys: string[], until: number): Promise<void>;
  /** The instances of a scene that any of these keys may not enter now. */
  bannedInstances(sceneId: string, keys: string[]): Promise<string[]>;
  leave(visitorId: string): Promise<Placement | null>;
  /** Heartbeat: keeps these visitors alive for another `ttlMs`. */
  refresh(visitorIds: string[]): Promise<void>;
  /** Removes visitors whose heartbeat stopped; each departure is returned to exactly one caller. */
  sweep(): Promise<Departure[]>;
  visitors(instanceId: string): Promise<LiveVisitor[]>;
  instanceCounts(sceneId: string): Promise<InstanceCount[]>;
  sceneCounts(sceneIds: string[]): Promise<Map<string, number>>;
  total(): Promise<number>;
}

export const instanceIdOf = (sceneId: string, n: number) => `${sceneId}.${n}`;

export function createMemoryPresence(ttlMs: number, now = () => Date.now()): PresenceStore {
  const instances = new Map<string, Map<string, number>>(); // instanceId -> visitorId -> expiry
  const sceneInstances = new Map<string, Set<number>>();
  const entries = new Map<string, { visitor: LiveVisitor } & Placement>();
  const bans = new Map<string, Map<string, number>>(); // sceneId:key -> instanceId -> until
  const live = (members: Map<string, number> | undefined, at: number) =>
    members ? [...members.values()].filter((expiry) => expiry > at).length : 0;

  const remove = (visitorId: string) => {
    const entry = entries.get(visitorId);
    if (!entry) return null;
    entries.delete(visitorId);
    instances.get(entry.instanceId)?.delete(visitorId);
    return { sceneId: entry.sceneId, instanceId: entry.instanceId };
  };

  return {
    async join(sceneId, visitor, max, exclude = []) {
      remove(visitor.visitorId);
      const at = now();
      const numbers = sceneInstances.get(sceneId) ?? new Set<number>();
      sceneInstances.set(sceneId, numbers);
      for (let n = 1; ; n++) {
        const instanceId = instanceIdOf(sceneId, n);
        const members = instances.get(instanceId) ?? new Map<string, number>();
        if (exclude.includes(instanceId) || live(members, at) >= max) continue;
        members.set(visitor.visitorId, at + ttlMs);
        instances.set(instanceId, members);
        numbers.add(n);
        entries.set(visitor.visitorId, { visitor, sceneId, instanceId });
        return { sceneId, instanceId };
      }
    },
    async leave(visitorId) {
      return remove(visitorId);
    },
    async entry(visitorId) {
      const entry = entries.get(visitorId);
      return entry ? { ...entry } : null;
    },
    async ban(sceneId, instanceId, keys, until) {
      for (const key of keys) {
        const byInstance = bans.get(`${sceneId}:${key}`) ?? new Map<string, number>();
        byInstance.set(instanceId, until);
        bans.set(`${sceneId}:${key}`, byInstance);
      }
    },
    async bannedInstances(sceneId, keys) {
      const at = now();
      const out = new Set<string>();
      for (const key of keys) {
        for (const [instanceId, until] of bans.get(`${sceneId}:${key}`) ?? []) {
          if (until > at) out.add(instanceId);
        }
      }
      return [...out];
    },
    async refresh(visitorIds) {
      const expiry = now() + ttlMs;
      for (const visitorId of visitorIds) {
        const entry = entries.get(visitorId);
        if (entry) instances.get(entry.instanceId)?.set(visitorId, expiry);
      }
    },
    async sweep() {
      const at = now();
      const gone: Departure[] = [];
      for (const [instanceId, members] of instances) {
        for (const [visitorId, expiry] of members) {
          if (expiry > at) continue;
          const placement = remove(visitorId);
          if (placement) gone.push({ ...placement, visitorId });
        }
        if (members.size === 0) instances.delete(instanceId);
      }
      return gone;
    },
    async visitors(instanceId) {
      const at = now();
      return [...(instances.get(instanceId) ?? new Map<string, number>())]
        .filter(([, expiry]) => expiry > at)
        .flatMap(([visitorId]) => entries.get(visitorId)?.visitor ?? []);
    },
    async instanceCounts(sceneId) {
      const at = now();
      return [...(sceneInstances.get(sceneId) ?? [])]
        .sort((a, b) => a - b)
        .map((n) => instanceIdOf(sceneId, n))
        .map((instanceId) => ({ instanceId, count: live(instances.get(instanceId), at) }))
        .filter((entry) => entry.count > 0);
    },
    async sceneCounts(sceneIds) {
      const counts = new Map<string, number>();
      for (const sceneId of sceneIds) {
        const perInstance = await this.instanceCounts(sceneId);
        counts.set(
          sceneId,
          perInstance.reduce((sum, entry) => sum + entry.count, 0),
        );
      }
      return counts;
    },
    async total() {
      const at = now();
      let count = 0;
      for (const members of instances.values()) count += live(members, at);
      return count;
    },
  };
}

// Redis layout under one base key B (the client's key prefix applies to it):
//   B:i:{instanceId}  sorted set visitorId -> expiry (ms)   members of an instance
//   B:n:{sceneId}     set of instance numbers of a scene
//   B:s:{sceneId}     sorted set visitorId -> expiry         all visitors of a scene
//   B:all             sorted set visitorId -> expiry         everyone, for TotalLiveVisitors
//   B:scenes          sorted set sceneId -> expiry           scenes with visitors (for sweeping)
//   B:v               hash visitorId -> JSON {visitor, sceneId, instanceId}
//   B:ban:{sceneId}:{key}  sorted set instanceId -> until (ms)   removals by the owner
const JOIN = `
local b, scene, vid, json, now, expiry, max = KEYS[1], ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local excluded = {}
for i = 7, #ARGV do excluded[ARGV[i]] = true end
local old = redis.call('HGET', b .. ':v', vid)
if old then
  local entry = cjson.decode(old)
  redis.call('ZREM', b .. ':i:' .. entry.instanceId, vid)
  redis.call('ZREM', b .. ':s:' .. entry.sceneId, vid)
end
local n = 1
while true do
  local key = b .. ':i:' .. scene .. '.' .. n
  if not excluded[scene .. '.' .. n] and redis.call('ZCOUNT', key, '(' .. now, '+inf') < max then
    redis.call('ZADD', key, expiry, vid)
    redis.call('PEXPIRE', key, 600000)
    redis.call('SADD', b .. ':n:' .. scene, n)
    redis.call('PEXPIRE', b .. ':n:' .. scene, 600000)
    redis.call('ZADD', b .. ':s:' .. scene, expiry, vid)
    redis.call('PEXPIRE', b .. ':s:' .. scene, 600000)
    redis.call('ZADD', b .. ':all', expiry, vid)
    redis.call('ZADD', b .. ':scenes', expiry, scene)
    local instanceId = scene .. '.' .. n
    redis.call('HSET', b .. ':v', vid, cjson.encode({ visitor = cjson.decode(json), sceneId = scene, instanceId = instanceId }))
    return instanceId
  end
  n = n + 1
end
`;

const LEAVE = `
local b, vid = KEYS[1], ARGV[1]
local old = redis.call('HGET', b .. ':v', vid)
if not old then return false end
local entry = cjson.decode(old)
redis.call('HDEL', b .. ':v', vid)
redis.call('ZREM', b .. ':i:' .. entry.instanceId, vid)
redis.call('ZREM', b .. ':s:' .. entry.sceneId, vid)
redis.call('ZREM', b .. ':all', vid)
return { entry.sceneId, entry.instanceId }
`;

const REFRESH = `
local b, expiry = KEYS[1], tonumber(ARGV[1])
for i = 2, #ARGV do
  local vid = ARGV[i]
  local old = redis.call('HGET', b .. ':v', vid)
  if old then
    local entry = cjson.decode(old)
    redis.call('ZADD', b .. ':i:' .. entry.instanceId, 'XX', expiry, vid)
    redis.call('PEXPIRE', b .. ':i:' .. entry.instanceId, 600000)
    redis.call('ZADD', b .. ':s:' .. entry.sceneId, 'XX', expiry, vid)
    redis.call('PEXPIRE', b .. ':s:' .. entry.sceneId, 600000)
    redis.call('PEXPIRE', b .. ':n:' .. entry.sceneId, 600000)
    redis.call('ZADD', b .. ':all', 'XX', expiry, vid)
    redis.call('ZADD', b .. ':scenes', expiry, entry.sceneId)
  end
end
return 1
`;

const SWEEP = `
local b, now = KEYS[1], tonumber(ARGV[1])
local gone = {}
local expired = redis.call('ZRANGEBYSCORE', b .. ':all', '-inf', now)
for _, vid in ipairs(expired) do
  local old = redis.call('HGET', b .. ':v', vid)
  redis.call('ZREM', b .. ':all', vid)
  if old then
    local entry = cjson.decode(old)
    redis.call('HDEL', b .. ':v', vid)
    redis.call('ZREM', b .. ':i:' .. entry.instanceId, vid)
    redis.call('ZREM', b .. ':s:' .. entry.sceneId, vid)
    table.insert(gone, entry.sceneId)
    table.insert(gone, entry.instanceId)
    table.insert(gone, vid)
  end
end
redis.call('ZREMRANGEBYSCORE', b .. ':scenes', '-inf', now)
return gone
`;

const COUNTS = `
local b, scene, now = KEYS[1], ARGV[1], ARGV[2]
local numbers = redis.call('SMEMBERS', b .. ':n:' .. scene)
local out = {}
for _, n in ipairs(numbers) do
  table.insert(out, tonumber(n))
  table.insert(out, redis.call('ZCOUNT', b .. ':i:' .. scene .. '.' .. n, '(' .. now, '+inf'))
end
return out
`;

export function createRedisPresence(
  redis: Redis,
  ttlMs: number,
  base = "live",
  now = () => Date.now(),
): PresenceStore {
  const run = (script: string, ...args: (string | number)[]) =>
    redis.eval(script, 1, base, ...args) as Promise<unknown>;
  return {
    async join(sceneId, visitor, max, exclude = []) {
      const at = now();
      const instanceId = (await run(
        JOIN,
        sceneId,
        visitor.visitorId,
        JSON.stringify(visitor),
        at,
        at + ttlMs,
        max,
        ...exclude,
      )) as string;
      return { sceneId, instanceId };
    },
    async leave(visitorId) {
      const result = (await run(LEAVE, visitorId)) as [string, string] | null;
      return result ? { sceneId: result[0], instanceId: result[1] } : null;
    },
    async entry(visitorId) {
      const row = await redis.hget(`${base}:v`, visitorId);
      if (!row) return null;
      const entry = JSON.parse(row) as { visitor: LiveVisitor } & Placement;
      return { visitor: entry.visitor, sceneId: entry.sceneId, instanceId: entry.instanceId };
    },
    async ban(sceneId, instanceId, keys, until) {
      const pipeline = redis.pipeline();
      for (const key of keys) {
        pipeline.zadd(`${base}:ban:${sceneId}:${key}`, until, instanceId);
        pipeline.pexpireat(`${base}:ban:${sceneId}:${key}`, until);
      }
      await pipeline.exec();
    },
    async bannedInstances(sceneId, keys) {
      if (keys.length === 0) return [];
      const at = now();
      const pipeline = redis.pipeline();
      for (const key of keys)
        pipeline.zrangebyscore(`${base}:ban:${sceneId}:${key}`, `(${at}`, "+inf");
      const results = (await pipeline.exec()) ?? [];
      return [...new Set(results.flatMap((result) => (result[1] as string[] | null) ?? []))];
    },
    async refresh(visitorIds) {
      if (visitorIds.length === 0) return;
      await run(REFRESH, now() + ttlMs, ...visitorIds);
    },
    async sweep() {
      const flat = (await run(SWEEP, now())) as string[];
      const gone: Departure[] = [];
      for (let i = 0; i + 2 < flat.length; i += 3) {
        gone.push({
          sceneId: flat[i] as string,
          instanceId: flat[i + 1] as string,
          visitorId: flat[i + 2] as string,
        });
      }
      return gone;
    },
    async visitors(instanceId) {
      const ids = await redis.zrangebyscore(`${base}:i:${instanceId}`, `(${now()}`, "+inf");
      if (ids.length === 0) return [];
      const rows = await redis.hmget(`${base}:v`, ...ids);
      return rows.flatMap((row) =>
        row ? [(JSON.parse(row) as { visitor: LiveVisitor }).visitor] : [],
      );
    },
    async instanceCounts(sceneId) {
      const flat = (await run(COUNTS, sceneId, now())) as number[];
      const counts: { n: number; count: number }[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        counts.push({ n: flat[i] as number, count: flat[i + 1] as number });
      }
      return counts
        .filter((entry) => entry.count > 0)
        .sort((a, b) => a.n - b.n)
        .map((entry) => ({ instanceId: instanceIdOf(sceneId, entry.n), count: entry.count }));
    },
    async sceneCounts(sceneIds) {
      const at = now();
      const pipeline = redis.pipeline();
      for (const sceneId of sceneIds) pipeline.zcount(`${base}:s:${sceneId}`, `(${at}`, "+inf");
      const results = (await pipeline.exec()) ?? [];
      return new Map(sceneIds.map((sceneId, i) => [sceneId, Number(results[i]?.[1] ?? 0)]));
    },
    async total() {
      return redis.zcount(`${base}:all`, `(${now()}`, "+inf");
    },
  };
}
