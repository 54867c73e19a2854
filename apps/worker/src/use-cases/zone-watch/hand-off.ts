import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import type { BrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import {
  discoverySeenKey,
  type DiscoverySink,
  type LookalikeDiscovered,
} from "../../capabilities/discovery/follow/discovered-alert.ts";

/**
 * A name from a zone file or a newly-registered-domains list, matched against every user's brand
 * with the CT follower's matcher; each match not handed on before (by any source: one seen key
 * per user and name) is assessed (resolved, enriched, scored), handed to the sink and remembered.
 * A failure to assess or publish is thrown as `HandOffError`: the caller retries the whole read.
 */

type Brands = NonNullable<Awaited<ReturnType<BrandRegistry["current"]>>>;

/** Where a name was found: the source's own fields of the discovery. */
type FoundIn =
  | { source: "zone"; zone: string; file: string; published_at: number }
  | { source: "nrd"; list: string; fetched_at: number };

export class HandOffError extends Error {
  override name = "HandOffError";
}

export interface DiscoveryHandOff {
  /** Matches `name` against every brand; returns how many (user, name) pairs were handed on now. */
  (name: string, brands: Brands, found: FoundIn): Promise<number>;
}

export function createDiscoveryHandOff(o: {
  kv: KeyValueStore;
  prefix: string;
  assessor: NameAssessor;
  sink: DiscoverySink;
  /** How long a (user, name) pair is remembered as handed on. Default 30 days (lists span weeks). */
  seenTtlMs?: number;
}): DiscoveryHandOff {
  const seenTtlMs = o.seenTtlMs ?? 30 * 86_400_000;
  return async (name, brands, found) => {
    const matches = brands.index.match(name);
    let handed = 0;
    for (const m of matches) {
      const brand = brands.byUser.get(m.brand_id);
      if (!brand) continue;
      const seenKey = discoverySeenKey(o.prefix, m.brand_id, m.name);
      try {
        if (await o.kv.get(seenKey)) continue;
        const finding = await o.assessor.assess(
          { name: m.name, reason: m.reason, owned: m.owned, source: found.source },
          brand,
        );
        const discovery = {
          user_id: m.brand_id,
          domain: m.name,
          rule: m.rule,
          term: m.term,
          reason: m.reason,
          finding,
          ...found,
        } as LookalikeDiscovered;
        await o.sink(discovery);
        await o.kv.set(seenKey, found.source, seenTtlMs);
      } catch (err) {
        throw new HandOffError(`handing on ${m.name}: ${(err as Error).message}`, { cause: err });
      }
      handed++;
    }
    return handed;
  };
}
