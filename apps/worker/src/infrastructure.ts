import { createBus } from "@brandwarden/platform/bus/create-bus";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { createKv } from "@brandwarden/platform/kv/create-kv";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { createLogger, type Logger } from "@brandwarden/platform/logger/logger";
import { withTimeout } from "@brandwarden/platform/util/with-timeout";
import type { WorkerConfig } from "./config.ts";
import type { WorkerInfrastructure } from "./container.ts";

/** Redis-backed bus and key-value store when REDIS_URL is set; in-process ones (or the shared ones) otherwise. */
export function createWorkerInfrastructure(
  config: WorkerConfig,
  shared: { bus?: Bus; kv?: KeyValueStore; logger?: Logger } = {},
): WorkerInfrastructure {
  const logger = shared.logger ?? createLogger({ ...config.log, name: "worker" });
  const bus = shared.bus ?? createBus({ redisUrl: config.redisUrl, logger });
  const kv =
    shared.kv ?? createKv({ redisUrl: config.redisUrl, prefix: `${config.eventChannelPrefix}:`, logger });
  return {
    bus,
    kv,
    logger,
    pingRedis: config.redisUrl
      ? () =>
          withTimeout(
            kv.get("healthz").then(() => undefined),
            2000,
          )
      : undefined,
    async close() {
      if (!shared.bus) await bus.close();
      if (!shared.kv) await kv.close();
    },
  };
}
