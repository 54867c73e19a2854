import pLimit from "p-limit";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { BrandContext } from "../brand/brand-context.ts";
import {
  enrichLookalike,
  type EnrichDeps,
  type EnrichResult,
  type ResolvedAddresses,
} from "./enrich-domain.ts";
import {
  createEnrichScheduler,
  enrichWork,
  type EnrichScheduler,
  type EnrichSchedulerOptions,
} from "./enrich-scheduler.ts";
import { profileOwnedDomain } from "./profile-owned.ts";

// The enrichment stage over its sources (`EnrichDeps`): a scan's lookalikes through the scheduler
// (enrich-scheduler.ts), one lookalike at a time for watch and discovery, owned domains profiled.
// `wiring/enricher.ts` builds the sources from the worker's config.

export interface Enricher {
  deps: EnrichDeps;
  enrichLookalike(domain: string, resolved: ResolvedAddresses, brand: BrandContext): Promise<EnrichResult>;
  /**
   * A scan's scheduler: lookalikes added as they resolve, ENRICH_CONCURRENCY at once, each
   * registry at its own pace; `onResult` sees each as it completes. Results are not kept
   * (screenshots make them large): publish them from `onResult`.
   */
  schedule(opts: Omit<EnrichSchedulerOptions, "work" | "registries" | "window"> & { brand: BrandContext }): EnrichScheduler; // prettier-ignore
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
  return {
    deps,
    enrichLookalike: (domain, resolved, brand) => enrichLookalike(domain, { resolved, brand, deps }),
    schedule: ({ brand, ...opts }) =>
      createEnrichScheduler({ ...opts, work: enrichWork(deps, brand), registries: deps.registries, window: concurrency }), // prettier-ignore
    profileOwnedDomain: (domain) => profileOwnedDomain(domain, deps),
    close,
  };
}
