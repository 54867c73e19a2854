// Per-client rate limits as registries apply them: each client address has a bucket of `burst`
// requests refilled at `perSecond`; a request finding it empty is refused with how long until
// the next token (for Retry-After, whole seconds, RFC 9110 §10.2.3).

export interface RateLimit {
  perSecond: number;
  burst: number;
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(limit.perSecond > 0) || !(limit.burst >= 1))
      throw new Error("a rate limit needs perSecond > 0 and burst ≥ 1");
  }

  take(client: string): Admission {
    const now = this.now();
    const b = this.buckets.get(client) ?? { tokens: this.limit.burst, at: now };
    b.tokens = Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond);
    b.at = now;
    this.buckets.set(client, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.limit.perSecond)) };
  }
}
