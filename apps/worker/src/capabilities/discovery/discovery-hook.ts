import type { TScanStartPayload } from "@brandwarden/contract/scan";

/**
 * Discovery sources beside permutations (Certificate Transparency first) plug into the generate
 * stage through this: each returns names it found for the scan's brand, with why. A source sees
 * only what it needs of the scan (the scan's stage context is one), so discovery imports
 * nothing of the scan use case.
 */
interface DiscoveryContext {
  payload: Pick<TScanStartPayload, "brand_name" | "keywords" | "owned_domains">;
  /** Aborted on cancel. */
  signal: AbortSignal;
  progress(done: number, total?: number): void;
  log(level: "info" | "warn" | "error", message: string, code?: string): Promise<void>;
}

export interface DiscoveredName {
  domain: string;
  /** The source's name in `discovered_by` (e.g. `ct`). */
  source: string;
  reason: string;
  /** The owned domain the name imitates (the one whose brand term it matched); default the first. */
  original_domain?: string | null;
}

export type DiscoveryHook = (ctx: DiscoveryContext) => Promise<DiscoveredName[]>;
