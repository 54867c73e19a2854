import type { Logger } from "../logger/logger.ts";
import type { ConsumeOptions, StreamConsumer, StreamHandler } from "./bus.ts";
import { decodeMessage } from "./codec.ts";
import { decideRetry, type RetryCount, type RetryPolicy } from "./retry-policy.ts";

export interface RawEntry {
  id: string;
  text: string;
}

/** What one consumer of a group does on a stream; Redis and in-memory streams provide it. */
export interface GroupReader {
  /** Entries already delivered to this consumer name and not acknowledged (a restart's leftovers). */
  ownPending(count: number): Promise<RawEntry[]>;
  /** Entries pending on any consumer for at least `minIdleMs`, now owned by this one. */
  claimIdle(minIdleMs: number, count: number): Promise<RawEntry[]>;
  /** Entries never delivered to the group; waits up to `blockMs` for some (0: do not wait). */
  readNew(count: number, blockMs: number): Promise<RawEntry[]>;
  ack(ids: string[]): Promise<void>;
  /** Appends the entry to the dead-letter stream and acknowledges it. */
  deadLetter(entry: RawEntry, why: { error: string; attempts: number }): Promise<void>;
  /**
   * Drops entries every group has acknowledged. `trimmedUnread`: entries this group never read
   * were trimmed away (the stream outgrew its bound).
   */
  trimAcknowledged(): Promise<{ trimmedUnread: boolean }>;
  /** Removes the group's other consumers that hold no entries and were idle this long. */
  removeIdleConsumers(minIdleMs: number): Promise<void>;
  /** Ends a blocked read at once. */
  close(): Promise<void>;
}

const BATCH = 100;
const BLOCK_MS = 2000;
const RETRY_READ_MS = 500;
/** Consumers gone this long with nothing pending are removed from the group. */
const FORGET_CONSUMERS_MS = 10 * 60 * 1000;

/**
 * The consumer side shared by both adapters: leftovers first, then claims of dead consumers'
 * entries, then new ones, each handled in stream order per key and acknowledged after its
 * handler resolved. A failing entry is retried in place with backoff, so nothing of its key
 * overtakes it: while a dependency is unreachable (a connection error) for as long as it lasts,
 * otherwise up to `maxDeliveries` times, after which it goes to the dead-letter stream (never
 * silently away).
 */
