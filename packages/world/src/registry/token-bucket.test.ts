import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-bucket.ts";

describe("per-client token buckets", () => {
  it("refuses the request past the burst within a second, saying when to come back", () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 5, burst: 5 }, () => now);
    for (let i = 0; i < 5; i++) expect(buckets.take("127.0.0.1")).toEqual({ ok: true });
    now = 100; // half a token back
    expect(buckets.take("127.0.0.1")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take("127.0.0.2")).toEqual({ ok: true }); // another client has its own bucket
    now = 200;
    expect(buckets.take("127.0.0.1")).toEqual({ ok: true });
  });

  it("rounds Retry-After up to whole seconds for slow rates", () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 0.25, burst: 1 }, () => now);
    expect(buckets.take("a").ok).toBe(true);
    now = 1000;
    expect(buckets.take("a")).toEqual({ ok: false, retryAfterSeconds: 3 });
  });
});
