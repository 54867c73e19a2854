import { eventChannel, ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";

/** Publishes a scan's events as contract envelopes with an increasing `seq`; silent once closed. */
export interface ScanPublisher {
  publish<K extends TEventKind>(kind: K, data: TEventOf<K>["data"]): Promise<void>;
  /** After a cancel nothing more is published for the scan. */
  close(): void;
  readonly closed: boolean;
}

/** Where a publisher sends envelopes: the bus in a service, a collector in the CLI. */
export type EnvelopeSink = (channel: string, envelope: unknown) => Promise<void>;

export function busSink(bus: Bus): EnvelopeSink {
  return (channel, envelope) => bus.publish(channel, envelope);
}

export function createScanPublisher(opts: {
  sink: EnvelopeSink;
  prefix: string;
  scanId?: string;
}): ScanPublisher {
  let seq = 0;
  let closed = false;
  return {
    async publish(kind, data) {
      if (closed) return;
      const envelope = {
        v: 1 as const,
        kind,
        scan_id: opts.scanId,
        seq: ++seq,
        ts: new Date().toISOString(),
        data,
      };
      // Validated here too, so a bad message is a bug in the worker, not a silent drop in the web app.
      ZEventMessage.parse(envelope);
      await opts.sink(eventChannel(opts.prefix, kind), envelope);
    },
    close() {
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
