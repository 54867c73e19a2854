import type { Lookalike, Scenario } from "@brandwarden/world/scenario/schema";
import { loadWorkerConfig } from "../src/config.ts";
import type { World } from "@brandwarden/world/world";
import type { EnrichConfig } from "../src/wiring/enricher.ts";
import type { BrandContext } from "../src/capabilities/brand/brand-context.ts";
import type { ResolvedAddresses } from "../src/capabilities/enrich/enrich-domain.ts";

// Test helpers: the small world plus the faults enrichment must survive, and the worker's
// enrichment config pointed at a running world.

const YEAR = 365 * 86_400_000;

export function faultScenario(base: Scenario): Scenario {
  const like = (domain: string, from: string, patch: Partial<Lookalike>): Lookalike => {
    const src = base.lookalikes.find((l) => l.domain === from)!;
    return structuredClone({ ...src, domain, campaign_id: null, ...patch });
  };
  const anchor = Date.parse(base.anchor);
  const unrelated = base.lookalikes.find((l) => l.site_kind === "unrelated" && l.tls)!;
  const tls = unrelated.tls!;
  const extraA = (name: string, ip: string) => ({ ...unrelated.dns, a: [], extra: [{ name, type: "A" as const, value: ip }] }); // prettier-ignore
  return {
    ...base,
    rdap_missing_tlds: ["de"],
    lookalikes: [
      ...base.lookalikes,
      like("selfsigned-acmebank.com", unrelated.domain, { tls: { ...tls, self_signed: true } }),
      like("expired-acmebank.com", unrelated.domain, { tls: { ...tls, not_before: new Date(anchor - 2 * YEAR).toISOString(), not_after: new Date(anchor - YEAR).toISOString() } }), // prettier-ignore
      like("loop-acmebank.com", unrelated.domain, { site_kind: "redirect", site: { redirect_to: "http://loop-acmebank.com/" } }), // prettier-ignore
      like("huge-acmebank.com", unrelated.domain, { site: { html: `<html><head><title>Huge</title></head><body>${"<p>acme bank login</p>".repeat(250_000)}</body></html>` } }), // prettier-ignore
      like("metadata-acmebank.com", unrelated.domain, {
        dns: extraA("metadata-acmebank.com", "169.254.169.254"),
      }),
      like("internal-acmebank.com", unrelated.domain, { dns: extraA("internal-acmebank.com", "10.0.0.1") }),
    ],
  };
}

export function worldEnrichConfig(world: World, env: Record<string, string> = {}): EnrichConfig {
  return loadWorkerConfig({ SCREENSHOTS: "false", HTTP_TIMEOUT_MS: "2000", DNS_TIMEOUT_MS: "1000", ...world.env, ...env }).enrich; // prettier-ignore
}

export function brandContext(world: World): BrandContext {
  return {
    brand_names: [world.scenario.brand.name],
    keywords: ["acme bank", "online banking", "login"],
    owned_domains: world.scenario.brand.owned_domains.map((d) => d.domain),
    profiles: [],
  };
}

/** What the scan's resolve stage would have found for a scenario domain. */
export function resolvedOf(world: World, domain: string): ResolvedAddresses {
  const d = [...world.scenario.lookalikes, ...world.scenario.brand.owned_domains].find(
    (x) => x.domain === domain,
  );
  if (!d) throw new Error(`no ${domain} in the world`);
  const extraA = d.dns.extra.filter((x) => x.type === "A" && x.name === domain).map((x) => x.value);
  return { a: [...d.dns.a, ...extraA], aaaa: d.dns.aaaa, mx: d.dns.mx.map((m) => m.exchange), ns: d.dns.ns };
}
