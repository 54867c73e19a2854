import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";
import { createBrandIndex, type BrandIndex } from "../match/brand-index.ts";
import type { Clock } from "./lease.ts";

/**
 * Every user's brand as one index, reloaded (from the web app) when older than `refreshMs`. A
 * failed reload keeps the brands it had and is tried again within a minute; until the first load
 * succeeds there are none, and the follower does not read (entries read then would go unmatched).
 * Failures of the first load within `startGraceMs` of the first try are not reported: in embedded
 * mode the worker starts before the web app listens.
 */

interface BrandSet {
  index: BrandIndex;
  byUser: ReadonlyMap<string, TMonitoredBrand>;
}

export interface BrandRegistry {
  current(): Promise<BrandSet | null>;
}

export function createBrandRegistry(opts: {
  load: () => Promise<TMonitoredBrand[]>;
  refreshMs: number;
  clock: Clock;
  onError?: (err: unknown) => void;
  /** Default 30 s. */
  startGraceMs?: number;
}): BrandRegistry {
  let set: BrandSet | null = null;
  /** When the first load was tried (failures are quiet for a while after it, until one succeeds). */
  let firstTry: number | null = null;
  /** What the current index was built from: an unchanged reload keeps it (and its label cache). */
  let builtFrom = "";
  /** When the next reload is due. */
  let dueAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function reload(): Promise<void> {
    firstTry ??= opts.clock.now();
    try {
      const brands = await opts.load();
      const fingerprint = JSON.stringify(brands);
      dueAt = opts.clock.now() + opts.refreshMs;
      if (set && fingerprint === builtFrom) return;
      builtFrom = fingerprint;
      set = {
        index: createBrandIndex(
          brands.map((b) => ({
            id: b.user_id,
            terms: {
              brand_names: b.brand_names.length ? b.brand_names : [b.brand_name],
              keywords: b.keywords,
              owned_domains: b.owned_domains,
            },
          })),
        ),
        byUser: new Map(brands.map((b) => [b.user_id, b])),
      };
    } catch (err) {
      if (set || opts.clock.now() - firstTry >= (opts.startGraceMs ?? 30_000)) opts.onError?.(err);
      // Try again soon, sooner still while there are no brands at all.
      dueAt = opts.clock.now() + Math.min(opts.refreshMs, set ? 60_000 : 10_000);
    }
  }

  return {
    async current() {
      if (opts.clock.now() >= dueAt) {
        loading ??= reload().finally(() => (loading = null));
        await loading;
      }
      return set;
    },
  };
}
