import type { Logger } from "../logger/logger.ts";
import type { Bus } from "./bus.ts";
import { createMemoryBus } from "./memory-bus.ts";
import { createRedisBus } from "./redis-bus.ts";

export interface CreateBusOptions {
  /** Set: Redis streams and pub/sub (split deployment). Unset: in-process (embedded mode). */
  redisUrl?: string;
  logger?: Logger;
  /** Redis commands fail after this long without an answer (default 10 s). */
  commandTimeoutMs?: number;
}

export function createBus(opts: CreateBusOptions = {}): Bus {
  return opts.redisUrl
    ? createRedisBus({ url: opts.redisUrl, logger: opts.logger, commandTimeoutMs: opts.commandTimeoutMs })
    : createMemoryBus({ logger: opts.logger });
}
