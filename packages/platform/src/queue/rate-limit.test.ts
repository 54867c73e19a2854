import { describe, expect, it } from "vitest";
import { createMemoryKv } from "../kv/memory-kv.ts";
import { sleep } from "../../testing/wait-for.ts";
import { createRateLimiter } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows max runs per window per key and says when the next one frees", async () => {
    const limiter = createRateLimiter(createMemoryKv());
    const rule = { max: 2, windowMs: 300 };
    expect(await limiter.acquire("scan", "u1", rule)).toEqual({ ok: true });
    await sleep(100);
    expect(await limiter.acquire("scan", "u1", rule)).toEqual({ ok: true });
    const refused = await limiter.acquire("scan", "u1", rule);
    expect(refused.ok).toBe(false);
    // The oldest run (100 ms ago) frees first.
    if (!refused.ok) {
      expect(refused.retryInMs).toBeGreaterThan(150);
      expect(refused.retryInMs).toBeLessThanOrEqual(200);
    }
    expect(await limiter.acquire("scan", "u2", rule)).toEqual({ ok: true });
    expect(await limiter.acquire("other", "u1", rule)).toEqual({ ok: true });
    await sleep(220);
    // Sliding: one slot freed, the second is still taken.
    expect(await limiter.acquire("scan", "u1", rule)).toEqual({ ok: true });
    expect((await limiter.acquire("scan", "u1", rule)).ok).toBe(false);
  });

  it("refuses a non-positive max", async () => {
    const limiter = createRateLimiter(createMemoryKv());
    await expect(limiter.acquire("s", "k", { max: 0, windowMs: 100 })).rejects.toThrow(RangeError);
  });
});
