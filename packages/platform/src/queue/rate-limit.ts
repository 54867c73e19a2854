import type { KeyValueStore } from "../kv/kv.ts";

interface RateLimitRule {
  max: number;
  windowMs: number;
}

type RateLimitDecision = { ok: true } | { ok: false; retryInMs: number };

export interface RateLimiter {
  /** Takes one run for `key` under `scope` if the rule allows it; otherwise says when to try again. */
  acquire(scope: string, key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
}

/** Smallest re-delay, so a slot that expires between two reads never causes a busy loop. */
const MIN_RETRY_MS = 10;

/**
 * A sliding-window limiter built only on the KeyValueStore, so the in-process and BullMQ queues
 * share it and behave identically. Each key owns `max` slots; a run claims a free slot with an
 * atomic SET NX whose TTL is the window. So any `windowMs` interval holds at most `max` runs,
 * and a refused run learns exactly when the oldest slot frees. Cost is O(max) round trips,
 * which is right for small limits like "4 scans per 30 minutes".
 */
export function createRateLimiter(kv: KeyValueStore, namespace = "ratelimit"): RateLimiter {
  return {
    async acquire(scope, key, rule) {
      if (!Number.isInteger(rule.max) || rule.max < 1) throw new RangeError("rateLimit.max must be >= 1");
      const base = `${namespace}:${scope}:${key}`;
      const now = String(Date.now());
      for (let slot = 0; slot < rule.max; slot++) {
        if (await kv.setIfAbsent(`${base}:${slot}`, now, rule.windowMs)) return { ok: true };
      }
      const ttls = await Promise.all(
        Array.from({ length: rule.max }, (_, slot) => kv.ttl(`${base}:${slot}`)),
      );
      // A null TTL means the slot expired since we tried it: retry promptly.
      const soonest = Math.min(...ttls.map((t) => t ?? 0));
      return { ok: false, retryInMs: Math.max(MIN_RETRY_MS, soonest) };
    },
  };
}
