import { DelayedError, Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from "bullmq";
import type { KeyValueStore } from "../kv/kv.ts";
import { createRedisKv, DEFAULT_COMMAND_TIMEOUT_MS } from "../kv/redis-kv.ts";
import { withTimeout } from "../util/with-timeout.ts";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_CONCURRENCY } from "./backoff.ts";
import { decodeJobId, encodeJobId, encodeQueueName } from "./bullmq-names.ts";
import type { JobDefinition, JobFailure, JobQueue, JobQueueOptions } from "./queue.ts";
import { createRateLimiter } from "./rate-limit.ts";

export interface BullmqQueueOptions extends JobQueueOptions {
  url: string;
  /** Namespaces every BullMQ key (default "bw"); tests pass a unique one to isolate themselves. */
  prefix?: string;
  logger?: Logger;
  /** Where rate-limit counters live; by default a Redis store under `<prefix>:`. */
  kv?: KeyValueStore;
  /**
   * Enqueueing (and scheduling) fails with a connection error after this long while Redis does
   * not answer, instead of waiting for it forever. Default 10 s.
   */
  commandTimeoutMs?: number;
}

type AnyDefinition = JobDefinition<unknown>;

/** Marks a payload that failed parsing, so the failure is reported with the right reason. */
class InvalidPayloadError extends UnrecoverableError {
  constructor(cause: unknown) {
    super(`invalid payload: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.cause = cause;
  }
}

/**
 * BullMQ-backed queue for the split deployment: one BullMQ Queue (producer) and, once started,
 * one Worker per job name, so each job type has its own concurrency. Retries, backoff, delays,
 * jobId dedup and schedules are BullMQ's own; the per-key rate limit is the shared KV limiter.
 */
export function createBullmqQueue(opts: BullmqQueueOptions): JobQueue {
  const logger = opts.logger ?? createSilentLogger();
  const prefix = opts.prefix ?? "bw";
  // BullMQ requires maxRetriesPerRequest: null for its blocking connections.
  const connection = { url: opts.url, maxRetriesPerRequest: null };
  const commandTimeoutMs = opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  // Producers block on nothing: their commands may time out, so an add never hangs on a Redis away.
  const producerConnection = { url: opts.url, maxRetriesPerRequest: null, commandTimeout: commandTimeoutMs };
  const kv = opts.kv ?? createRedisKv({ url: opts.url, prefix: `${prefix}:`, logger, commandTimeoutMs });
  const limiter = createRateLimiter(kv);
  const defs = new Map<string, AnyDefinition>();
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  let started = false;
  let closed = false;

  function queueFor(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(encodeQueueName(name), { connection: producerConnection, prefix });
      queue.on("error", (err) => logger.warn({ err, job: name }, "queue connection error"));
      queues.set(name, queue);
    }
    return queue;
  }

  // Attempts and backoff are stored on the job when it is added, so they come from the local
  // definition if there is one (defaults otherwise).
  function jobOptions(name: string): JobsOptions {
    const def = defs.get(name);
    return {
      attempts: def?.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: "exponential", delay: def?.backoffMs ?? DEFAULT_BACKOFF_MS },
      // Finished jobs are removed, so a jobId only deduplicates while the job is pending,
      // as in the in-process queue. Failures are logged and reported through onFailure.
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  /**
   * Enqueueing waits at most `commandTimeoutMs` (BullMQ waits for its connection to be ready
   * first, without a bound): then a connection error (ETIMEDOUT) the caller retries or reports.
   */
  async function bounded<T>(name: string, work: Promise<T>): Promise<T> {
    work.catch(() => undefined); // settles later when Redis is back; the caller has its answer
    return withTimeout(
      work,
      commandTimeoutMs,
      `job queue: Redis did not answer within ${commandTimeoutMs} ms (enqueueing "${name}")`,
    ).catch((err: unknown) => {
      throw (err as Error).message?.startsWith("job queue:")
        ? Object.assign(err as Error, { code: "ETIMEDOUT" })
        : err;
    });
  }

  function report(failure: JobFailure): void {
    logger.error({ err: failure.error, ...failure, error: undefined }, "job failed permanently");
    opts.onFailure?.(failure);
  }

  function startWorker(def: AnyDefinition): void {
    const worker = new Worker(encodeQueueName(def.name), (job, token) => process(def, job, token), {
      connection,
      prefix,
      concurrency: def.concurrency ?? DEFAULT_CONCURRENCY,
    });
    worker.on("error", (err) => logger.warn({ err, job: def.name }, "worker error"));
    worker.on("failed", (job, err) => {
      if (!job) return;
      const failure: JobFailure = {
        name: def.name,
        id: decodeJobId(job.id ?? ""),
        attempt: job.attemptsMade,
        reason: err instanceof InvalidPayloadError ? "invalid_payload" : "attempts_exhausted",
        error: err instanceof InvalidPayloadError ? err.cause : err,
      };
      // moveToFailed has already counted this attempt; below the limit BullMQ retries it.
      const permanent = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (permanent) report(failure);
      else
        logger.warn(
          { err, job: def.name, id: failure.id, attempt: job.attemptsMade },
          "job failed; retrying",
        );
    });
    workers.set(def.name, worker);
  }

  async function process(def: AnyDefinition, job: Job, token: string | undefined): Promise<void> {
    let payload: unknown;
    try {
      payload = def.parse(job.data);
    } catch (err) {
      // Unrecoverable: BullMQ fails it at once instead of retrying.
      throw new InvalidPayloadError(err);
    }
    if (def.rateLimit) {
      const decision = await limiter.acquire(def.name, def.rateLimit.key(payload), def.rateLimit);
      if (!decision.ok) {
        // BullMQ's manual delay: back to the delayed set without counting an attempt.
        await job.moveToDelayed(Date.now() + decision.retryInMs, token);
        throw new DelayedError();
      }
    }
    await def.handler(payload, { id: decodeJobId(job.id ?? ""), attempt: job.attemptsMade + 1 });
  }

  return {
    define(def) {
      if (defs.has(def.name)) throw new Error(`job "${def.name}" is already defined`);
      defs.set(def.name, def as AnyDefinition);
      if (started && !closed) startWorker(def as AnyDefinition);
    },
    async enqueue(name, payload, enqueueOpts = {}) {
      if (closed) throw new Error("queue is closed");
      await bounded(
        name,
        queueFor(name).add(name, payload, {
          ...jobOptions(name),
          ...(enqueueOpts.delayMs ? { delay: enqueueOpts.delayMs } : {}),
          ...(enqueueOpts.jobId !== undefined ? { jobId: encodeJobId(enqueueOpts.jobId) } : {}),
        }),
      );
    },
    async schedule(scheduleId, name, payload, everyMs) {
      if (closed) throw new Error("queue is closed");
      if (!Number.isInteger(everyMs) || everyMs <= 0)
        throw new RangeError("everyMs must be a positive integer");
      await bounded(
        name,
        queueFor(name).upsertJobScheduler(
          encodeJobId(scheduleId),
          { every: everyMs },
          { name, data: payload, opts: jobOptions(name) },
        ),
      );
    },
    async start() {
      if (closed) throw new Error("queue is closed");
      if (started) return;
      started = true;
      for (const def of defs.values()) startWorker(def);
      await Promise.all([...workers.values()].map((w) => w.waitUntilReady()));
    },
    async depths() {
      // Bounded like an enqueue: a scrape while Redis is away fails rather than hangs.
      return Promise.all(
        [...defs.keys()].map(async (name) => {
          const c = await bounded(name, queueFor(name).getJobCounts("waiting", "prioritized", "delayed", "active")); // prettier-ignore
          return {
            name,
            waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
            delayed: c.delayed ?? 0,
            active: c.active ?? 0,
          };
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      // Workers first: close() stops fetching and waits for running handlers to finish.
      await Promise.allSettled([...workers.values()].map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      if (!opts.kv) await kv.close();
    },
  };
}
