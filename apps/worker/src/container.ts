import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "./config.ts";
import { createDnsClient } from "./dns/dns-client.ts";
import { createEnricher } from "./enrich/enricher.ts";
import { createFeedLoader } from "./feeds/index.ts";
import { createWebClient } from "./internal-api/web-client.ts";
import { createCheckpoints } from "./pipeline/checkpoints.ts";
import { busSink, createScanPublisher, type EnvelopeSink } from "./pipeline/scan-publisher.ts";
import { createScanRunner } from "./pipeline/scan-runner.ts";
import { buildStages } from "./pipeline/build-stages.ts";
import { createResolver } from "./resolve/resolver.ts";
import { loadTrustedCas } from "./net/http-client.ts";
import { createSocialRuntime } from "./social/social-runtime.ts";
import { createAiSettings } from "./ai/ai-settings.ts";

/** The adapters a worker runs on; `infrastructure.ts` builds real ones, tests may pass others. */
export interface WorkerInfrastructure {
  bus: Bus;
  kv: KeyValueStore;
  logger: Logger;
  pingRedis?: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Wires the worker: one DNS client shared by the resolver and enrichment, the enricher (with
 * its browser), the web app's internal API client, threat feeds, and the scan runner.
 * `sink` defaults to the bus; the CLI passes its own to collect events.
 */
export function createWorkerContainer(
  config: WorkerConfig,
  infra: WorkerInfrastructure,
  opts: { sink?: EnvelopeSink; withWeb?: boolean } = {},
) {
  const { logger } = infra;
  const sink = opts.sink ?? busSink(infra.bus);
  const dns = createDnsClient({
    nameservers: config.enrich.dnsNameservers,
    timeoutMs: config.enrich.dnsTimeoutMs,
  });
  const resolver = createResolver({ client: dns, timeoutMs: config.enrich.dnsTimeoutMs });
  const enricher = createEnricher(config.enrich, { logger, dns });
  const social = createSocialRuntime(config.social, { ca: loadTrustedCas(config.enrich.extraCaCertsPath) });
  const web = createWebClient({ baseUrl: config.webUrl, token: config.internalApiToken ?? "" });
  /** The AI provider setting, read from the web app with a short cache (AI off takes effect in seconds). */
  const ai = createAiSettings(web);
  const feedLoader = createFeedLoader(config.pipeline.feeds, { refreshMs: config.pipeline.feedRefreshMs });
  const runner = createScanRunner({
    stages: buildStages({
      config,
      resolver,
      enricher,
      social,
      scoring: opts.withWeb === false ? null : web,
      loadFeeds: () => feedLoader.load(),
      audit: { web: opts.withWeb === false ? null : web, ai: opts.withWeb === false ? null : ai },
    }),
    checkpoints: createCheckpoints(infra.kv),
    sink,
    prefix: config.eventChannelPrefix,
    logger,
    concurrency: config.pipeline.scanConcurrency,
  });
  /** Events that belong to no scan (domain and social profiles). */
  const publisher = createScanPublisher({ sink, prefix: config.eventChannelPrefix });
  return {
    config,
    infra,
    runner,
    enricher,
    social,
    web,
    ai,
    publisher,
    async close() {
      await runner.close();
      await enricher.close();
      await social.close();
      await resolver.close();
      await dns.close();
    },
  };
}

export type WorkerContainer = ReturnType<typeof createWorkerContainer>;
