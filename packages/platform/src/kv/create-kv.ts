import type { Logger } from "../logger/logger.ts";
import type { KeyValueStore } from "./kv.ts";
import { createMemoryKv } from "./memory-kv.ts";
import { createRedisKv } from "./redis-kv.ts";

export interface CreateKvOptions {
  /** Set: Redis (shared by every process). Unset: in-process. */
  redisUrl?: string;
  /** Key prefix for Redis, so several deployments or test runs can share one server. */
  prefix?: string;
  logger?: Logger;
  /** Redis commands fail after this long without an answer (default 10 s). */
  commandTimeoutMs?: number;
}

export function createKv(opts: CreateKvOptions = {}): KeyValueStore {
  return opts.redisUrl
    ? createRedisKv({
        url: opts.redisUrl,
        prefix: opts.prefix,
        logger: opts.logger,
        commandTimeoutMs: opts.commandTimeoutMs,
      })
    : createMemoryKv();
}
