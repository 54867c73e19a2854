/**
 * Campaigns of one scan: the brand's own infrastructure from the scan payload, the rarity of
 * the scan's candidate keys over earlier scans (when the web application answers), then the
 * clusterer. A failed history lookup only costs the history: the scan's own rarity still holds.
 */
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { KEY_HISTORY_MAX_KEYS } from "@brandwarden/contract/scoring";
import type { ScoringApi } from "../../ports/web-api/web-api.port.ts";
import { clusterFindings, type ClusterResult } from "./cluster.ts";
import { infrastructureKeys, type BrandInfrastructure, type ClusterEvidence } from "./keys.ts";

type Payload = Pick<TScanStartPayload, "owned_domains" | "domain_profiles">;

/** What the scan knows of the brand's own infrastructure. */
function brandInfrastructure(payload: Payload): BrandInfrastructure {
  return {
    domains: payload.owned_domains,
    ips: payload.domain_profiles.flatMap((p) => p.ips),
    name_servers: payload.domain_profiles.flatMap((p) => p.name_servers),
    favicon_hashes: payload.domain_profiles.flatMap((p) => (p.favicon_hash ? [p.favicon_hash] : [])),
    html_hashes: payload.domain_profiles.flatMap((p) => (p.html_hash ? [p.html_hash] : [])),
  };
}

/** Keys at least two findings of the scan hold: the only ones that could link anything. */
export function candidateKeys(evidence: readonly ClusterEvidence[], brand: BrandInfrastructure): string[] {
  const seen = new Map<string, number>();
  for (const ev of evidence)
    for (const k of infrastructureKeys(ev, brand)) seen.set(k, (seen.get(k) ?? 0) + 1);
  return [...seen]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, KEY_HISTORY_MAX_KEYS)
    .map(([k]) => k);
}

export interface ScanClusters extends ClusterResult {
  /** Why the history of keys was not used (null when it was, or when there was no one to ask). */
  historyError: string | null;
}

export async function clusterScan(
  evidence: readonly ClusterEvidence[],
  payload: Payload,
  scoring: Pick<ScoringApi, "getKeyHistory"> | null,
): Promise<ScanClusters> {
  const brand = brandInfrastructure(payload);
  let keyHistory: Map<string, number> | undefined;
  let historyError: string | null = null;
  const keys = candidateKeys(evidence, brand);
  if (scoring?.getKeyHistory && keys.length) {
    try {
      const counts = await scoring.getKeyHistory({
        keys,
        exclude_domains: evidence.map((e) => e.domain),
      });
      keyHistory = new Map(Object.entries(counts));
    } catch (err) {
      historyError = (err as Error).message;
    }
  }
  return { ...clusterFindings(evidence, { brand, keyHistory }), historyError };
}
