import type { TScanStage } from "@brandwarden/contract/constants";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "./config.ts";
import { createDnsClient } from "./ports/dns/dns-client.ts";
import { createEnricher } from "./wiring/enricher.ts";
import { createScreenshotReadiness } from "./capabilities/enrich/screenshot/screenshot-readiness.ts";
import { createFeedLoader } from "./capabilities/feeds/loader.ts";
import { createWebClient } from "./ports/web-api/web-client.ts";
import { createCheckpoints } from "./use-cases/scan/checkpoints.ts";
import { busSink, createScanPublisher, type EnvelopeSink } from "./ports/events/scan-publisher.ts";
import { createScanRunner } from "./use-cases/scan/scan-runner.ts";
import { commandMark } from "./use-cases/scan/cancel-listener.ts";
import { settleOn } from "./ports/events/settle.ts";
import { buildStages } from "./use-cases/scan/build-stages.ts";
import { createResolver } from "./wiring/resolver.ts";
import { createWatchResolver } from "./wiring/watch-resolver.ts";
import { ctHttpGet, discoveryHooks } from "./wiring/discovery.ts";
import { loadTrustedCas } from "./ports/http/http-client.ts";
import { createGuardedFetch } from "./ports/http/guarded-fetch.ts";
import { createSocialRuntime } from "./wiring/social-runtime.ts";
import { createAiSettings } from "./ports/llm/ai-settings.ts";
import { createDiscoveryKit } from "./capabilities/discovery/follow/discovery-kit.ts";
import { createWorkerCtFollower } from "./use-cases/ct-follower/worker-follower.ts";
import { createWorkerZoneWatch } from "./use-cases/zone-watch/worker-zone-watch.ts";
import { createWatchRunner } from "./use-cases/watch/watch-runner.ts";
import { createWatchlistCache } from "./use-cases/watch/watchlist.ts";
import { takedownCaseDeps } from "./wiring/takedowns.ts";
import { createWorkerMetrics } from "./metrics.ts";
import { countedDnsClient } from "./ports/dns/dns.port.ts";

