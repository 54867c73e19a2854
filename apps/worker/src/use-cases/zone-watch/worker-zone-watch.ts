import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "../../config.ts";
import type { Enricher } from "../../capabilities/enrich/enricher.ts";
import type { FeedLoadResult } from "../../capabilities/feeds/loader.ts";
import type { Resolver } from "../../capabilities/resolve/types.ts";
import type { GuardedFetch } from "../../ports/http/http.port.ts";
import type { BrandsApi, ScoringApi } from "../../ports/web-api/web-api.port.ts";
import { createNameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import { createBrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { alertEventSink, type AlertPublisher } from "../../capabilities/discovery/follow/discovered-alert.ts";
import { createDiscoveryHandOff } from "./hand-off.ts";
import { createNrdPoller, nrdSourceOf } from "./nrd-poller.ts";
import { createZoneWatcher } from "./zone-watcher.ts";

/**
 * The worker's zone-file watcher (ZONE_FILES) and newly-registered-domains poller (NRD_FEED_URL),
 * each in its own loop, sharing one brand registry, assessor and sink; null when neither is
 * configured. `stop` ends the loops (a long read stops at its next batch) and gives leases up.
 */
export interface ZoneWatchRuntime {
  start(): void;
  stop(): Promise<void>;
}

export function createWorkerZoneWatch(deps: {
  config: WorkerConfig;
  kv: KeyValueStore;
  logger: Logger;
  web: BrandsApi & Pick<ScoringApi, "getWeights">;
  resolver: Pick<Resolver, "resolveDomain">;
  enricher: Pick<Enricher, "enrichLookalike">;
  loadFeeds: () => Promise<FeedLoadResult>;
  publisher: AlertPublisher;
  /** The SSRF-guarded fetch (the threat feeds'): ALLOW_PRIVATE_NETWORK applies to the NRD list too. */
  fetch: GuardedFetch;
}): ZoneWatchRuntime | null {
  const { zones, nrd } = deps.config.pipeline;
  if (!zones.dir && !nrd.url) return null;
  const clock = { now: () => Date.now() };
  const owner = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const logger = deps.logger.child({ component: "zone-watch" });
  const brands = createBrandRegistry({
    load: () => deps.web.getMonitoredBrands(),
    refreshMs: deps.config.pipeline.ct.brandsRefreshMs,
    clock,
    onError: (err) => logger.warn({ err }, "zone watch: brands unavailable"),
  });
  const handOff = createDiscoveryHandOff({
    kv: deps.kv,
    prefix: deps.config.eventChannelPrefix,
    sink: alertEventSink(deps.publisher),
    assessor: createNameAssessor({
      resolver: deps.resolver,
      enricher: deps.enricher,
      weights: async (userId) => (await deps.web.getWeights(userId)).weights,
      feeds: deps.loadFeeds,
      clock,
      onError: (what, err) => logger.warn({ err }, `zone watch: ${what} unavailable`),
    }),
  });
  const common = {
    kv: deps.kv,
    owner,
    clock,
    brands,
    handOff,
    logger,
    prefix: deps.config.eventChannelPrefix,
  };
  const controller = new AbortController();
  let running: Promise<unknown> | null = null;

  function loops(): Promise<unknown> {
    const all: Promise<void>[] = [];
    if (zones.dir) {
      const watcher = createZoneWatcher({ ...common, dir: zones.dir, stateDir: zones.stateDir });
      logger.info({ dir: zones.dir, state_dir: zones.stateDir }, "zone file watch started");
      all.push(watcher.run(controller.signal, { pollMs: zones.pollMs }));
    }
    if (nrd.url) {
      const poller = createNrdPoller({
        ...common,
        source: nrdSourceOf(nrd.url),
        fetch: deps.fetch,
        intervalMs: nrd.intervalMs,
      });
      logger.info({ interval_ms: nrd.intervalMs }, "newly registered domains list watch started");
      all.push(poller.run(controller.signal));
    }
    return Promise.all(all);
  }

  return {
    start() {
      running ??= loops().catch((err: unknown) => logger.warn({ err }, "zone watch stopped"));
    },
    async stop() {
      controller.abort(new Error("worker stopping"));
      await running;
    },
  };
}
