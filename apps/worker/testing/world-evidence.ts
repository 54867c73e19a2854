/**
 * What a scan of a generated world observes about each lookalike, as cluster evidence, without
 * running the scan: the world's DNS answers, registrations, hosting networks, the certificate
 * each web host serves (the same spec gives the same certificate) and the page it serves (the
 * same bytes give the same hash). Used by the clustering tests and benchmark to measure
 * campaigns against the world's truth on thousands of names in milliseconds.
 */
import { createHash } from "node:crypto";
import type { Scenario } from "@brandwarden/world/scenario/schema";
import type { BrandInfrastructure, ClusterEvidence } from "../src/capabilities/campaigns/keys.ts";

const hash = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;
/**
 * The page key a scan makes is a fuzzy hash of the page's tag skeleton and words (enrich/web:
 * comments and attribute values do not count), so kits that differ only there look alike.
 */
const pageHash = (html: string) => hash(html.replace(/<!--[\s\S]*?-->/g, "").replace(/="[^"]*"/g, '=""'));

function networkOf(s: Scenario, ip: string) {
  const [a, b, c] = ip.split(".").map(Number);
  return s.networks.find((n) => {
    const [base, bits] = n.cidr.split("/");
    const [x, y, z] = base!.split(".").map(Number);
    const size = 2 ** (24 - Number(bits)); // /21: 8 third-octet values
    return a === x && b === y && c! >= z! && c! < z! + size;
  });
}

/** The default certificate every web host serves to names without one: self-signed, no SAN match. */
const FALLBACK_CERT = { fingerprint: hash("localhost.localdomain"), sans: ["localhost.localdomain"] };

export function worldEvidence(s: Scenario): ClusterEvidence[] {
  const brandHtml = s.brand.owned_domains.find((o) => o.domain === s.brand.primary_domain)?.site.html ?? "";
  return s.lookalikes.map((l): ClusterEvidence => {
    const resolves = !l.dns.fault || l.dns.fault === "slow"; // slow answers arrive, late
    const hasWeb = resolves && l.dns.a.length > 0 && l.site_kind !== "timeout" && l.site_kind !== "reset";
    const net = l.dns.a[0] ? networkOf(s, l.dns.a[0]) : undefined;
    const names = l.tls?.sans.length ? l.tls.sans : [l.domain, `www.${l.domain}`];
    const cert = l.tls
      ? { fingerprint: hash(JSON.stringify({ ...l.tls, sans: names })), sans: names }
      : FALLBACK_CERT;
    let page: string | null = null;
    if (hasWeb) {
      if (l.site.html) page = l.site.html;
      else if (l.site_kind === "phishing")
        page = `${brandHtml}\n${l.domain}`; // per-domain session id
      else if (l.site_kind === "error") page = `error ${l.site.http_status ?? 503}`;
      else if (l.site_kind === "mail_only") page = "default host page";
      else if (l.site_kind === "redirect") page = brandHtml;
      else page = `${l.site_kind} ${l.domain}`;
    }
    return {
      domain: l.domain,
      dns_a: resolves ? l.dns.a : null,
      dns_aaaa: resolves ? l.dns.aaaa : null,
      dns_ns: resolves ? l.dns.ns : null,
      dns_mx: resolves ? l.dns.mx.map((m) => `${m.priority} ${m.exchange}`) : null,
      tls_fingerprint: hasWeb && l.site_kind !== "mail_only" ? cert.fingerprint : null,
      tls_sans: hasWeb && l.site_kind !== "mail_only" ? cert.sans : null,
      // A scan hashes pages of 512 characters or more only (shorter ones have no fuzzy hash).
      html_hash: page && page.length >= 512 ? pageHash(page) : null,
      favicon_hash: l.site_kind === "phishing" && hasWeb ? "brand-logo" : null,
      registrar: l.registration.registrar,
      registration_created: l.registration.created,
      asn: net?.asn ?? null,
      asn_org: net?.as_name ?? null,
      parked: l.site_kind === "parked",
      redirects_to_brand: hasWeb ? l.site_kind === "redirect" : null,
    };
  });
}

/** The brand's own infrastructure as the scan's domain profiles describe it. */
export function worldBrand(s: Scenario): BrandInfrastructure {
  const brandHtml = s.brand.owned_domains.find((o) => o.domain === s.brand.primary_domain)?.site.html ?? "";
  return {
    domains: s.brand.owned_domains.map((o) => o.domain),
    ips: s.brand.owned_domains.flatMap((o) => o.dns.a),
    name_servers: s.brand.owned_domains.flatMap((o) => o.dns.ns),
    favicon_hashes: ["brand-logo"],
    html_hashes: [pageHash(brandHtml)],
  };
}
