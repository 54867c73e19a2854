/**
 * The brand's own registrations: lookalikes the brand probably bought so no one else could
 * (defensive registrations), grouped apart and never reported as an attack campaign.
 *
 * A name is the brand's own on one strong reason, or on two weak ones; one weak reason never
 * suffices, because a phishing site can show it too:
 * - strong: it runs on the brand's own name servers (hosts under an owned domain), on one of
 *   the brand's addresses that is not a CDN's, cloud's or shared hoster's, or it serves a
 *   certificate issued for a few names that covers both it and an owned domain;
 * - weak: it forwards to an owned domain (kits send bots and non-targets to the real site),
 *   it uses the brand's name servers at a DNS host other customers share, or it is registered
 *   at a corporate brand-protection registrar (MarkMonitor, CSC ...).
 * The brand's addresses and name servers on a mass-market operator (a brand behind Cloudflare)
 * are no reason at all: every phishing site on that operator shares them.
 */
import { brandProtectionRegistrar, hostingOperator, hostMatches, SHARED_NS_SUFFIXES } from "./data.ts";
import type { BrandInfrastructure, ClusterEvidence } from "./keys.ts";
import { MAX_OWN_CERT_NAMES } from "./weights.ts";

const norm = (s: string) => s.trim().toLowerCase().replace(/\.$/, "");

const STRONG_DEFENSIVE_REASONS: ReadonlySet<string> = new Set(["brand:ns", "brand:ip", "brand:cert"]);

const covers = (sans: readonly string[], host: string) =>
  sans.some((n) => n === host || (n.startsWith("*.") && host.endsWith(n.slice(1))));

/** Every hint that a lookalike is the brand's own (`brand:redirect`, `brand:ns` ...). */
export function brandHints(
  ev: ClusterEvidence,
  brand: BrandInfrastructure = {},
  massHosts: ReadonlySet<number> = new Set(),
): string[] {
  const reasons: string[] = [];
  const owned = (brand.domains ?? []).map(norm);
  const underOwned = (host: string) => owned.some((d) => host === d || host.endsWith(`.${d}`));
  if (ev.redirects_to_brand === true) reasons.push("brand:redirect");

  const ownNs = new Set((brand.name_servers ?? []).map(norm));
  const ns = (ev.dns_ns ?? []).map(norm);
  if (ns.length && ns.every((n) => underOwned(n))) reasons.push("brand:ns");
  else if (ns.length && ns.every((n) => ownNs.has(n) && !hostMatches(n, SHARED_NS_SUFFIXES)))
    reasons.push("brand:dns-host");

  const op = hostingOperator(ev.asn);
  const massMarket = op !== null || (ev.asn != null && massHosts.has(ev.asn));
  const ownIps = new Set((brand.ips ?? []).map(norm));
  const ips = [...(ev.dns_a ?? []), ...(ev.dns_aaaa ?? [])].map(norm);
  if (!massMarket && ips.length && ips.every((ip) => ownIps.has(ip))) reasons.push("brand:ip");

  const sans = (ev.tls_sans ?? []).map(norm);
  const coversOwned = owned.some((d) => covers(sans, d));
  if (coversOwned && sans.length <= MAX_OWN_CERT_NAMES && op?.kind !== "cdn") {
    reasons.push(covers(sans, norm(ev.domain)) ? "brand:cert" : "brand:cert-elsewhere");
  }
  if (brandProtectionRegistrar(ev.registrar)) reasons.push("brand:registrar");
  return reasons;
}

/**
 * Why a lookalike is probably the brand's own: its hints when one is strong or two are weak;
 * empty when they do not suffice (then it is clustered and scored like any other lookalike).
 */
export function defensiveReasons(
  ev: ClusterEvidence,
  brand: BrandInfrastructure = {},
  massHosts: ReadonlySet<number> = new Set(),
): string[] {
  const hints = brandHints(ev, brand, massHosts);
  const strong = hints.some((h) => STRONG_DEFENSIVE_REASONS.has(h));
  return strong || hints.length >= 2 ? hints : [];
}
