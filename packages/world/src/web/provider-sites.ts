import { randomBytes } from "node:crypto";
import type { Network, Scenario } from "../scenario/schema.ts";
import { NetworkTable } from "../registry/ip-blocks.ts";

// What hosting providers and CDNs add on the web: a provider's own site with its security.txt
// (RFC 9116), and the response headers a CDN's edge puts on every site behind it.

const DAY_MS = 86_400_000;

/**
 * /.well-known/security.txt as RFC 9116 section 2.5 defines it: Contact (a mailto: URI, the
 * abuse desk's address), Expires (RFC 3339, less than a year ahead), Preferred-Languages,
 * Policy and Canonical.
 */
export function securityTxt(n: Network, now: Date): string {
  const domain = n.provider_domain!;
  return [
    `# ${n.owner}: report abuse of our network to the contact below.`,
    `Contact: mailto:${n.abuse_email}`,
    `Expires: ${new Date(now.getTime() + 180 * DAY_MS).toISOString()}`,
    `Preferred-Languages: en`,
    `Policy: https://${domain}/legal/abuse-policy`,
    `Canonical: https://${domain}/.well-known/security.txt`,
    "",
  ].join("\n");
}

export function providerHomePage(n: Network): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${n.owner}</title></head>
<body><h1>${n.owner}</h1><p>Cloud servers, web hosting and domains.</p>
<p><a href="/legal/abuse-policy">Abuse policy</a></p></body></html>
`;
}

// Cloudflare's edge answers with `server: cloudflare` and a `cf-ray` of 16 hex digits and the
// data centre's IATA code (https://developers.cloudflare.com/fundamentals/reference/http-headers/).
const CDN_HEADERS: Record<number, () => Record<string, string>> = {
  13335: () => ({
    server: "cloudflare",
    "cf-ray": `${randomBytes(8).toString("hex")}-FRA`,
    "cf-cache-status": "DYNAMIC",
  }),
};

/** The scenario's provider sites by name, and the edge headers of the network behind an address. */
export class ProviderSites {
  private readonly byDomain = new Map<string, Network>();
  private readonly table: NetworkTable;

  constructor(scenario: Scenario) {
    this.table = NetworkTable.of(scenario);
    for (const n of scenario.networks) if (n.provider_domain) this.byDomain.set(n.provider_domain, n);
  }

  /** The provider whose site a Host name is (its domain or www.), or null. */
  find(host: string): Network | null {
    return this.byDomain.get(host) ?? this.byDomain.get(host.replace(/^www\./, "")) ?? null;
  }

  /** Response headers of the CDN an address belongs to, or null for a plain host. */
  edgeHeaders(localAddress: string | undefined): Record<string, string> | null {
    const ip = (localAddress ?? "").replace(/^::ffff:/, "");
    const n = this.table.holding(ip)[0]?.network;
    const headers = n?.kind === "cdn" ? CDN_HEADERS[n.asn] : undefined;
    return headers ? headers() : null;
  }
}

/** The addresses provider sites are served on (their names' `hosts` entries). */
export function providerSiteIps(scenario: Scenario): string[] {
  const names = new Set(scenario.networks.flatMap((n) => (n.provider_domain ? [n.provider_domain] : [])));
  return scenario.hosts.filter((h) => names.has(h.name)).flatMap((h) => h.a);
}