export function runGroupConsumer(
  reader: GroupReader,
  opts: ConsumeOptions,
  handler: StreamHandler,
  logger: Logger,
  stream = "",
): StreamConsumer {
  const claimIdleMs = opts.claimIdleMs ?? 15_000;
  const policy: RetryPolicy = {
    maxDeliveries: Math.max(1, opts.maxDeliveries ?? 10),
    retryBaseMs: opts.retryBaseMs ?? 500,
    retryMaxMs: Math.max(opts.retryBaseMs ?? 500, opts.retryMaxMs ?? 30_000),
    isTransient: opts.isTransient,
  };
  const trimEveryMs = opts.trimEveryMs ?? 5000;
  const isOwner = opts.isOwner ?? (() => true);
  // Idle reads wake up in time for the next claim pass and trim.
  const claimEveryMs = claimIdleMs > 0 ? Math.min(claimIdleMs / 2, BLOCK_MS) : BLOCK_MS;
  const blockMs = Math.max(50, Math.min(claimEveryMs, trimEveryMs));
  let stopped = false;
  let lastClaim = 0;
  let lastTrim = 0;
  let wake: (() => void) | null = null;
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  const active = () => !stopped && isOwner();

  /** Waits `ms`, or less when the consumer stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Handles one entry, retrying in place; true when done with it (handled, or dead-lettered). */
  async function handleOne(entry: RawEntry, message: unknown): Promise<boolean> {
    let count: RetryCount = { failures: 0, outage: 0 };
    for (;;) {
      if (!active()) return false;
      try {
        await handler(message, entry.id);
        return true;
      } catch (err) {
        const decision = decideRetry(policy, count, err);
        count = decision.count;
        const attempts = count.failures + count.outage;
        if (decision.action === "dead_letter") {
          logger.error(
            { err, stream, id: entry.id, attempts },
            "stream entry failed every delivery; moved to the dead-letter stream",
          );
          await reader.deadLetter(entry, { error: (err as Error)?.message ?? String(err), attempts });
          opts.onDeadLetter?.(stream);
          return true;
        }
        // An outage is logged by whoever tracks it (once); each of its retries only at debug level.
        const level = decision.transient && count.outage > 1 ? "debug" : "warn";
        logger[level](
          { err, stream, id: entry.id, attempt: attempts, retry_in_ms: decision.delayMs },
          decision.transient
            ? "stream entry waits for an unreachable dependency; retrying until it is back"
            : "stream entry failed; retrying it before anything after it of its key",
        );
        await pause(decision.delayMs);
      }
    }
  }

  /** Handles a batch in stream order per key (keys concurrently), acknowledging what is done. */
  async function handleAll(entries: RawEntry[]): Promise<void> {
    const byKey = new Map<string, Array<{ entry: RawEntry; message: unknown }>>();
    const acked: string[] = [];
    for (const entry of entries) {
      let message: unknown;
      try {
        message = decodeMessage(entry.text);
      } catch (err) {
        logger.error(
          { err, stream, id: entry.id },
          "stream entry is not JSON; moved to the dead-letter stream",
        );
        await reader.deadLetter(entry, { error: "not JSON", attempts: 0 });
        opts.onDeadLetter?.(stream);
        continue;
      }
      const key = opts.keyOf?.(message) ?? "";
      const queue = byKey.get(key);
      if (queue) queue.push({ entry, message });
      else byKey.set(key, [{ entry, message }]);
    }
    await Promise.all(
      [...byKey.values()].map(async (queue) => {
        for (const { entry, message } of queue) {
          // Not done (stopping): the rest of this key stays pending, in order, for whoever reads next.
          if (!(await handleOne(entry, message))) return;
          acked.push(entry.id);
        }
      }),
    );
    if (acked.length) await reader.ack(acked);
  }

  async function housekeeping(now: number): Promise<void> {
    if (now - lastTrim < trimEveryMs) return;
    lastTrim = now;
    const { trimmedUnread } = await reader.trimAcknowledged();
    if (trimmedUnread) {
      logger.error({ stream, group: opts.group }, "stream entries were trimmed before this group read them");
      opts.onLoss?.({ stream, reason: "trimmed_unread" });
    }
    await reader.removeIdleConsumers(Math.max(FORGET_CONSUMERS_MS, claimIdleMs));
  }

  async function claims(now: number): Promise<void> {
    if (now - lastClaim < claimEveryMs) return;
    lastClaim = now;
    for (let batch = await reader.claimIdle(claimIdleMs, BATCH); batch.length && active();) {
      await handleAll(batch);
      batch = batch.length === BATCH ? await reader.claimIdle(claimIdleMs, BATCH) : [];
    }
  }

  /** This consumer's own unacknowledged entries, oldest first (after a restart or a failed ack). */
  async function ownLeftovers(): Promise<void> {
    for (let batch = await reader.ownPending(BATCH); batch.length && active();) {
      await handleAll(batch);
      batch = await reader.ownPending(BATCH);
    }
  }

  /** Start-up: own leftovers, what dead consumers left, and the backlog, before `caughtUp`. */
  async function catchUp(): Promise<void> {
    await housekeeping(Date.now());
    await ownLeftovers();
    lastClaim = 0;
    await claims(Date.now());
    for (let batch = await reader.readNew(BATCH, 0); batch.length && active();) {
      await handleAll(batch);
      batch = await reader.readNew(BATCH, 0);
    }
  }

  const done = (async () => {
    let started = false;
    let leftovers = false;
    while (active()) {
      try {
        if (!started) {
          await catchUp();
          started = true;
          markCaughtUp();
          continue;
        }
        if (leftovers) {
          await ownLeftovers();
          leftovers = false;
        }
        const now = Date.now();
        await claims(now);
        await housekeeping(now);
        const fresh = await reader.readNew(BATCH, blockMs);
        if (fresh.length) await handleAll(fresh);
      } catch (err) {
        if (!active()) break;
        // Connection lost (Redis restarting): keep trying. Whatever was taken and not acknowledged
        // is read again first, so the order per key holds.
        logger.warn({ err, stream }, "stream read failed; retrying");
        leftovers = started;
        await pause(RETRY_READ_MS);
      }
    }
  })();
  // Whatever happens, `caughtUp` settles: a consumer that stopped is as caught up as it gets.
  void done.finally(markCaughtUp);

  return {
    caughtUp,
    async stop() {
      if (stopped) return;
      stopped = true;
      wake?.();
      await reader.close();
      await done;
    },
  };
}

/**
 * A bus keeps each running reader's `stop` in `running` so that closing the bus stops them all;
 * the returned stop takes it out of the set before stopping it.
 */
export function stopWhenClosed(
  running: Set<() => Promise<void>>,
  stop: () => Promise<void>,
): () => Promise<void> {
  running.add(stop);
  return async () => {
    running.delete(stop);
    await stop();
  };
}
