import type { KeyValueStore } from "@brandwarden/platform/kv/kv";

/**
 * A per-log lease in the key-value store, so several worker processes follow each log once
 * between them. The lease records its holder and until when (by the injected clock); the holder
 * renews it well before then, anyone may take it over once it has lapsed. Taking over a lapsed
 * lease goes through `setIfAbsent` on a key named after that lapse, so of several contenders one
 * wins. The store's own TTL (generous, real time) only sweeps leases nobody renews any more.
 *
 * Two holders can overlap only if the holder's renewal and a takeover straddle the instant of
 * expiry (clock skew between processes); what they would both read is deduplicated downstream.
 */

export interface Clock {
  now(): number;
}

export interface LogLease {
  /** True when this process holds the lease now (acquired, renewed, or taken over). */
  hold(): Promise<boolean>;
  /** Gives the lease up (on shutdown), if this process holds it. */
  release(): Promise<void>;
}

interface LeaseValue {
  owner: string;
  until: number;
}

function parse(raw: string | null): LeaseValue | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as LeaseValue;
    return typeof v.owner === "string" && typeof v.until === "number" ? v : null;
  } catch {
    return null;
  }
}

export function createLogLease(opts: {
  kv: KeyValueStore;
  key: string;
  owner: string;
  ttlMs: number;
  clock: Clock;
}): LogLease {
  const { kv, key, owner, ttlMs, clock } = opts;
  const sweepMs = Math.max(ttlMs * 10, 60_000);
  const write = () => kv.set(key, JSON.stringify({ owner, until: clock.now() + ttlMs }), sweepMs);

  return {
    async hold() {
      const now = clock.now();
      const raw = await kv.get(key);
      if (raw === null) {
        const value = JSON.stringify({ owner, until: now + ttlMs });
        if (await kv.setIfAbsent(key, value, sweepMs)) return true;
        return parse(await kv.get(key))?.owner === owner;
      }
      // An unreadable lease counts as lapsed.
      const current = parse(raw) ?? { owner: "", until: 0 };
      if (current.until > now) {
        if (current.owner !== owner) return false;
        // Renew once a third of the lease has gone, so a slow round never lets it lapse.
        if (current.until - now < (ttlMs * 2) / 3) await write();
        return true;
      }
      // Lapsed: one contender per lapse wins the takeover.
      if (!(await kv.setIfAbsent(`${key}:takeover:${current.until}`, owner, sweepMs))) return false;
      await write();
      return true;
    },
    async release() {
      if (parse(await kv.get(key))?.owner === owner) await kv.del(key);
    },
  };
}
