import type { Logger } from "../logger/logger.ts";
import type { Bus } from "./bus.ts";
import { createMemoryBus } from "./memory-bus.ts";
import { createRedisBus } from "./redis-bus.ts";

export interface CreateBusOptions {
  /** Set: Redis streams and pub/sub (split deployment). Unset: in-process (embedded mode). */
  redisUrl?: string;
  logger?: Logger;
}

export function createBus(opts: CreateBusOptions = {}): Bus {
  return opts.redisUrl
    ? createRedisBus({ url: opts.redisUrl, logger: opts.logger })
    : createMemoryBus({ logger: opts.logger });
}
