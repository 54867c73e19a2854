import type { LimiterClock } from "../capabilities/resolve/rate-limiter.ts";
import { createPacedDnsClient } from "../capabilities/resolve/paced-dns-client.ts";
import { createResolverOn } from "../capabilities/resolve/resolver.ts";
import type { Resolver } from "../capabilities/resolve/types.ts";
import { createDnsClient } from "../ports/dns/dns-client.ts";
import type { DnsClient, Nameserver } from "../ports/dns/dns.port.ts";

const address = (ns: Nameserver) => `${ns.host.includes(":") ? `[${ns.host}]` : ns.host}:${ns.port}`;

/**
 * The watch's resolver: paced at `qps` per name server (WATCH_QPS), on clients of its own so the
 * scans' resolver is not slowed by it. Hedging (A/AAAA/MX sent early while NS is slow) is off: a
 * paced query's wait is not a slow server, and hedging would multiply the queries the pace spreads.
 */
export function createWatchResolver(opts: {
  nameservers: readonly Nameserver[];
  qps: number;
  timeoutMs: number;
  clock?: LimiterClock;
}): { resolver: Resolver; servers: number } {
  const clients = opts.nameservers.map((ns) =>
    createDnsClient({ nameservers: [address(ns)], timeoutMs: opts.timeoutMs, retries: 0 }),
  );
  return { resolver: watchResolverOn(clients, opts), servers: clients.length };
}

/** The watch's resolver over one client per name server (closed with it). */
export function watchResolverOn(
  clients: DnsClient[],
  opts: { qps: number; timeoutMs: number; clock?: LimiterClock },
): Resolver {
  const paced = createPacedDnsClient(clients, opts.qps, opts.clock);
  // Enough names in flight to keep every server at its pace through answers as slow as the timeout.
  const inFlight = Math.ceil(opts.qps * clients.length * Math.max(1, opts.timeoutMs / 1000));
  return createResolverOn(
    paced,
    { timeoutMs: opts.timeoutMs, concurrency: Math.min(2000, Math.max(16, inFlight)), hedgeMs: Infinity },
    true,
  );
}
