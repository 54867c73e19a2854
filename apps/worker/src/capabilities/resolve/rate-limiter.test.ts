import { describe, expect, it } from "vitest";
import { createRateLimiter, type LimiterClock } from "./rate-limiter.ts";

/** A clock that only moves when someone waits on it, recording when each wait ends. */
function virtualClock() {
  let now = 1_000;
  const wakes: number[] = [];
  const clock: LimiterClock = {
    now: () => now,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      now += ms;
      wakes.push(now);
    },
  };
  return { clock, wakes, now: () => now };
}

describe("token bucket", () => {
  it("lets the burst through at once, then spaces takes at the rate", async () => {
    const v = virtualClock();
    const limiter = createRateLimiter(200, 5, v.clock);
    for (let i = 0; i < 25; i++) await limiter.take();
    // 5 at once, then 20 more at 5 ms each.
    expect(v.wakes).toHaveLength(20);
    expect(v.now() - 1_000).toBe(100);
    expect(v.wakes.every((t, i) => i === 0 || t - v.wakes[i - 1]! === 5)).toBe(true);
  });

  it("gives concurrent takes consecutive slots, in order", async () => {
    // Time stands still while they are asked for: each reserves the slot after the previous one.
    const waits: number[] = [];
    const limiter = createRateLimiter(50, 1, {
      now: () => 1_000,
      sleep: async (ms) => void waits.push(ms),
    });
    await Promise.all(Array.from({ length: 4 }, () => limiter.take()));
    expect(waits).toEqual([20, 40, 60]);
  });

  it("stops waiting on abort and rejects bad rates", async () => {
    const limiter = createRateLimiter(1);
    await limiter.take();
    const ac = new AbortController();
    const p = limiter.take(ac.signal);
    ac.abort(new Error("stop"));
    await expect(p).rejects.toThrow("stop");
    expect(() => createRateLimiter(0)).toThrow(RangeError);
  });
});
