/** A named background job with retries, delays, per-key rate limits and schedules. */
interface JobContext {
  id: string;
  attempt: number; // 1-based
}

export interface JobDefinition<P> {
  name: string;
  /** Parses (and so validates) the stored payload before the handler sees it. */
  parse: (payload: unknown) => P;
  handler: (payload: P, ctx: JobContext) => Promise<void>;
  attempts?: number; // default 3
  backoffMs?: number; // exponential base, default 1000
  concurrency?: number; // default 1
  /** At most `max` runs per `windowMs` for each key; excess runs are delayed, not dropped. */
  rateLimit?: { max: number; windowMs: number; key: (payload: P) => string };
}

interface EnqueueOptions {
  delayMs?: number;
  /** Idempotency: a second enqueue with the same id while the first is pending is ignored. */
  jobId?: string;
}

export interface JobQueue {
  define<P>(def: JobDefinition<P>): void;
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<void>;
  /** Repeats the job every `everyMs`; `scheduleId` is stable, so re-declaring replaces it. */
  schedule(scheduleId: string, name: string, payload: unknown, everyMs: number): Promise<void>;
  /** Starts consuming defined jobs. Producers may enqueue before start. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones (graceful shutdown). */
  close(): Promise<void>;
  /** Jobs of each defined name now waiting (due), delayed (a later run or retry) and running. */
  depths(): Promise<QueueDepth[]>;
}

interface QueueDepth {
  name: string;
  waiting: number;
  delayed: number;
  active: number;
}

/** A job that will not run again: attempts used up, or a payload that does not parse. */
export interface JobFailure {
  name: string;
  id: string;
  attempt: number;
  reason: "attempts_exhausted" | "invalid_payload";
  error: unknown;
}

/** Options shared by every JobQueue implementation's factory. */
export interface JobQueueOptions {
  /** Called once per permanently failed job (after it was logged), e.g. to mark a scan failed. */
  onFailure?: (failure: JobFailure) => void;
}
