import { setTimeout as sleep } from "node:timers/promises";

/**
 * A token bucket as a virtual schedule (GCRA): `rate` tokens per second, up to `burst` taken at once
 * after a pause. Each `take()` reserves the next free slot and waits for it, so waiters are served
 * in order without a queue, and an aborted waiter's slot is simply skipped.
 */
export interface RateLimiter {
  take(signal?: AbortSignal): Promise<void>;
}

export function createRateLimiter(rate: number, burst = Math.max(1, Math.ceil(rate / 50))): RateLimiter {
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError(`rate must be a positive number, got ${rate}`);
  const interval = 1000 / rate;
  const tolerance = (Math.max(1, burst) - 1) * interval;
  let tat = 0; // theoretical arrival time of the next token (ms, performance.now())
  return {
    async take(signal) {
      signal?.throwIfAborted();
      const now = performance.now();
      const emit = Math.max(now, tat - tolerance);
      tat = Math.max(tat, now) + interval;
      const wait = emit - now;
      if (wait < 1) return;
      try {
        await sleep(wait, undefined, { signal });
      } catch (err) {
        signal?.throwIfAborted(); // the caller's reason, not a generic AbortError
        throw err;
      }
    },
  };
}
