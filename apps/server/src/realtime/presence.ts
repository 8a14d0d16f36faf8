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
/** A party leader's join: the instance to try first and the users to hold seats for. */
export interface PartySeats {
  prefer: string | null;
  seatsFor: string[];
  seatUntil: number;
}
export interface InstanceCount {
  instanceId: string;
  count: number;
}

export interface PresenceStore {
  /** Places a visitor in the first instance of the scene with room (skipping `exclude`), opening
   * one if none. A seat held for the visitor's user (their party's leader went ahead) places them
   * in that instance; `party` is for a party's leader: an instance with room for them and every
   * seat to hold (`prefer` first), seats then held for those users until `seatUntil`. Held seats
   * count as taken for everyone else. */
  join(
    sceneId: string,
    visitor: LiveVisitor,
    max: number,
    exclude?: readonly string[],
    party?: PartySeats,
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
  const seats = new Map<string, Map<string, number>>(); // instanceId -> userId -> until (parties)
  const held = (instanceId: string, at: number) =>
    [...(seats.get(instanceId) ?? new Map<string, number>()).values()].filter((u) => u > at).length;
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
    async join(sceneId, visitor, max, exclude = [], party) {
      remove(visitor.visitorId);
      const at = now();
      const numbers = sceneInstances.get(sceneId) ?? new Set<number>();
      sceneInstances.set(sceneId, numbers);
      const taken = (instanceId: string) =>
        live(instances.get(instanceId), at) + held(instanceId, at);
      const place = (instanceId: string) => {
        const members = instances.get(instanceId) ?? new Map<string, number>();
        members.set(visitor.visitorId, at + ttlMs);
        instances.set(instanceId, members);
        numbers.add(Number(instanceId.slice(sceneId.length + 1)));
        entries.set(visitor.visitorId, { visitor, sceneId, instanceId });
        for (const userId of party?.seatsFor ?? []) {
          const bySeat = seats.get(instanceId) ?? new Map<string, number>();
          bySeat.set(userId, party?.seatUntil ?? at);
          seats.set(instanceId, bySeat);
        }
        return { sceneId, instanceId };
      };
      // a seat held for this user by their party's leader
      for (const n of numbers) {
        const instanceId = instanceIdOf(sceneId, n);
        const until = seats.get(instanceId)?.get(visitor.userId);
        if (until === undefined || until <= at || exclude.includes(instanceId)) continue;
        seats.get(instanceId)?.delete(visitor.userId);
        if (taken(instanceId) < max) return place(instanceId);
        break;
      }
      const needed = Math.min(max, 1 + (party?.seatsFor.length ?? 0));
      const prefer = party?.prefer;
      if (prefer?.startsWith(`${sceneId}.`) && !exclude.includes(prefer)) {
        if (taken(prefer) + needed <= max) return place(prefer);
      }
      for (let n = 1; ; n++) {
        const instanceId = instanceIdOf(sceneId, n);
        if (exclude.includes(instanceId) || taken(instanceId) + needed > max) continue;
        return place(instanceId);
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
//   B:r:{instanceId}  sorted set userId -> until          seats held for a party's followers
const JOIN = `
local b, scene, vid, json, now, expiry, max = KEYS[1], ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local uid, prefer, seatUntil, k = ARGV[7], ARGV[8], tonumber(ARGV[9]), tonumber(ARGV[10])
local excluded = {}
for i = 11, 10 + k do excluded[ARGV[i]] = true end
local seats = {}
for i = 11 + k, #ARGV do table.insert(seats, ARGV[i]) end
local old = redis.call('HGET', b .. ':v', vid)
if old then
  local entry = cjson.decode(old)
  redis.call('ZREM', b .. ':i:' .. entry.instanceId, vid)
  redis.call('ZREM', b .. ':s:' .. entry.sceneId, vid)
end
local function taken(inst)
  return redis.call('ZCOUNT', b .. ':i:' .. inst, '(' .. now, '+inf') + redis.call('ZCOUNT', b .. ':r:' .. inst, '(' .. now, '+inf')
end
local target = nil
-- a seat held for this user by their party's leader
for _, m in ipairs(redis.call('SMEMBERS', b .. ':n:' .. scene)) do
  local inst = scene .. '.' .. m
  local heldUntil = redis.call('ZSCORE', b .. ':r:' .. inst, uid)
  if heldUntil and tonumber(heldUntil) > now and not excluded[inst] then
    redis.call('ZREM', b .. ':r:' .. inst, uid)
    if taken(inst) < max then target = inst end
    break
  end
end
local needed = math.min(max, 1 + #seats)
if not target and prefer ~= '' and not excluded[prefer] and string.sub(prefer, 1, #scene + 1) == scene .. '.' and taken(prefer) + needed <= max then
  target = prefer
end
local n = 1
while not target do
  local inst = scene .. '.' .. n
  if not excluded[inst] and taken(inst) + needed <= max then target = inst end
  n = n + 1
end
local key = b .. ':i:' .. target
redis.call('ZADD', key, expiry, vid)
redis.call('PEXPIRE', key, 600000)
redis.call('SADD', b .. ':n:' .. scene, string.sub(target, #scene + 2))
redis.call('PEXPIRE', b .. ':n:' .. scene, 600000)
redis.call('ZADD', b .. ':s:' .. scene, expiry, vid)
redis.call('PEXPIRE', b .. ':s:' .. scene, 600000)
redis.call('ZADD', b .. ':all', expiry, vid)
redis.call('ZADD', b .. ':scenes', expiry, scene)
redis.call('HSET', b .. ':v', vid, cjson.encode({ visitor = cjson.decode(json), sceneId = scene, instanceId = target }))
for _, user in ipairs(seats) do
  redis.call('ZADD', b .. ':r:' .. target, seatUntil, user)
end
if #seats > 0 then redis.call('PEXPIREAT', b .. ':r:' .. target, seatUntil) end
return target
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
    async join(sceneId, visitor, max, exclude = [], party) {
      const at = now();
      const instanceId = (await run(
        JOIN,
        sceneId,
        visitor.visitorId,
        JSON.stringify(visitor),
        at,
        at + ttlMs,
        max,
        visitor.userId,
        party?.prefer ?? "",
        party?.seatUntil ?? at,
        exclude.length,
        ...exclude,
        ...(party?.seatsFor ?? []),
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
