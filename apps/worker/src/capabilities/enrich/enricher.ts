import pLimit from "p-limit";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { BrandContext } from "../brand/brand-context.ts";
import {
  enrichLookalike,
  type EnrichDeps,
  type EnrichResult,
  type ResolvedAddresses,
} from "./enrich-domain.ts";
import { profileOwnedDomain } from "./profile-owned.ts";

// The enrichment stage over its sources (`EnrichDeps`): lookalikes enriched ENRICH_CONCURRENCY at
// a time, owned domains profiled. `wiring/enricher.ts` builds the sources from the worker's config.

interface LookalikeJob {
  domain: string;
  resolved: ResolvedAddresses;
}

export interface Enricher {
  deps: EnrichDeps;
  enrichLookalike(domain: string, resolved: ResolvedAddresses, brand: BrandContext): Promise<EnrichResult>;
  /**
   * Enriches many under ENRICH_CONCURRENCY; `onResult` sees each as it completes. Results are not
   * kept (screenshots make them large): publish them from `onResult`.
   */
  enrichAll(jobs: LookalikeJob[], brand: BrandContext, onResult: (job: LookalikeJob, r: EnrichResult) => void | Promise<void>): Promise<void>; // prettier-ignore
  profileOwnedDomain(domain: string): Promise<TDomainProfile>;
  close(): Promise<void>;
}

/** Runs each call under a limit of `size` at once per address. */
export function perHostLimiter(size: number) {
  const limits = new Map<string, ReturnType<typeof pLimit>>();
  return <T>(ip: string, fn: () => Promise<T>): Promise<T> => {
    let l = limits.get(ip);
    if (!l) limits.set(ip, (l = pLimit(size)));
    const lim = l;
    return lim(fn).finally(() => {
      if (lim.activeCount === 0 && lim.pendingCount === 0) limits.delete(ip); // the map stays small
    });
  };
}

/** The enricher over `deps`; `close` releases what its builder opened. */
export function createEnricherOn(
  deps: EnrichDeps,
  concurrency: number,
  close: () => Promise<void>,
): Enricher {
  const stage = pLimit(concurrency);
  return {
    deps,
    enrichLookalike: (domain, resolved, brand) => enrichLookalike(domain, { resolved, brand, deps }),
    async enrichAll(jobs, brand, onResult) {
      await Promise.all(
        jobs.map((job) =>
          stage(async () => {
            await onResult(job, await enrichLookalike(job.domain, { resolved: job.resolved, brand, deps }));
          }),
        ),
      );
    },
    profileOwnedDomain: (domain) => profileOwnedDomain(domain, deps),
    close,
  };
}
