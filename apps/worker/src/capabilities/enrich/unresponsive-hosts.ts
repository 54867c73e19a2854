// Addresses that stopped answering. A dead host would otherwise hold an enrichment slot for the
// whole HTTP timeout once for every lookalike on it (ninety lookalikes on four dead hosts were half
// of a scan's slot time): after `after` timeouts in a row the address is skipped for `forMs`.
// One per scan: a host that comes back is dialled again by the next scan.

export interface UnresponsiveHosts {
  /** Whether `ip` timed out `after` times in a row lately; then its lookalikes are not dialled. */
  skip(ip: string): boolean;
  /** What one lookalike's web and TLS probes of `ip` came to. */
  record(ip: string, timedOut: boolean): void;
}

export function createUnresponsiveHosts(
  opts: { after?: number; forMs?: number; maxEntries?: number; now?: () => number } = {},
): UnresponsiveHosts {
  const after = opts.after ?? 2;
  const forMs = opts.forMs ?? 10 * 60_000;
  const max = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const hosts = new Map<string, { timeouts: number; at: number }>();
  return {
    skip(ip) {
      const h = hosts.get(ip);
      if (!h || h.timeouts < after) return false;
      if (now() - h.at < forMs) return true;
      hosts.delete(ip); // time to try it again
      return false;
    },
    record(ip, timedOut) {
      if (!timedOut) return void hosts.delete(ip);
      const h = hosts.get(ip);
      if (h) {
        h.timeouts++;
        h.at = now();
        return;
      }
      if (hosts.size >= max) hosts.delete(hosts.keys().next().value!);
      hosts.set(ip, { timeouts: 1, at: now() });
    },
  };
}
