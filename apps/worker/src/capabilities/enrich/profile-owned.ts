import type { TDomainProfile } from "@brandwarden/contract/scan";
import { lookupDnsRecords } from "./dns-records.ts";
import type { EnrichDeps } from "./enrich-domain.ts";
import { probeWeb } from "./web/web-probe.ts";

// The profile of one of the customer's own domains, the yardstick every lookalike is measured
// against: title, a snippet of the visible text, HTML/favicon/screenshot hashes, IPs, name servers.

export async function profileOwnedDomain(domain: string, deps: EnrichDeps): Promise<TDomainProfile> {
  const records = await lookupDnsRecords(domain, deps.dns);
  const ips = [...(records.dns_a ?? []), ...(records.dns_aaaa ?? [])];
  const pins = new Map<string, string[]>(
    ips.length
      ? [
          [domain, ips],
          [`www.${domain}`, ips],
        ]
      : [],
  );
  const http = deps.httpFor(pins);
  try {
    const web = await probeWeb({
      domain,
      brand: { brand_names: [], keywords: [], owned_domains: [domain] },
      ownedProfiles: [],
      parkingNs: false,
      http,
      logger: deps.logger,
    });
    if (web.error && !ips.length)
      throw Object.assign(new Error(`${domain}: ${web.error.message}`), { code: web.error.code });
    let screenshotHash: string | null = null;
    if (deps.screenshotter && web.pageUrl) {
      // Follows the page wherever the brand's redirects led (e.g. a secondary domain to the primary).
      const host = new URL(web.pageUrl).hostname;
      const pagePins = new Map(pins);
      screenshotHash = await deps.screenshotter
        .capture(web.pageUrl, host === domain || host === `www.${domain}` ? pagePins : pins)
        .then((s) => s.hash)
        .catch((err) => {
          deps.logger?.warn({ domain, err: (err as Error).message }, "owned domain screenshot failed");
          return null;
        });
    }
    return {
      domain,
      title: web.fields.page_title,
      content_snippet: web.analysis?.text.slice(0, 2000) || null,
      ips: ips.slice(0, 64),
      name_servers: (records.dns_ns ?? []).slice(0, 32),
      html_hash: web.fields.html_hash,
      favicon_hash: web.fields.favicon_hash,
      screenshot_hash: screenshotHash,
      fetched_at: new Date().toISOString(),
    };
  } finally {
    await http.close();
  }
}
