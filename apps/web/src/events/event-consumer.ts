import { ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import type { Bus, StreamConsumer, StreamLoss } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { eventKey, eventStreams, WEB_GROUP } from "@brandwarden/platform/messaging/event-streams";

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
 * its handler succeeded (a failing one is retried in place, then dead-lettered), and a dead
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
  /** Started with the consumer: browser pushes from every web process. */
  push?: { start(): Promise<void>; stop(): Promise<void> };
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
      deps.logger.error({ err, kind: message.kind, scan_id: message.scan_id }, "event handler failed");
      throw err;
    }
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
        { group: WEB_GROUP, consumer: deps.consumerName, leaseMs: deps.leaseMs, keyOf: eventKey, onLoss },
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
