import type { Resolver } from "../../capabilities/resolve/types.ts";
import { silentLimit, silentServersWatch } from "../../capabilities/resolve/silent-servers.ts";
import type { Candidate, ResolvedCandidate } from "./scan-data.ts";

export interface ResolveCandidatesOptions {
  resolver: Resolver;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, registered: number) => void;
  /** Each kept candidate as soon as it resolved (in the order answers come). */
  onKept?: (kept: ResolvedCandidate & Candidate) => void;
}

/**
 * The pipeline's `resolve` stage body: resolves every candidate and keeps those that are registered
 * or unknown (a lookup failure is kept for a later look, never dropped as absent), in the
 * candidates' order, with their DNS answers. Throws the signal's reason when aborted, and
 * SilentNameServersError when the name servers stopped answering.
 */
export async function resolveCandidates<C extends Candidate>(
  candidates: readonly C[],
  opts: ResolveCandidatesOptions,
): Promise<Array<C & ResolvedCandidate>> {
  const byDomain = new Map<string, number>();
  candidates.forEach((c, i) => byDomain.set(c.domain.toLowerCase(), i));
  const names = [...byDomain.keys()];
  const kept: Array<{ index: number; value: C & ResolvedCandidate }> = [];
  const silent = silentServersWatch(
    silentLimit(opts.resolver.concurrency),
    "the name servers (DNS_NAMESERVERS)",
  );
  for await (const r of opts.resolver.resolveMany(names, {
    signal: opts.signal,
    onProgress: opts.onProgress,
  })) {
    silent(r);
    if (r.status === "unregistered") continue;
    const index = byDomain.get(r.domain)!;
    const value = {
      ...candidates[index]!,
      resolve_status: r.status,
      dns_a: r.dns_a,
      dns_aaaa: r.dns_aaaa,
      dns_mx: r.dns_mx,
      dns_ns: r.dns_ns,
      wildcard: r.wildcard,
    };
    kept.push({ index, value });
    opts.onKept?.(value);
  }
  return kept.sort((x, y) => x.index - y.index).map((k) => k.value);
}
