import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { createLogger, type Logger } from "@brandwarden/platform/logger/logger";
import { createSharedAdapters } from "@brandwarden/platform/messaging/shared-adapters";
import type { WorkerConfig } from "./config.ts";
import type { WorkerAdapters } from "./container.ts";

/** Redis-backed bus and key-value store when REDIS_URL is set; in-process ones (or the shared ones) otherwise. */
export function createWorkerAdapters(
  config: WorkerConfig,
  shared: {
    bus?: Bus;
    kv?: KeyValueStore;
    logger?: Logger;
    checkpointKv?: KeyValueStore;
    eventsInMemory?: boolean;
  } = {},
): WorkerAdapters {
  const logger = shared.logger ?? createLogger({ ...config.log, name: "worker" });
  const adapters = createSharedAdapters({
    redisUrl: config.redisUrl,
    prefix: config.eventChannelPrefix,
    logger,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    shared,
  });
  return { ...adapters, logger, checkpointKv: shared.checkpointKv, eventsInMemory: shared.eventsInMemory };
}
