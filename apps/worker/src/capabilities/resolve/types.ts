// The resolver's shapes, apart from its implementation: the resolve stage, the CT follower, the
// watch round and resolveMany use them without importing the resolver itself.

export type ResolveStatus = "registered" | "unregistered" | "unknown";

export interface ResolveResult {
  /** ASCII, lower case, no trailing dot. */
  domain: string;
  status: ResolveStatus;
  /** Why: "nxdomain" | "nodata" | "wildcard" for unregistered; "servfail (NS)", "timeout (A)" ... for unknown. */
  reason?: string;
  dns_ns: string[];
  dns_a: string[];
  dns_aaaa: string[];
  /** Exchange names, by preference. */
  dns_mx: string[];
  /** CNAME targets in order, from the A lookup (or AAAA/MX when A had none). */
  cname_chain: string[];
  wildcard: boolean;
}

/** A result with no records: where the resolver starts, unregistered until an answer says otherwise. */
export function emptyResult(domain: string): ResolveResult {
  return {
    domain,
    status: "unregistered",
    dns_ns: [],
    dns_a: [],
    dns_aaaa: [],
    dns_mx: [],
    cname_chain: [],
    wildcard: false,
  };
}

export interface ResolveManyOptions {
  signal?: AbortSignal;
  /** After each domain: how many are done, of how many, and how many of them are registered. */
  onProgress?: (done: number, total: number, registered: number) => void;
}

export interface ResolverStats {
  /** Queries asked (each CNAME hop, SERVFAIL re-ask and wildcard probe counts; timeouts' retries do not). */
  queries: number;
  domains: number;
}

export interface Resolver {
  readonly concurrency: number;
  readonly stats: ResolverStats;
  resolveDomain(name: string, signal?: AbortSignal): Promise<ResolveResult>;
  /** Results in completion order; throws the signal's reason when aborted. */
  resolveMany(names: readonly string[], opts?: ResolveManyOptions): AsyncGenerator<ResolveResult, void>;
  close(): Promise<void>;
}
