import type { TDomainFindingFields, TSignals } from "@brandwarden/contract/findings";
import type { TSeverity } from "@brandwarden/contract/common";

/** A generated lookalike of one owned domain. */
export interface Candidate {
  domain: string;
  domain_unicode: string;
  /** The permutation fuzzer that produced it; null for a name only another source (CT) found. */
  fuzzer: string | null;
  fuzzers: string[];
  registrable_domain: string;
  original_domain: string;
  /** Which sources found it: `permutation` and/or `ct`; absent on checkpoints from before sources. */
  discovered_by?: string[];
  discovery_reason?: string | null;
}

/** A candidate after DNS: registered, or unknown (SERVFAIL/timeout); unregistered ones are dropped. */
export interface ResolvedCandidate extends Candidate {
  resolve_status: "registered" | "unknown";
  dns_a: string[];
  dns_aaaa: string[];
  dns_mx: string[];
  dns_ns: string[];
  wildcard: boolean;
}

export type EnrichedFields = Partial<TDomainFindingFields> & { screenshot_png?: string };

export interface ScoredFinding {
  score: number;
  severity: TSeverity;
  signals: TSignals;
  campaign_id: string | null;
  campaign_keys: string[] | null;
  threat_feed_hits: TDomainFindingFields["threat_feed_hits"];
}

/** What the stages hand each other; each stage owns one key, checkpointed when the stage completes. */
export interface ScanData {
  candidates?: Candidate[];
  resolved?: ResolvedCandidate[];
  enriched?: Record<string, EnrichedFields>;
  social?: unknown[];
  scored?: Record<string, ScoredFinding>;
  audited?: unknown[];
}
