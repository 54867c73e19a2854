import { ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { appendEvent, type AppendedEvent } from "@brandwarden/platform/messaging/event-streams";

/** Publishes a scan's events as contract envelopes with an increasing `seq`; silent once closed. */
export interface ScanPublisher {
  publish<K extends TEventKind>(kind: K, data: TEventOf<K>["data"]): Promise<void>;
  /** After a cancel nothing more is published for the scan. */
  close(): void;
  readonly closed: boolean;
  /** Where the last envelope went, when the sink says (the durable stream's entry). */
  readonly lastAppended: AppendedEvent | undefined;
}

/** Where a publisher sends envelopes: the bus in a service, a collector in the CLI. */
export type EnvelopeSink = (envelope: unknown) => Promise<AppendedEvent | void>;

/**
 * The durable event stream: kept until a web process applied it, so nothing is lost while the web
 * app restarts. The envelope names its kind and scan, which pick the partition.
 */
export function busSink(bus: Bus, prefix: string): EnvelopeSink {
  return (envelope) => appendEvent(bus, prefix, envelope);
}

/**
 * `seq` starts at the clock (µs since the epoch) and rises by one per message, never below the
 * clock: a later run of the same scan, on this worker or another, numbers its messages above
 * every message of an earlier run, so the web app needs no reset between runs.
 */
export function nextSeq(previous: number, now = Date.now()): number {
  return Math.max(previous + 1, now * 1000);
}

export function createScanPublisher(opts: { sink: EnvelopeSink; scanId?: string }): ScanPublisher {
  let seq = 0;
  let closed = false;
  let lastAppended: AppendedEvent | undefined;
  return {
    async publish(kind, data) {
      if (closed) return;
      seq = nextSeq(seq);
      const envelope = {
        v: 1 as const,
        kind,
        scan_id: opts.scanId,
        seq,
        ts: new Date().toISOString(),
        data,
      };
      // Validated here too, so a bad message is a bug in the worker, not a silent drop in the web app.
      ZEventMessage.parse(envelope);
      const appended = await opts.sink(envelope);
      if (appended) lastAppended = appended;
    },
    close() {
      closed = true;
    },
    get closed() {
      return closed;
    },
    get lastAppended() {
      return lastAppended;
    },
  };
}