/** The adapters a worker runs on; `adapters.ts` builds real ones, tests may pass others. */
export interface WorkerAdapters {
  bus: Bus;
  kv: KeyValueStore;
  /** Where checkpoints go when not in `kv` (embedded mode: a store that survives a restart). */
  checkpointKv?: KeyValueStore;
  /** The event stream lives in this process (embedded): checkpoint a stage only once the web applied it. */
  eventsInMemory?: boolean;
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
  infra: WorkerAdapters,
  opts: { sink?: EnvelopeSink; withWeb?: boolean; skipStages?: Partial<Record<TScanStage, string>> } = {},
) {
  const { logger } = infra;
  // One object counts what the worker does (GET /metrics); its parts go to what they count.
  const metrics = createWorkerMetrics();
  const sink = opts.sink ?? busSink(infra.bus, config.eventChannelPrefix);
  const rawDns = createDnsClient({
    nameservers: config.enrich.dnsNameservers,
    timeoutMs: config.enrich.dnsTimeoutMs,
  });
  const dns = countedDnsClient(rawDns, metrics.outbound);
  const resolver = createResolver({ client: dns, timeoutMs: config.enrich.dnsTimeoutMs });
  const enricher = createEnricher(config.enrich, { logger, dns, outbound: metrics.outbound });
  // Decided once, at the worker's start (server.ts) or the first scan's enrichment, whichever is first.
  const screenshots = createScreenshotReadiness({
    enabled: config.enrich.screenshots,
    chromiumPath: config.enrich.chromiumPath,
    rendererUser: config.enrich.rendererUser,
    logger,
  });
  const trustedCas = loadTrustedCas(config.enrich.extraCaCertsPath);
  const social = createSocialRuntime(config.social, {
    ca: trustedCas,
    llmLocalHosts: config.llmLocalHosts,
    count: metrics.outbound,
  });
  const web = createWebClient({
    baseUrl: config.webUrl,
    token: config.internalApiToken ?? "",
    outageWaitMs: config.webOutageWaitMs,
    onOutage: ({ state, where, reason }) =>
      state === "waiting"
        ? logger.warn(
            { where, reason },
            "waiting for the web app (it does not answer, or its database or Redis is unreachable)",
          )
        : logger.info({ where }, "the web app answers again"),
  });
  /** The AI provider setting, read from the web app with a short cache (AI off takes effect in seconds). */
  // LLM calls go through the guarded agent: public addresses, plus the LLM_LOCAL_HOSTS the operator named.
  const ai = createAiSettings(web, {
    network: {
      allowPrivateNetwork: config.allowPrivateNetwork,
      localHosts: config.llmLocalHosts,
      ca: trustedCas,
    },
    observe: { outbound: metrics.outbound, used: metrics.llm.used },
  });
  // Feeds are fetched through the SSRF guard too: a feed URL (or a redirect) to an internal address fails.
  const feedHttp = createGuardedFetch({ allowPrivateNetwork: config.allowPrivateNetwork, ca: trustedCas });
  const feedLoader = createFeedLoader(config.pipeline.feeds, {
    fetch: feedHttp.fetch,
    refreshMs: config.pipeline.feedRefreshMs,
  });
  const runner = createScanRunner({
    stages: buildStages({
      config,
      discover: discoveryHooks(config),
      resolver,
      enricher,
      screenshots,
      social,
      scoring: opts.withWeb === false ? null : web,
      loadFeeds: () => feedLoader.load(),
      audit: { web: opts.withWeb === false ? null : web, ai: opts.withWeb === false ? null : ai },
      skip: opts.skipStages,
    }),
    checkpoints: createCheckpoints(infra.checkpointKv ?? infra.kv),
    commandMark: commandMark(infra.bus, config.eventChannelPrefix),
    settle: infra.eventsInMemory ? settleOn(infra.bus) : undefined,
    heartbeatMs: config.pipeline.scanHeartbeatMs,
    sink,
    logger,
    concurrency: config.pipeline.scanConcurrency,
    metrics: metrics.scans,
  });
  /** Events that belong to no scan (domain and social profiles). */
  const publisher = createScanPublisher({ sink });
  /** The watch between scans (issue 21): DNS-only rounds over each user's watch list, paced per name server (issue 28). */
  const watchDns = createWatchResolver({
    nameservers: dns.nameservers,
    qps: config.pipeline.watch.qps,
    timeoutMs: config.enrich.dnsTimeoutMs,
  });
  const watch = createWatchRunner({
    resolver: watchDns.resolver,
    pace: { qps: config.pipeline.watch.qps, servers: watchDns.servers },
    enricher,
    scoring: opts.withWeb === false ? null : web,
    loadFeeds: () => feedLoader.load(),
    rank: createWatchlistCache(),
    maxNames: config.pipeline.watch.maxNames,
    concurrency: config.pipeline.watch.concurrency,
    logger,
    onRoundEnded: metrics.watch.roundEnded,
    publisher: () => {
      const own = createScanPublisher({ sink });
      return (data) => own.publish("watch_update", data);
    },
  });
  /** Certificate Transparency followers (CT_FOLLOW): every user's brand, alerts on new names. Started by startWorker. */
  // The discovery sources' shared brands, assessor and sink (CT follower, zone files, NRD list).
  const discovery = createDiscoveryKit({
    web,
    resolver,
    enricher,
    loadFeeds: () => feedLoader.load(),
    publisher,
    refreshMs: config.pipeline.ct.brandsRefreshMs,
    logger,
  });
  // Their positions must outlive a restart: the durable store where embedded mode has one.
  const discoveryKv = infra.checkpointKv ?? infra.kv;
  const ctFollower =
    opts.withWeb === false
      ? null
      : createWorkerCtFollower({
          config,
          get: ctHttpGet(config),
          kv: discoveryKv,
          logger,
          discovery,
          onRound: metrics.ct.round,
        });
  /** Zone files (ZONE_FILES) and the newly-registered-domains list (NRD_FEED_URL). Started by startWorker. */
  const zoneWatch =
    opts.withWeb === false
      ? null
      : createWorkerZoneWatch({ config, kv: discoveryKv, logger, discovery, fetch: feedHttp.fetch });
  /** Takedown cases' evidence packs, recipients and down checks (issue 29). */
  const takedowns = takedownCaseDeps({
    web,
    enricher,
    social,
    checkBudgetMs: config.enrich.httpTimeoutMs * 6,
  });
  return {
    config,
    infra,
    metrics,
    runner,
    takedowns,
    enricher,
    screenshots,
    social,
    web,
    ai,
    publisher,
    watch,
    /** The watch's paced resolver (WATCH_QPS per name server). */
    watchResolver: watchDns.resolver,
    ctFollower,
    zoneWatch,
    /** `handBack`: a graceful stop, whose running scans are given back to the web app at once. */
    async close(opts: { handBack?: boolean } = {}) {
      await ctFollower?.stop();
      await zoneWatch?.stop();
      await runner.close(opts);
      await watch.drain();
      await enricher.close();
      await social.close();
      await ai.close();
      await feedHttp.close();
      await resolver.close();
      await watchDns.resolver.close();
      await rawDns.close();
    },
  };
}

export type WorkerContainer = ReturnType<typeof createWorkerContainer>;
