import type { Redis } from "ioredis";

/**
 * Leases and membership for partitioned consumers: who reads which partition, and who is alive.
 * Redis in the split deployment (every web process sees the same leases), a map in one process.
 */
export interface LeaseStore {
  /** Takes `key` for `owner` when free, expired or already its own, for `ttlMs`; true when held. */
  hold(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives `key` up if `owner` holds it. */
  release(key: string, owner: string): Promise<void>;
  /** Marks `member` alive in `group` for `ttlMs`; returns the live members, sorted. */
  members(group: string, member: string, ttlMs: number): Promise<string[]>;
  leave(group: string, member: string): Promise<void>;
}

export function createMemoryLeases(): LeaseStore {
  const leases = new Map<string, { owner: string; until: number }>();
  const groups = new Map<string, Map<string, number>>();
  return {
    async hold(key, owner, ttlMs) {
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.owner !== owner && lease.until > now) return false;
      leases.set(key, { owner, until: now + ttlMs });
      return true;
    },
    async release(key, owner) {
      if (leases.get(key)?.owner === owner) leases.delete(key);
    },
    async members(group, member, ttlMs) {
      const now = Date.now();
      const live = groups.get(group) ?? new Map<string, number>();
      groups.set(group, live);
      live.set(member, now + ttlMs);
      for (const [name, until] of live) if (until <= now) live.delete(name);
      return [...live.keys()].sort();
    },
    async leave(group, member) {
      groups.get(group)?.delete(member);
    },
  };
}

// Server time, so the web processes' clocks do not matter.
const HOLD = `
local v = redis.call('GET', KEYS[1])
if (not v) or v == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
const MEMBERS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 4)
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

export function createRedisLeases(redis: Redis): LeaseStore {
  const run = (script: string, key: string, ...args: (string | number)[]) =>
    redis.eval(script, 1, key, ...args.map(String));
  return {
    async hold(key, owner, ttlMs) {
      return (await run(HOLD, key, owner, Math.ceil(ttlMs))) === 1;
    },
    async release(key, owner) {
      await run(RELEASE, key, owner);
    },
    async members(group, member, ttlMs) {
      return ((await run(MEMBERS, group, member, Math.ceil(ttlMs))) as string[]).slice().sort();
    },
    async leave(group, member) {
      await redis.zrem(group, member);
    },
  };
}
