import { setTimeout as sleep } from "node:timers/promises";

/**
 * A token bucket as a virtual schedule (GCRA): `rate` tokens per second, up to `burst` taken at once
 * after a pause. Each `take()` reserves the next free slot and waits for it, so waiters are served
 * in order without a queue, and an aborted waiter's slot is simply skipped.
 */
export interface RateLimiter {
  take(signal?: AbortSignal): Promise<void>;
}

/** Time and waiting; tests pass a virtual clock so no test depends on the machine's speed. */
export interface LimiterClock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Waits `ms`; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

export function createRateLimiter(
  rate: number,
  burst = Math.max(1, Math.ceil(rate / 50)),
  clock: LimiterClock = realClock,
): RateLimiter {
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError(`rate must be a positive number, got ${rate}`);
  const interval = 1000 / rate;
  const tolerance = (Math.max(1, burst) - 1) * interval;
  let tat = 0; // theoretical arrival time of the next token (ms, clock.now())
  return {
    async take(signal) {
      signal?.throwIfAborted();
      const now = clock.now();
      const emit = Math.max(now, tat - tolerance);
      tat = Math.max(tat, now) + interval;
      const wait = emit - now;
      if (wait < 1) return;
      try {
        await clock.sleep(wait, signal);
      } catch (err) {
        signal?.throwIfAborted(); // the caller's reason, not a generic AbortError
        throw err;
      }
    },
  };
}
