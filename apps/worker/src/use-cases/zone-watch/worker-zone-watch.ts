import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "../../config.ts";
import type { GuardedFetch } from "../../ports/http/http.port.ts";
import type { DiscoveryKit } from "../../capabilities/discovery/follow/discovery-kit.ts";
import { createDiscoveryHandOff } from "./hand-off.ts";
import { createNrdPoller, nrdSourceOf } from "./nrd-poller.ts";
import { createZoneWatcher } from "./zone-watcher.ts";

/**
 * The worker's zone-file watcher (ZONE_FILES) and newly-registered-domains poller (NRD_FEED_URL),
 * each in its own loop, on the worker's discovery kit (brands, assessor, sink); null when neither is
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
  discovery: DiscoveryKit;
  /** The SSRF-guarded fetch (the threat feeds'): ALLOW_PRIVATE_NETWORK applies to the NRD list too. */
  fetch: GuardedFetch;
}): ZoneWatchRuntime | null {
  const { zones, nrd } = deps.config.pipeline;
  if (!zones.dir && !nrd.url) return null;
  const { clock, brands, assessor, sink } = deps.discovery;
  const owner = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const logger = deps.logger.child({ component: "zone-watch" });
  const handOff = createDiscoveryHandOff({
    kv: deps.kv,
    prefix: deps.config.eventChannelPrefix,
    sink,
    assessor,
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
