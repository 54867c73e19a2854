import {
  DnsTimeoutError,
  type DnsClient,
  type DnsResponse,
  type QueryOptions,
} from "../../ports/dns/dns.port.ts";
import { createRateLimiter, type LimiterClock, type RateLimiter } from "./rate-limiter.ts";

const realClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/**
 * At most `max` takes in any `windowMs`: a log of the last `max` takes (a ring). The token bucket
 * spaces queries evenly, but a timer that fires late lets the slots it missed go at once; this
 * guard keeps even that catch-up within the pace.
 */
function createWindowGuard(max: number, windowMs: number, clock: LimiterClock): RateLimiter {
  const ring: number[] = [];
  let oldest = 0;
  return {
    async take() {
      for (;;) {
        const now = clock.now();
        if (ring.length < max) {
          ring.push(now);
          return;
        }
        const wait = ring[oldest]! + windowMs - now;
        if (wait <= 0) {
          ring[oldest] = now;
          oldest = (oldest + 1) % max;
          return;
        }
        await clock.sleep(wait);
      }
    },
  };
}

/**
 * A DNS client that asks each name server at most `qps` queries a second, evenly spaced: one
 * client per name server (`servers`), queries handed out round-robin, each waiting for its
 * server's next slot (a token bucket without burst), so a watch round is spread over its interval
 * instead of landing on a resolver at once. A timeout fails over to the next server, paced alike.
 * No server ever gets more than `qps` queries in any one second, however late timers fire.
 */
export function createPacedDnsClient(
  servers: readonly DnsClient[],
  qps: number,
  clock: LimiterClock = realClock,
): DnsClient {
  if (!servers.length) throw new Error("a paced DNS client needs at least one name server");
  const max = Math.max(1, Math.floor(qps));
  const limiters = servers.map(() => {
    const even = createRateLimiter(qps, 1, clock);
    const window = createWindowGuard(max, (max * 1000) / qps, clock);
    return { take: async () => (await even.take(), await window.take()) };
  });
  let next = 0;
  return {
    nameservers: servers.flatMap((s) => s.nameservers),
    async query(name, type, opts: QueryOptions = {}): Promise<DnsResponse> {
      const attempts = (opts.retries ?? 2) + 1;
      const start = next++ % servers.length;
      for (let i = 0; i < attempts; i++) {
        const k = (start + i) % servers.length;
        await limiters[k]!.take();
        try {
          return await servers[k]!.query(name, type, { timeoutMs: opts.timeoutMs, retries: 0 });
        } catch (err) {
          if (!(err instanceof DnsTimeoutError)) throw err;
        }
      }
      throw new DnsTimeoutError(name, type, attempts);
    },
    async close() {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
