import { randomUUID } from "node:crypto";
import type { KeyValueStore } from "../kv/kv.ts";
import { createMemoryKv } from "../kv/memory-kv.ts";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_CONCURRENCY,
  exponentialBackoffMs,
} from "./backoff.ts";
import type { JobDefinition, JobFailure, JobQueue, JobQueueOptions } from "./queue.ts";
import { createRateLimiter } from "./rate-limit.ts";

export interface MemoryQueueOptions extends JobQueueOptions {
  logger?: Logger;
  /** Where rate-limit counters live; a private in-memory store by default. */
  kv?: KeyValueStore;
}

interface QueuedJob {
  name: string;
  id: string;
  /** Dedup key while pending; null for jobs enqueued without a jobId. */
  dedupKey: string | null;
  payload: unknown;
  attempt: number;
  runAt: number;
  seq: number;
}

interface Schedule {
  name: string;
  payload: unknown;
  everyMs: number;
  timer: NodeJS.Timeout | null;
}

// Definitions are stored type-erased; each is only ever called with what its own parse returned.
type AnyDefinition = JobDefinition<unknown>;

/** In-process job queue for the embedded mode: same semantics as the BullMQ queue, no Redis. */
export function createMemoryQueue(opts: MemoryQueueOptions = {}): JobQueue {
  const logger = opts.logger ?? createSilentLogger();
  const kv = opts.kv ?? createMemoryKv();
  const limiter = createRateLimiter(kv);
  const defs = new Map<string, AnyDefinition>();
  const runningByName = new Map<string, number>();
  const waiting: QueuedJob[] = [];
  const pendingKeys = new Set<string>();
  const active = new Set<Promise<void>>();
  const schedules = new Map<string, Schedule>();
  let wakeTimer: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;
  let seq = 0;

  function add(name: string, payload: unknown, delayMs: number, jobId?: string): void {
    const dedupKey = jobId === undefined ? null : `${name}\u0000${jobId}`;
    if (dedupKey !== null) {
      if (pendingKeys.has(dedupKey)) return;
      pendingKeys.add(dedupKey);
    }
    const id = jobId ?? randomUUID();
    waiting.push({ name, id, dedupKey, payload, attempt: 1, runAt: Date.now() + delayMs, seq: seq++ });
    pump();
  }

  /** Starts every due job that has a free concurrency slot, then sleeps until the next due time. */
  function pump(): void {
    if (!started || closed) return;
    const now = Date.now();
    waiting.sort((a, b) => a.runAt - b.runAt || a.seq - b.seq);
    let nextRunAt = Infinity;
    for (let i = 0; i < waiting.length;) {
      const job = waiting[i] as QueuedJob;
      const def = defs.get(job.name);
      const running = runningByName.get(job.name) ?? 0;
      if (def && job.runAt <= now && running < (def.concurrency ?? DEFAULT_CONCURRENCY)) {
        waiting.splice(i, 1);
        run(def, job);
        continue;
      }
      if (def && job.runAt > now) nextRunAt = Math.min(nextRunAt, job.runAt);
      i++;
    }
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    if (nextRunAt !== Infinity) {
      wakeTimer = setTimeout(pump, Math.max(0, nextRunAt - Date.now()));
      // The app's servers keep the process alive; a pending job alone must not.
      wakeTimer.unref();
    }
  }

  function run(def: AnyDefinition, job: QueuedJob): void {
    runningByName.set(job.name, (runningByName.get(job.name) ?? 0) + 1);
    const p = execute(def, job).finally(() => {
      runningByName.set(job.name, (runningByName.get(job.name) ?? 1) - 1);
      active.delete(p);
      pump();
    });
    active.add(p);
  }

  function requeue(job: QueuedJob, delayMs: number): void {
    if (closed) return release(job); // in-process: nothing survives close anyway
    waiting.push({ ...job, runAt: Date.now() + delayMs, seq: seq++ });
  }

  function release(job: QueuedJob): void {
    if (job.dedupKey !== null) pendingKeys.delete(job.dedupKey);
  }

  function fail(job: QueuedJob, reason: JobFailure["reason"], error: unknown): void {
    release(job);
    logger.error(
      { err: error, job: job.name, id: job.id, attempt: job.attempt, reason },
      "job failed permanently",
    );
    opts.onFailure?.({ name: job.name, id: job.id, attempt: job.attempt, reason, error });
  }

  async function execute(def: AnyDefinition, job: QueuedJob): Promise<void> {
    let payload: unknown;
    try {
      payload = def.parse(job.payload);
    } catch (err) {
      // Retrying cannot make a malformed payload valid.
      return fail(job, "invalid_payload", err);
    }
    const attempts = def.attempts ?? DEFAULT_ATTEMPTS;
    try {
      if (def.rateLimit) {
        const decision = await limiter.acquire(def.name, def.rateLimit.key(payload), def.rateLimit);
        // Over the limit: wait for the window, keeping the same attempt number.
        if (!decision.ok) return requeue(job, decision.retryInMs);
      }
      await def.handler(payload, { id: job.id, attempt: job.attempt });
      release(job);
    } catch (err) {
      if (job.attempt >= attempts) return fail(job, "attempts_exhausted", err);
      const delay = exponentialBackoffMs(def.backoffMs ?? DEFAULT_BACKOFF_MS, job.attempt);
      logger.warn(
        { err, job: job.name, id: job.id, attempt: job.attempt, retryInMs: delay },
        "job failed; retrying",
      );
      requeue({ ...job, attempt: job.attempt + 1 }, delay);
    }
  }

  function arm(scheduleId: string, s: Schedule): void {
    const tick = (): void => {
      // One pending run per schedule: a slow run is not stacked up behind.
      if (!closed) add(s.name, s.payload, 0, `schedule:${scheduleId}`);
    };
    tick(); // like BullMQ's `every`: the first run is immediate
    s.timer = setInterval(tick, s.everyMs);
    s.timer.unref();
  }

  return {
    define(def) {
      if (defs.has(def.name)) throw new Error(`job "${def.name}" is already defined`);
      defs.set(def.name, def as AnyDefinition);
      pump();
    },
    async enqueue(name, payload, enqueueOpts = {}) {
      if (closed) throw new Error("queue is closed");
      add(name, payload, enqueueOpts.delayMs ?? 0, enqueueOpts.jobId);
    },
    async schedule(scheduleId, name, payload, everyMs) {
      if (closed) throw new Error("queue is closed");
      if (!Number.isInteger(everyMs) || everyMs <= 0)
        throw new RangeError("everyMs must be a positive integer");
      const previous = schedules.get(scheduleId);
      if (previous?.timer) clearInterval(previous.timer);
      const s: Schedule = { name, payload, everyMs, timer: null };
      schedules.set(scheduleId, s);
      if (started) arm(scheduleId, s);
    },
    async start() {
      if (closed) throw new Error("queue is closed");
      if (started) return;
      started = true;
      for (const [id, s] of schedules) arm(id, s);
      pump();
    },
    async depths() {
      const now = Date.now();
      return [...defs.keys()].map((name) => {
        const mine = waiting.filter((j) => j.name === name);
        const due = mine.filter((j) => j.runAt <= now).length;
        return { name, waiting: due, delayed: mine.length - due, active: runningByName.get(name) ?? 0 };
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      if (wakeTimer) clearTimeout(wakeTimer);
      for (const s of schedules.values()) if (s.timer) clearInterval(s.timer);
      while (active.size > 0) await Promise.allSettled([...active]);
      if (!opts.kv) await kv.close();
    },
  };
}
