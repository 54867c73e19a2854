import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

describe("token bucket", () => {
  it("spaces takes at the rate after the burst", async () => {
    const limiter = createRateLimiter(200, 5);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 25 }, () => limiter.take()));
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(20 * 5 - 10); // 5 at once, then 20 at 5 ms each
    expect(elapsed).toBeLessThan(400);
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
