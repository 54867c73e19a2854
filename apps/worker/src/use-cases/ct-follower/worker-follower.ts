import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "../../config.ts";
import type { Enricher } from "../../capabilities/enrich/enricher.ts";
import type { FeedLoadResult } from "../../capabilities/feeds/loader.ts";
import type { BrandsApi, ScoringApi } from "../../ports/web-api/web-api.port.ts";
import type { Resolver } from "../../capabilities/resolve/types.ts";
import type { HttpGet } from "../../capabilities/discovery/ct/http-get.ts";
import { createNameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import { createBrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { alertEventSink, type AlertPublisher } from "../../capabilities/discovery/follow/discovered-alert.ts";
import { createCtFollowerRuntime, type CtFollowerRuntime } from "./follower-runtime.ts";

/** The worker's CT followers when CT_FOLLOW is on and logs are configured; null otherwise. */
export function createWorkerCtFollower(deps: {
  config: WorkerConfig;
  /** HTTP for the CT logs. */
  get: HttpGet;
  kv: KeyValueStore;
  logger: Logger;
  web: BrandsApi & Pick<ScoringApi, "getWeights">;
  resolver: Pick<Resolver, "resolveDomain">;
  enricher: Pick<Enricher, "enrichLookalike">;
  loadFeeds: () => Promise<FeedLoadResult>;
  publisher: AlertPublisher;
}): CtFollowerRuntime | null {
  const ct = deps.config.pipeline.ct;
  if (!ct.follow || (!ct.logs.length && !ct.logListUrl)) return null;
  const clock = { now: () => Date.now() };
  const logger = deps.logger.child({ component: "ct-follower" });
  return createCtFollowerRuntime({
    config: ct,
    get: deps.get,
    kv: deps.kv,
    logger,
    prefix: deps.config.eventChannelPrefix,
    clock,
    brands: createBrandRegistry({
      load: () => deps.web.getMonitoredBrands(),
      refreshMs: ct.brandsRefreshMs,
      clock,
      onError: (err) => logger.warn({ err }, "CT follower: brands unavailable"),
    }),
    assessor: createNameAssessor({
      resolver: deps.resolver,
      enricher: deps.enricher,
      weights: async (userId) => (await deps.web.getWeights(userId)).weights,
      feeds: deps.loadFeeds,
      clock,
      onError: (what, err) => logger.warn({ err }, `CT follower: ${what} unavailable`),
    }),
    sink: alertEventSink(deps.publisher),
  });
}
