import type { KeyValueStore } from "../kv/kv.ts";
import type { Logger } from "../logger/logger.ts";
import { createBullmqQueue } from "./bullmq-queue.ts";
import { createMemoryQueue } from "./memory-queue.ts";
import type { JobQueue, JobQueueOptions } from "./queue.ts";

export interface CreateQueueOptions extends JobQueueOptions {
  /** Set: BullMQ on Redis (split deployment). Unset: in-process (embedded mode). */
  redisUrl?: string;
  /** BullMQ key prefix (default "bw"). */
  prefix?: string;
  logger?: Logger;
  /** Store for rate-limit counters; each implementation has a sensible default. */
  kv?: KeyValueStore;
  /** BullMQ: enqueueing fails after this long while Redis does not answer (default 10 s). */
  commandTimeoutMs?: number;
}

export function createQueue(opts: CreateQueueOptions = {}): JobQueue {
  const { redisUrl, ...rest } = opts;
  return redisUrl ? createBullmqQueue({ ...rest, url: redisUrl }) : createMemoryQueue(rest);
}
