import { ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import type { Bus, StreamConsumer, StreamLoss } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { eventKey, eventStreams, WEB_GROUP } from "@brandwarden/platform/messaging/event-streams";
import { isConnectionError } from "@brandwarden/platform/util/connection-error";
import type { DependencyWait } from "../lib/dependency-wait.ts";

export type EventHandlers = { [K in TEventKind]: (message: TEventOf<K>) => Promise<void> };

/** One `log` handler from several, run in order (each decides whether the message is its own). */
export function chainLogHandlers(
  ...handlers: Array<(message: TEventOf<"log">) => Promise<void>>
): (message: TEventOf<"log">) => Promise<void> {
  return async (message) => {
    for (const handle of handlers) await handle(message);
  };
}

/**
 * Consumes the worker's durable event streams `<prefix>:stream:events:<n>` as one member of the
 * web processes' group. Each partition is read by one web process at a time, so a scan's messages
 * are applied once, in order, never by two processes at once; a message is acknowledged only once
 * its handler succeeded (a failing one is retried in place: while the database or another
 * dependency is unreachable until it is back, shown as "waiting" by `wait`; otherwise a few
 * times, then dead-lettered for `brandwarden events replay`), and a dead
 * process's partitions, with what it left unacknowledged, go to the others. Envelopes are
 * validated with the contract; what does not parse is dropped (logged). Handlers stay idempotent
 * and keyed by `seq`: delivery is at least once.
 */
export function createEventConsumer(deps: {
  bus: Bus;
  prefix: string;
  handlers: EventHandlers;
  logger: Logger;
  /** This process's name in the group: stable across its restarts, unique among live processes. */
  consumerName: string;
  /** A silent web process loses its partitions after this long. Default 15 s. */
  leaseMs?: number;
  /** Entries may have been lost before being applied (Redis restarted empty, or the stream overflowed). */
  onLoss?: (loss: StreamLoss) => unknown;
  /** Told of connection errors and successes: the "waiting for the database" state. */
  wait?: DependencyWait;
  /** Failures (not connection errors) before a message is dead-lettered. Default 10. */
  maxDeliveries?: number;
  /** First retry delay (doubles per retry). Default 500 ms. */
  retryBaseMs?: number;
  /** Longest retry delay, also while waiting for the database. Default 30 s. */
  retryMaxMs?: number;
  /** Started with the consumer: browser pushes from every web process. */
  push?: { start(): Promise<void>; stop(): Promise<void> };
  /** Told of each applied event (its kind and when it was published) and each dead letter (metrics). */
  observe?: { applied(kind: string, publishedAt: string): void; deadLettered(stream: string): void };
}) {
  let consumer: StreamConsumer | null = null;

  /** Applies one message; throws when its handler failed, so the message is retried. */
  async function apply(raw: unknown): Promise<void> {
    const parsed = ZEventMessage.safeParse(raw);
    if (!parsed.success) {
      deps.logger.warn({ issues: parsed.error.issues.slice(0, 5) }, "dropped malformed event");
      return;
    }
    const message = parsed.data;
    try {
      await (deps.handlers[message.kind] as (m: typeof message) => Promise<void>)(message);
    } catch (err) {
      // A connection error is an outage, not a bad event: the wait logs it once, not per retry.
      if (isConnectionError(err))
        await deps.wait?.failed(err, { kind: message.kind, scan_id: message.scan_id });
      else deps.logger.error({ err, kind: message.kind, scan_id: message.scan_id }, "event handler failed");
      throw err;
    }
    deps.wait?.succeeded();
    deps.observe?.applied(message.kind, message.ts);
  }

  const onLoss = (loss: StreamLoss) => {
    void Promise.resolve(deps.onLoss?.(loss)).catch((err: unknown) =>
      deps.logger.error({ err, ...loss }, "handling lost events failed"),
    );
  };

  return {
    consumerName: deps.consumerName,
    /** Starts consuming and resolves once what was missed while no web process ran is applied. */
    async start(): Promise<void> {
      await deps.push?.start();
      consumer = await deps.bus.consumePartitions(
        eventStreams(deps.prefix),
        {
          group: WEB_GROUP,
          consumer: deps.consumerName,
          leaseMs: deps.leaseMs,
          keyOf: eventKey,
          onLoss,
          maxDeliveries: deps.maxDeliveries,
          retryBaseMs: deps.retryBaseMs,
          retryMaxMs: deps.retryMaxMs,
          onDeadLetter: deps.observe?.deadLettered,
        },
        apply,
      );
      await consumer.caughtUp;
    },
    async stop(): Promise<void> {
      await consumer?.stop();
      consumer = null;
      await deps.push?.stop();
    },
    /** For tests and replays: apply one message as if it came from the stream. */
    apply,
  };
}
