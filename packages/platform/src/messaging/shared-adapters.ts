import type { Bus } from "../bus/bus.ts";
import { createBus } from "../bus/create-bus.ts";
import { createKv } from "../kv/create-kv.ts";
import type { KeyValueStore } from "../kv/kv.ts";
import type { Logger } from "../logger/logger.ts";
import { withTimeout } from "../util/with-timeout.ts";

export interface SharedAdapters {
  bus: Bus;
  kv: KeyValueStore;
  /** Checks Redis for /healthz; undefined when the deployment has none. */
  pingRedis?: () => Promise<void>;
  /** Closes what this call created (not what the caller passed in). */
  close(): Promise<void>;
}

/**
 * The bus and key-value store both services use: Redis when `redisUrl` is set, in-process
 * otherwise, or the ones passed in (embedded mode shares one pair between web and worker).
 */
export function createSharedAdapters(opts: {
  redisUrl?: string;
  prefix: string;
  logger: Logger;
  /** Redis commands fail after this long without an answer (default 10 s). */
  commandTimeoutMs?: number;
  shared?: { bus?: Bus; kv?: KeyValueStore };
}): SharedAdapters {
  const bus =
    opts.shared?.bus ??
    createBus({ redisUrl: opts.redisUrl, logger: opts.logger, commandTimeoutMs: opts.commandTimeoutMs });
  const kv =
    opts.shared?.kv ??
    createKv({
      redisUrl: opts.redisUrl,
      prefix: `${opts.prefix}:`,
      logger: opts.logger,
      commandTimeoutMs: opts.commandTimeoutMs,
    });
  return {
    bus,
    kv,
    pingRedis: opts.redisUrl
      ? () =>
          withTimeout(
            kv.get("healthz").then(() => undefined),
            2000,
          )
      : undefined,
    async close() {
      if (!opts.shared?.bus) await bus.close();
      if (!opts.shared?.kv) await kv.close();
    },
  };
}
