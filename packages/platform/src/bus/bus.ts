/**
 * Messaging between the services. Two kinds of delivery:
 * - pub/sub (`publish`/`psubscribe`): at most once, to whoever listens at that moment;
 * - streams (`append`/`consume`/`consumePartitions`/`tail`): durable, kept until acknowledged,
 *   delivered at least once in append order, also to a consumer that starts after the message was
 *   appended.
 * Messages are JSON-serialisable values.
 */
export type BusHandler = (channel: string, message: unknown) => void | Promise<void>;

/** Handles one stream entry; resolving acknowledges it, throwing has it retried in place. */
export type StreamHandler = (message: unknown, id: string) => void | Promise<void>;

/** Why a consumer may have missed entries: its group vanished (Redis restarted empty) or entries were trimmed unread. */
export interface StreamLoss {
  stream: string;
  reason: "group_lost" | "trimmed_unread";
}

export interface ConsumeOptions {
  /** Consumers of one group share the entries: each entry is handled by one of them. */
  group: string;
  /**
   * This consumer's name within the group. Keep it stable across restarts of one process (host
   * and port): a restarted consumer then takes back its unacknowledged entries at once.
   */
  consumer: string;
  /**
   * Entries another consumer took but has not acknowledged for this long are claimed by this one
   * (that consumer is taken for dead). Default 15 s.
   */
  claimIdleMs?: number;
  /**
   * A failing entry is retried in place (its key waits; nothing of that key overtakes it), with
   * a backoff from `retryBaseMs` doubling up to `retryMaxMs`. A connection error (the database or
   * Redis unreachable, see `isTransient`) is retried until the dependency is back and never counts;
   * any other failure counts, and after this many the entry is poison: moved to the dead-letter
   * stream `<stream>:dead` (logged) and acknowledged. Default 10.
   */
  maxDeliveries?: number;
  /** Which failures mean "a dependency is unreachable". Default: platform `isConnectionError`. */
  isTransient?: (err: unknown) => boolean;
  /** First retry delay. Default 500 ms. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 30 s. */
  retryMaxMs?: number;
  /**
   * Entries of one key are handled one after another in stream order; entries of different keys
   * read together are handled concurrently. Default: one key, everything in order.
   */
  keyOf?: (message: unknown) => string;
  /** How often acknowledged entries are trimmed away (and consumers idle with nothing pending removed). Default 5 s. */
  trimEveryMs?: number;
  /** Checked before each entry: when false the consumer handles nothing more (a lost partition lease). */
  isOwner?: () => boolean;
  /** Told when entries may have been lost before this group read them. */
  onLoss?: (loss: StreamLoss) => void;
  /** Told of each entry moved to the dead-letter stream (metrics). */
  onDeadLetter?: (stream: string) => void;
}

export interface PartitionedConsumeOptions extends Omit<ConsumeOptions, "claimIdleMs" | "isOwner"> {
  /**
   * Each partition is read by one consumer of the group at a time, under a lease renewed every
   * third of this (default 15 s). A consumer that stops renewing loses its partitions after it.
   */
  leaseMs?: number;
}

export interface StreamConsumer {
  /** Resolves once the entries present when consuming began (own pending, claimable, new) are handled. */
  readonly caughtUp: Promise<void>;
  /** Stops reading; entries taken but not acknowledged stay pending for another consumer. */
  stop(): Promise<void>;
}

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Redis-style glob pattern (`*`, `?`, `[...]`). Resolves once the subscription is active. */
  psubscribe(pattern: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Appends to a durable stream; resolves with the entry's id once stored. */
  append(stream: string, message: unknown): Promise<string>;
  /** Reads a stream as one consumer of a group (created at the stream's start if new). */
  consume(stream: string, opts: ConsumeOptions, handler: StreamHandler): Promise<StreamConsumer>;
  /**
   * Reads partitioned streams as one member of a group: the partitions are spread over the live
   * members, each read by exactly one of them at a time (leases), so the entries of one partition
   * are never handled by two processes at once and stay in order across processes.
   */
  consumePartitions(
    streams: string[],
    opts: PartitionedConsumeOptions,
    handler: StreamHandler,
  ): Promise<StreamConsumer>;
  /**
   * Every entry appended since `sinceMs` (epoch ms) and every later one, to this reader alone: a
   * broadcast that a process starting a little late still receives.
   */
  tail(stream: string, sinceMs: number, handler: StreamHandler): Promise<() => Promise<void>>;
  /** The oldest `count` entries of a stream read without groups (dead letters, for an operator). */
  range(stream: string, count: number): Promise<Array<{ id: string; message: unknown }>>;
  /** Deletes entries of a stream read without groups (replayed dead letters); resolves with how many went. */
  remove(stream: string, ids: string[]): Promise<number>;
  /** Entries a stream holds (0 when it does not exist). */
  streamLength(stream: string): Promise<number>;
  /** The id of the last entry ever appended to the stream ("0-0" for none): later entries have greater ids. */
  lastId(stream: string): Promise<string>;
  /** Has the group handled and acknowledged entry `id` (false while it is unread or pending)? */
  acknowledged(stream: string, group: string, id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Stream bounds: entries beyond these go even if unacknowledged (memory stays bounded). */
export interface StreamLimits {
  /** Most entries kept per stream (approximate in Redis). Default 100 000. */
  maxLen: number;
  /** Entries older than this go from streams read with `tail` (no groups). Default 24 h. */
  maxAgeMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxLen: 100_000, maxAgeMs: 24 * 3600 * 1000 };

/** Where entries that failed every delivery go, kept for an operator to inspect or re-append. */
export const deadLetterStream = (stream: string) => `${stream}:dead`;

/** Compares stream ids (`<ms>-<seq>`): negative when a is older than b. */
export function compareStreamIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am !== bm ? am - bm : as - bs;
}
