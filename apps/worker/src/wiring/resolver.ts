import {
  createResolverOn,
  resolverSettings,
  type ResolverOptions,
} from "../capabilities/resolve/resolver.ts";
import type { Resolver } from "../capabilities/resolve/types.ts";
import { createDnsClient } from "../ports/dns/dns-client.ts";

/** A resolver on `opts.client`, or on a DNS client of its own (`nameservers`), closed with it. */
export function createResolver(opts: ResolverOptions = {}): Resolver {
  if (opts.client) return createResolverOn(opts.client, opts, false);
  const { concurrency, timeoutMs, retries } = resolverSettings(opts);
  const client = createDnsClient({
    nameservers: opts.nameservers,
    timeoutMs,
    retries,
    maxInFlight: Math.min(1024, Math.max(64, concurrency * 2)),
  });
  return createResolverOn(client, opts, true);
}
