import tls from "node:tls";
import pLimit from "p-limit";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "../../config.ts";
import { type DnsClient } from "../../ports/dns/dns.port.ts";
import { createDnsClient } from "../../ports/dns/dns-client.ts";
import { guardedHttpClient, guardedWhoisClient } from "../circuit-breaker/circuit-breaker.ts";
import { createHttpClient, loadTrustedCas } from "../../ports/http/http-client.ts";
import {
  enrichLookalike,
  type BrandContext,
  type EnrichDeps,
  type EnrichResult,
  type ResolvedAddresses,
} from "./enrich-domain.ts";
import { createInfrastructureLookup } from "./infrastructure-lookup.ts";
import { profileOwnedDomain } from "./profile-owned.ts";
import { createRdapClient } from "./registration/rdap-client.ts";
import { createWhoisClient } from "./registration/whois-client.ts";
import { createScreenshotter } from "./screenshot/screenshotter.ts";

// Builds the enrichment stage from the worker's config: one DNS client, one registry HTTP
// client, one browser, per-stage and per-host concurrency limits. `close()` releases them all.

export type EnrichConfig = WorkerConfig["enrich"];

interface LookalikeJob {
  domain: string;
  resolved: ResolvedAddresses;
}

export interface Enricher {
  deps: EnrichDeps;
  enrichLookalike(domain: string, resolved: ResolvedAddresses, brand: BrandContext): Promise<EnrichResult>;
  /**
   * Enriches many under ENRICH_CONCURRENCY; `onResult` sees each as it completes. Results are not
   * kept (screenshots make them large): publish them from `onResult`.
   */
  enrichAll(jobs: LookalikeJob[], brand: BrandContext, onResult: (job: LookalikeJob, r: EnrichResult) => void | Promise<void>): Promise<void>; // prettier-ignore
  profileOwnedDomain(domain: string): Promise<TDomainProfile>;
  close(): Promise<void>;
}

export interface EnricherOptions {
  logger?: Logger;
  /** Connections to one address at once. Default 4. */
  perHostConcurrency?: number;
  /** SMTP port of MX hosts (tests). Default 25. */
  smtpPort?: number;
  dns?: DnsClient;
}

function perHostLimiter(size: number) {
  const limits = new Map<string, ReturnType<typeof pLimit>>();
  return <T>(ip: string, fn: () => Promise<T>): Promise<T> => {
    let l = limits.get(ip);
    if (!l) limits.set(ip, (l = pLimit(size)));
    const lim = l;
    return lim(fn).finally(() => {
      if (lim.activeCount === 0 && lim.pendingCount === 0) limits.delete(ip); // the map stays small
    });
  };
}

export function createEnricher(cfg: EnrichConfig, opts: EnricherOptions = {}): Enricher {
  const ownDns = !opts.dns;
  const dns = opts.dns ?? createDnsClient({ nameservers: cfg.dnsNameservers, timeoutMs: cfg.dnsTimeoutMs });
  const ca = loadTrustedCas(cfg.extraCaCertsPath);
  const httpOpts = { allowPrivateNetwork: cfg.allowPrivateNetwork, dns, ca, userAgent: cfg.userAgent, timeoutMs: cfg.httpTimeoutMs, maxBodyBytes: cfg.httpMaxBodyBytes }; // prettier-ignore
  const http = createHttpClient(httpOpts);
  // RDAP, WHOIS and intelligence APIs are given up for the rest of a scan once unreachable.
  const sourceHttp = guardedHttpClient(http);
  const rdap = createRdapClient({ http: sourceHttp, bootstrapUrl: cfg.rdapBootstrapUrl });
  const whois = guardedWhoisClient(createWhoisClient({ server: cfg.whoisServer, dns, allowPrivateNetwork: cfg.allowPrivateNetwork, timeoutMs: cfg.httpTimeoutMs })); // prettier-ignore
  const screenshotter = cfg.screenshots
    ? createScreenshotter({ chromiumPath: cfg.chromiumPath, dns, allowPrivateNetwork: cfg.allowPrivateNetwork, userAgent: cfg.userAgent, timeoutMs: cfg.httpTimeoutMs, rendererUser: cfg.rendererUser, logger: opts.logger }) // prettier-ignore
    : null;
  const deps: EnrichDeps = {
    dns,
    rdap,
    whois,
    infrastructure: createInfrastructureLookup({ rdap, whois }),
    screenshotter,
    httpFor: (pins) => createHttpClient({ ...httpOpts, pins }),
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
  };
  const stage = pLimit(cfg.concurrency);
  return {
    deps,
    enrichLookalike: (domain, resolved, brand) => enrichLookalike(domain, { resolved, brand, deps }),
    async enrichAll(jobs, brand, onResult) {
      await Promise.all(
        jobs.map((job) =>
          stage(async () => {
            await onResult(job, await enrichLookalike(job.domain, { resolved: job.resolved, brand, deps }));
          }),
        ),
      );
    },
    profileOwnedDomain: (domain) => profileOwnedDomain(domain, deps),
    async close() {
      await Promise.allSettled([screenshotter?.close(), http.close()]);
      if (ownDns) await dns.close();
    },
  };
}
