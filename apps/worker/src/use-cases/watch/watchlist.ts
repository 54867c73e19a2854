import type { TWatchRequest } from "@brandwarden/contract/watch";
import { generatePermutations } from "../../capabilities/lookalike/generate.ts";
import { registrableOf } from "../../capabilities/lookalike/psl.ts";
import { toUnicode } from "punycode";
import { DEFAULT_DOMAIN_WEIGHTS, type TDomainSignalName } from "@brandwarden/contract/signals";
import { brandContextFromScan, type BrandContext } from "../../capabilities/brand/brand-context.ts";
import type { DomainEvidence } from "../../capabilities/scoring/evidence.ts";
import { DOMAIN_SIGNAL_FNS } from "../../capabilities/scoring/signals/index.ts";
import { excludedNames, takeCycleSlice, type CycleSlice } from "./cycle-slice.ts";

// The names one watch round re-resolves (pure, cached): the brand's permutations ranked by prior
// risk — what the name alone scores (family deceptiveness, brand and phishing words, TLD) — the
// top `maxNames` of them, plus the names an analyst pinned and known unregistered ones.

export interface WatchName {
  domain: string;
  domain_unicode: string;
  source: "watchlist" | "pinned" | "tracked" | "cycle";
  original_domain: string | null;
  fuzzer: string | null;
  fuzzers: string[];
  registrable_domain: string;
  /** The name-only score the list is ranked by (null for pinned and known names). */
  prior: number | null;
}

/** The signals a name alone decides: the scorer's own name-based ones, with their default weights. */
const NAME_SIGNALS: readonly TDomainSignalName[] = [
  "permutation_family",
  "visual_distance",
  "edit_distance",
  "brand_keyword_combo",
  "brand_in_unrelated_domain",
  "faux_tld_token",
  "suspicious_tld",
  "punycode_mixed_script",
  "label_shape",
];

/** What the name alone scores: the points the scorer's name-based signals give it. */
function priorRisk(ev: DomainEvidence, brand: BrandContext, now: Date): number {
  let points = 0;
  for (const name of NAME_SIGNALS)
    points += (DOMAIN_SIGNAL_FNS[name](ev, { brand, now }) ?? 0) * (DEFAULT_DOMAIN_WEIGHTS[name] ?? 0);
  return Math.round(points * 10) / 10;
}

/** A ranked candidate, before pins and exclusions. */
export type Ranked = Omit<WatchName, "source">;

/**
 * Every owned domain's permutations, ranked by prior risk, highest first (ties by name). Names
 * of several owned domains are kept once, with their best prior.
 */
export function rankPermutations(input: {
  brand_name: string;
  keywords: readonly string[];
  owned_domains: readonly string[];
  maxCandidates?: number;
}): Ranked[] {
  const brand = brandContextFromScan({ ...input, domain_profiles: [] });
  const owned = new Set(input.owned_domains);
  const best = new Map<string, Ranked>();
  const now = new Date();
  for (const original of input.owned_domains) {
    const { permutations } = generatePermutations(original, {
      keywords: input.keywords,
      maxCandidates: input.maxCandidates,
    });
    for (const p of permutations) {
      if (owned.has(p.domain)) continue;
      const prior = priorRisk(
        {
          domain: p.domain,
          fuzzer: p.fuzzer,
          fuzzers: p.fuzzers,
          original_domain: original,
          registrable_domain: p.registrable_domain ?? p.domain,
        },
        brand,
        now,
      );
      const known = best.get(p.domain);
      if (known && (known.prior ?? 0) >= prior) continue;
      best.set(p.domain, {
        domain: p.domain,
        domain_unicode: p.domain_unicode,
        original_domain: original,
        fuzzer: p.fuzzer,
        fuzzers: [...p.fuzzers],
        registrable_domain: p.registrable_domain ?? p.domain,
        prior,
      });
    }
  }
  return [...best.values()].sort(
    (a, b) => (b.prior ?? 0) - (a.prior ?? 0) || a.domain.localeCompare(b.domain),
  );
}

const CACHE_SIZE = 64;

/** Ranking is the costly part and only changes with the brand profile: kept per profile. */
export function createWatchlistCache(size = CACHE_SIZE, rank: typeof rankPermutations = rankPermutations) {
  const cache = new Map<string, Ranked[]>();
  return (input: Parameters<typeof rankPermutations>[0]): Ranked[] => {
    const key = JSON.stringify([
      input.brand_name,
      [...input.keywords].sort(),
      [...input.owned_domains].sort(),
    ]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const ranked = rank(input);
    cache.set(key, ranked);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return ranked;
  };
}

/**
 * The round's DNS list: pinned names first, then known unregistered ones, then the highest-prior
 * permutations up to `maxNames`; names the round re-checks otherwise (tracked) or skips are left out.
 */
export function buildWatchlist(
  req: TWatchRequest,
  maxNames: number,
  rank: (i: Parameters<typeof rankPermutations>[0]) => Ranked[],
): WatchName[] {
  const exclude = excludedNames(req);
  const out = new Map<string, WatchName>();
  const known = (domain: string, source: WatchName["source"]): WatchName => ({
    domain,
    domain_unicode: toUnicode(domain),
    source,
    original_domain: null,
    fuzzer: null,
    fuzzers: [],
    registrable_domain: registrableOf(domain) ?? domain,
    prior: null,
  });
  for (const d of req.pinned) if (!exclude.has(d)) out.set(d, known(d, "pinned"));
  for (const d of req.unregistered) if (!exclude.has(d) && !out.has(d)) out.set(d, known(d, "tracked"));
  let taken = 0;
  const limit = req.max_names ?? maxNames;
  for (const r of rank(req)) {
    if (taken >= limit) break;
    if (exclude.has(r.domain)) continue;
    const pinned = out.get(r.domain);
    // A pinned permutation keeps its source but gains what the generator knows of it.
    if (pinned) out.set(r.domain, { ...r, source: pinned.source });
    else out.set(r.domain, { ...r, source: "watchlist" });
    taken++;
  }
  return [...out.values()];
}

/**
 * The round's DNS list with the cycle's slice (when the request has a cycle): the watch list, then
 * the next candidates beyond it (source `cycle`), and where the slice stands.
 */
export function buildRoundList(
  req: TWatchRequest,
  maxNames: number,
  rank: (i: Parameters<typeof rankPermutations>[0]) => Ranked[],
): { names: WatchName[]; cycle: CycleSlice<Ranked> | null } {
  const names = buildWatchlist(req, maxNames, rank);
  if (!req.cycle) return { names, cycle: null };
  const exclude = excludedNames(req);
  const listed = new Set(names.map((n) => n.domain));
  const cycle = takeCycleSlice(rank(req), (d) => exclude.has(d) || listed.has(d), req.cycle);
  for (const r of cycle.names) names.push({ ...r, source: "cycle" });
  return { names, cycle };
}
