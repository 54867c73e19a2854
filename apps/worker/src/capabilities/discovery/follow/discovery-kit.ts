import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Enricher } from "../../enrich/enricher.ts";
import type { FeedLoadResult } from "../../feeds/loader.ts";
import type { Resolver } from "../../resolve/types.ts";
import type { BrandsApi, ScoringApi } from "../../../ports/web-api/web-api.port.ts";
import { createNameAssessor, type NameAssessor } from "./assess-name.ts";
import { createBrandRegistry, type BrandRegistry } from "./brand-registry.ts";
import { alertEventSink, type AlertPublisher, type DiscoverySink } from "./discovered-alert.ts";
import type { Clock } from "./lease.ts";

/**
 * What every discovery source (the CT follower, zone files, the NRD list) works with, built once
 * per worker: every user's brand from the web app (one index, reloaded every `refreshMs`), the
 * assessor that makes a matched name a scored finding, and the sink that raises it as
 * `lookalike.discovered` on the durable stream.
 */
export interface DiscoveryKit {
  clock: Clock;
  brands: BrandRegistry;
  assessor: NameAssessor;
  sink: DiscoverySink;
}

export function createDiscoveryKit(deps: {
  web: BrandsApi & Pick<ScoringApi, "getWeights">;
  resolver: Pick<Resolver, "resolveDomain">;
  enricher: Pick<Enricher, "enrichLookalike">;
  loadFeeds: () => Promise<FeedLoadResult>;
  publisher: AlertPublisher;
  /** CT_BRANDS_REFRESH. */
  refreshMs: number;
  logger: Pick<Logger, "warn">;
}): DiscoveryKit {
  const clock = { now: () => Date.now() };
  return {
    clock,
    brands: createBrandRegistry({
      load: () => deps.web.getMonitoredBrands(),
      refreshMs: deps.refreshMs,
      clock,
      onError: (err) => deps.logger.warn({ err }, "discovery: brands unavailable"),
    }),
    assessor: createNameAssessor({
      resolver: deps.resolver,
      enricher: deps.enricher,
      weights: async (userId) => (await deps.web.getWeights(userId)).weights,
      feeds: deps.loadFeeds,
      clock,
      onError: (what, err) => deps.logger.warn({ err }, `discovery: ${what} unavailable`),
    }),
    sink: alertEventSink(deps.publisher),
  };
}
