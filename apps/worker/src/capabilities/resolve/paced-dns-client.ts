import {
  DnsTimeoutError,
  type DnsClient,
  type DnsResponse,
  type QueryOptions,
} from "../../ports/dns/dns.port.ts";
import { createRateLimiter, type LimiterClock } from "./rate-limiter.ts";

/**
 * A DNS client that asks each name server at most `qps` queries a second, evenly spaced: one
 * client per name server (`servers`), queries handed out round-robin, each waiting for its
 * server's next slot (a token bucket without burst), so a watch round is spread over its interval
 * instead of landing on a resolver at once. A timeout fails over to the next server, paced alike.
 */
export function createPacedDnsClient(
  servers: readonly DnsClient[],
  qps: number,
  clock?: LimiterClock,
): DnsClient {
  if (!servers.length) throw new Error("a paced DNS client needs at least one name server");
  const limiters = servers.map(() => createRateLimiter(qps, 1, clock));
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
