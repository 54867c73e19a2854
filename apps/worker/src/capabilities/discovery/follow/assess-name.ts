import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import type { TWatchFinding } from "@brandwarden/contract/watch";
import { toUnicode } from "punycode";
import type { Enricher } from "../../enrich/enricher.ts";
import { feedQueryOf } from "../../feeds/feed-index.ts";
import type { FeedLoadResult } from "../../feeds/loader.ts";
import { registrableOf } from "../../lookalike/psl.ts";
import type { Resolver } from "../../resolve/types.ts";
import { brandContextFromScan } from "../../brand/brand-context.ts";
import type { DomainEvidence } from "../../scoring/evidence.ts";
import { scoreFinding } from "../../scoring/score.ts";
import type { Clock } from "./lease.ts";

/**
 * One name the follower matched, made into a finding the way a scan makes one: resolved, enriched
 * when registered (registration, DNS, web, TLS, hosting; no screenshot bytes travel), and scored
 * with the current weights and threat feeds against the brand that matched. A source that fails
 * leaves its fields unknown rather than losing the alert.
 */

interface NameToAssess {
  name: string;
  reason: string;
  /** The owned domain the matched term stands for. */
  owned: string | null;
  /** Which discovery source found it (the finding's `discovered_by`); default `ct`. */
  source?: DiscoverySource;
}

type DiscoverySource = "ct" | "zone" | "nrd";

export interface NameAssessor {
  assess(match: NameToAssess, brand: TMonitoredBrand): Promise<TWatchFinding>;
}

const WEIGHTS_TTL_MS = 10 * 60_000;

export function createNameAssessor(deps: {
  resolver: Pick<Resolver, "resolveDomain">;
  enricher: Pick<Enricher, "enrichLookalike">;
  /** The weights that score a user's findings (the web app's); defaults when it cannot say. */
  weights?: (userId: string) => Promise<Record<string, number>>;
  feeds?: () => Promise<FeedLoadResult>;
  clock: Clock;
  onError?: (what: string, err: unknown) => void;
}): NameAssessor {
  // Per user: each brand's owner has their own set (or the platform's).
  const cache = new Map<string, { value: Record<string, number>; at: number }>();

  async function currentWeights(userId: string): Promise<Record<string, number>> {
    const now = deps.clock.now();
    const cached = cache.get(userId);
    if (cached && now - cached.at < WEIGHTS_TTL_MS) return cached.value;
    let value: Record<string, number>;
    try {
      value = deps.weights ? await deps.weights(userId) : DEFAULT_DOMAIN_WEIGHTS;
    } catch (err) {
      deps.onError?.("weights", err);
      value = cached?.value ?? DEFAULT_DOMAIN_WEIGHTS;
    }
    cache.set(userId, { value, at: now });
    return value;
  }

  return {
    async assess(match, brand) {
      const domain = match.name;
      const original =
        match.owned && brand.owned_domains.includes(match.owned) ? match.owned : brand.owned_domains[0]!;
      const finding: TWatchFinding = {
        domain,
        domain_unicode: safeToUnicode(domain),
        original_domain: original,
        fuzzer: null,
        fuzzers: [],
        discovered_by: [match.source ?? "ct"],
        discovery_reason: match.reason,
        registrable_domain: registrableOf(domain) ?? domain,
      };
      const dns = await deps.resolver.resolveDomain(domain);
      Object.assign(finding, {
        resolve_status: dns.status,
        dns_a: dns.dns_a,
        dns_aaaa: dns.dns_aaaa,
        dns_mx: dns.dns_mx,
        dns_ns: dns.dns_ns,
        wildcard: dns.wildcard,
      });
      if (dns.status === "registered") {
        try {
          const result = await deps.enricher.enrichLookalike(
            domain,
            { a: dns.dns_a, aaaa: dns.dns_aaaa, mx: dns.dns_mx, ns: dns.dns_ns },
            {
              brand_names: brand.brand_names.length ? brand.brand_names : [brand.brand_name],
              keywords: brand.keywords,
              owned_domains: brand.owned_domains,
              profiles: brand.domain_profiles,
            },
          );
          const { screenshot_png: _png, ...fields } = result.fields;
          Object.assign(finding, fields, { provenance: result.provenance as Record<string, unknown> });
        } catch (err) {
          deps.onError?.("enrichment", err);
        }
      }
      const evidence = { ...finding, campaign: null } as DomainEvidence;
      let hits: TWatchFinding["threat_feed_hits"] = null;
      if (deps.feeds) {
        try {
          hits = (await deps.feeds()).index.match(feedQueryOf(evidence));
        } catch (err) {
          deps.onError?.("threat feeds", err);
        }
      }
      const scored = scoreFinding(
        { ...evidence, threat_feed_hits: hits },
        brandContextFromScan(brand),
        await currentWeights(brand.user_id),
        new Date(deps.clock.now()),
      );
      return {
        ...finding,
        threat_feed_hits: hits,
        score: scored.score,
        severity: scored.severity,
        signals: scored.signals,
      };
    },
  };
}

function safeToUnicode(domain: string): string {
  try {
    return toUnicode(domain);
  } catch {
    return domain;
  }
}
