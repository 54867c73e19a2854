/**
 * Infrastructure keys of one finding: the things two lookalikes run by one actor tend to share.
 * Each key is a string `<kind>:<value>`; two findings holding the same key are linked.
 */
import { isPreReferenceHtmlHash } from "../enrich/web/fuzzy-hash.ts";
import { freeHostScore } from "../provider-facts/free-hosts.ts";
import { isParkingNs } from "../provider-facts/parking.ts";
import type { DomainEvidence } from "../scoring/evidence.ts";
import { LARGE_HOST_ASNS, SHARED_MX_SUFFIXES, SHARED_NS_SUFFIXES, hostMatches } from "./data.ts";

/** What the brand itself uses: sharing it with a lookalike is not a campaign key. */
export interface BrandInfrastructure {
  ips?: readonly string[];
  name_servers?: readonly string[];
  favicon_hashes?: readonly string[];
  html_hashes?: readonly string[];
  /** The brand's own domains: a certificate covering them is the brand's. */
  domains?: readonly string[];
}

export type ClusterEvidence = Pick<
  DomainEvidence,
  | "domain"
  | "dns_a"
  | "dns_aaaa"
  | "dns_ns"
  | "dns_mx"
  | "tls_fingerprint"
  | "favicon_hash"
  | "html_hash"
  | "registrar"
  | "registration_created"
  | "asn"
  | "parked"
  | "tls_sans"
  | "asn_org"
  | "redirects_to_brand"
>;

const norm = (s: string) => s.trim().toLowerCase().replace(/\.$/, "");
const UNSPECIFIED = new Set(["0.0.0.0", "::", "255.255.255.255"]);

/**
 * The exact-match keys of a finding (the registrar window key is added by the clusterer).
 * Parked names share the parking service's IP, name servers and page template with thousands
 * of others, and free-host names share the platform's; neither gets infrastructure keys. Hashes
 * equal to the brand's own are brand similarity (every clone copies the favicon), not a link.
 */
export function infrastructureKeys(ev: ClusterEvidence, brand: BrandInfrastructure = {}): string[] {
  const keys = new Set<string>();
  const ownIps = new Set((brand.ips ?? []).map(norm));
  const ownNs = new Set((brand.name_servers ?? []).map(norm));
  const isParked = ev.parked === true || (ev.dns_ns ?? []).some(isParkingNs);
  const onFreeHost = freeHostScore(ev.domain) > 0;
  if (isParked) return [];
  if (!onFreeHost) {
    for (const ip of [...(ev.dns_a ?? []), ...(ev.dns_aaaa ?? [])].map(norm)) {
      if (UNSPECIFIED.has(ip) || ownIps.has(ip)) continue;
      keys.add(`ip:${ip}`);
      const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(ip);
      if (v4 && ev.asn != null && !LARGE_HOST_ASNS.has(ev.asn)) keys.add(`net24:${v4[1]}.0/24`);
    }
    const ns = [...new Set((ev.dns_ns ?? []).map(norm))].sort();
    if (ns.length && !ns.every((n) => hostMatches(n, SHARED_NS_SUFFIXES) || ownNs.has(n)))
      keys.add(`ns:${ns.join(",")}`);
    for (const mx of (ev.dns_mx ?? []).map((m) => norm(m.trim().split(/\s+/).pop() ?? ""))) {
      if (mx && mx !== "." && !hostMatches(mx, SHARED_MX_SUFFIXES)) keys.add(`mx:${mx}`);
    }
    if (ev.tls_fingerprint) keys.add(`cert:${norm(ev.tls_fingerprint)}`);
  }
  if (ev.favicon_hash && !(brand.favicon_hashes ?? []).includes(ev.favicon_hash))
    keys.add(`favicon:${ev.favicon_hash}`);
  // A brand page hashed before the reference TLSH form cannot be compared with today's hashes, so
  // no page is known not to be a copy of the brand's own until its domains are profiled again.
  const brandPages = brand.html_hashes ?? [];
  if (ev.html_hash && !brandPages.includes(ev.html_hash) && !brandPages.some(isPreReferenceHtmlHash))
    keys.add(`page:${ev.html_hash}`);
  return [...keys].sort();
}
