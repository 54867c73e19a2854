import tls from "node:tls";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { guardedHttpClient, guardedWhoisClient } from "../capabilities/circuit-breaker/circuit-breaker.ts";
import type { EnrichDeps } from "../capabilities/enrich/enrich-domain.ts";
import { createEnricherOn, perHostLimiter, type Enricher } from "../capabilities/enrich/enricher.ts";
import { createInfrastructureLookup } from "../capabilities/enrich/infrastructure-lookup.ts";
import { createRdapClient } from "../capabilities/enrich/registration/rdap-client.ts";
import { createServerPacer } from "../capabilities/enrich/registration/server-pacer.ts";
import { createWhoisClient } from "../capabilities/enrich/registration/whois-client.ts";
import { createScreenshotter } from "../capabilities/enrich/screenshot/screenshotter.ts";
import type { WorkerConfig } from "../config.ts";
import { createDnsClient } from "../ports/dns/dns-client.ts";
import type { DnsClient } from "../ports/dns/dns.port.ts";
import { createHttpClient, loadTrustedCas } from "../ports/http/http-client.ts";
import { countedHttpClient } from "../ports/http/http.port.ts";
import type { CountOutbound } from "../lib/outbound.ts";

// Builds the enrichment stage from the worker's config: one DNS client, one registry HTTP
// client, one browser, per-stage and per-host concurrency limits. `close()` releases them all.

export type EnrichConfig = WorkerConfig["enrich"];

export interface EnricherOptions {
  logger?: Logger;
  /** Connections to one address at once. Default 4. */
  perHostConcurrency?: number;
  /** SMTP port of MX hosts (tests). Default 25. */
  smtpPort?: number;
  dns?: DnsClient;
  /** Counts requests to the outside (metrics): registries, web pages, TLS. */
  outbound?: CountOutbound;
}

export function createEnricher(cfg: EnrichConfig, opts: EnricherOptions = {}): Enricher {
  const ownDns = !opts.dns;
  const dns = opts.dns ?? createDnsClient({ nameservers: cfg.dnsNameservers, timeoutMs: cfg.dnsTimeoutMs });
  const ca = loadTrustedCas(cfg.extraCaCertsPath);
  const httpOpts = { allowPrivateNetwork: cfg.allowPrivateNetwork, dns, ca, userAgent: cfg.userAgent, timeoutMs: cfg.httpTimeoutMs, maxBodyBytes: cfg.httpMaxBodyBytes }; // prettier-ignore
  const http = createHttpClient(httpOpts);
  // RDAP, WHOIS and intelligence APIs are given up for the rest of a scan once unreachable.
  const sourceHttp = guardedHttpClient(http);
  // Registries rate-limit per client: one pacer per kind paces each server for every scan at once.
  const count = opts.outbound;
  const rdapPacer = createServerPacer({ kind: "rdap", onAttempt: count && ((o) => count("rdap", o)) });
  const whoisPacer = createServerPacer({ kind: "whois", onAttempt: count && ((o) => count("whois", o)) });
  const rdap = createRdapClient({ http: sourceHttp, bootstrapUrl: cfg.rdapBootstrapUrl, pacer: rdapPacer });
  const whois = guardedWhoisClient(createWhoisClient({ server: cfg.whoisServer, dns, allowPrivateNetwork: cfg.allowPrivateNetwork, timeoutMs: cfg.httpTimeoutMs, pacer: whoisPacer })); // prettier-ignore
  const screenshotter = cfg.screenshots
    ? createScreenshotter({ chromiumPath: cfg.chromiumPath, dns, allowPrivateNetwork: cfg.allowPrivateNetwork, userAgent: cfg.userAgent, timeoutMs: cfg.httpTimeoutMs, rendererUser: cfg.rendererUser, logger: opts.logger }) // prettier-ignore
    : null;
  const deps: EnrichDeps = {
    dns,
    rdap,
    whois,
    registries: {
      stats: () => [...rdapPacer.stats(), ...whoisPacer.stats()],
      serverFor: (domain) => rdap.serverFor(domain),
    },
    infrastructure: createInfrastructureLookup({ rdap, whois }),
    screenshotter,
    httpFor: (pins) => {
      const client = createHttpClient({ ...httpOpts, pins });
      return count ? countedHttpClient(client, count) : client;
    },
    http: sourceHttp,
    intel: cfg.intel,
    perHost: perHostLimiter(opts.perHostConcurrency ?? 4),
    settings: {
      allowPrivateNetwork: cfg.allowPrivateNetwork,
      tlsContext: tls.createSecureContext(ca ? { ca } : {}),
      timeoutMs: cfg.httpTimeoutMs,
      // A source may chain several requests (redirects, favicon, page load).
      sourceTimeoutMs: cfg.httpTimeoutMs * 3,
      smtpProbe: cfg.smtpProbe,
      smtpPort: opts.smtpPort,
    },
    logger: opts.logger,
    outbound: count,
  };
  return createEnricherOn(deps, cfg.concurrency, async () => {
    await Promise.allSettled([screenshotter?.close(), http.close()]);
    if (ownDns) await dns.close();
  });
}
