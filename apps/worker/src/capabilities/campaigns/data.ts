/**
 * Shared infrastructure that says nothing about who runs a name: keys built on it would link
 * unrelated squatters into one "campaign". The list itself is data
 * (`data/shared-infrastructure.json`, maintained by hand from the operators' published ASN
 * lists and registrars' default name servers); what it misses is caught statistically by the
 * clusterer (a key held by more domains than one actor plausibly runs loses its weight).
 */
import shared from "./data/shared-infrastructure.json" with { type: "json" };

type HostingKind = "cdn" | "cloud" | "shared" | "parking";

interface SharedInfrastructure {
  name_servers: Array<{ suffix: string; operator: string }>;
  hosting_asns: Array<{ asn: number; operator: string; kind: HostingKind }>;
  mail_suffixes: string[];
  brand_protection_registrars: Array<{ match: string; name: string }>;
}

const DATA = shared as SharedInfrastructure;

const HOSTING = new Map(DATA.hosting_asns.map((h) => [h.asn, h]));

/** Autonomous systems of large clouds, CDNs, mass hosters and parking: a /24 there is not a key. */
export const LARGE_HOST_ASNS: ReadonlySet<number> = new Set(HOSTING.keys());

/** The listed operator of an ASN, or null when it is not a known mass-market network. */
export const hostingOperator = (asn: number | null | undefined) =>
  asn == null ? null : (HOSTING.get(asn) ?? null);

/** Name-server suffixes of registrars, DNS hosts, CDNs and parking: every customer shares them. */
export const SHARED_NS_SUFFIXES: readonly string[] = DATA.name_servers.map((n) => n.suffix);

/** Mail providers hosting millions of unrelated domains. */
export const SHARED_MX_SUFFIXES: readonly string[] = DATA.mail_suffixes;

export const hostMatches = (host: string, suffixes: readonly string[]): boolean => {
  const h = host.toLowerCase().replace(/\.$/, "");
  return suffixes.some((s) => h === s || h.endsWith(`.${s}`));
};

/** The corporate brand-protection registrar a registrar name belongs to (MarkMonitor ...), or null. */
export function brandProtectionRegistrar(registrar: string | null | undefined): string | null {
  if (!registrar) return null;
  const r = registrar.toLowerCase();
  return DATA.brand_protection_registrars.find((b) => r.includes(b.match))?.name ?? null;
}
