import type {
  TScanStreamFindings,
  TScanStreamLog,
  TScanStreamPhase,
} from "@brandwarden/contract/browser/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";

/** A browser message on stream `scan_<id>` (contract part 6; `@brandwarden/contract/browser/events`). */
export type ScanStreamMessage = { scan_id: string } & (
  | { type: "findings"; data: TScanStreamFindings }
  | { type: "log"; data: TScanStreamLog }
  | { type: "phase_progress" | "phase_update" | "complete" | "failed" | "cancelled"; data: TScanStreamPhase }
);

type Listener = (message: ScanStreamMessage) => void;

/** The pub/sub channel every web process hears browser pushes on. */
const pushChannel = (prefix: string) => `${prefix}:push`;

/**
 * Fan-out of scan events to the browsers connected to the web processes. A message is applied by
 * one web process (the one reading its scan's partition), but the owner's browser may be connected
 * to another: once started, each push goes out on `<prefix>:push` (pub/sub: a push is live news,
 * the dashboard reads the state itself on connect) and every web process hands it to its own
 * server-sent-event clients. Before `start` (tests without a bus) pushes stay in this process.
 */
export function createScanStreamHub(opts: { bus?: Bus; prefix?: string; logger?: Logger } = {}) {
  const listeners = new Map<string, Set<Listener>>();
  let unsubscribe: (() => Promise<void>) | null = null;

  const deliver = (message: ScanStreamMessage) => {
    for (const listener of listeners.get(message.scan_id) ?? []) listener(message);
  };

  return {
    publish(message: ScanStreamMessage): void {
      if (!unsubscribe || !opts.bus) return deliver(message);
      opts.bus.publish(pushChannel(opts.prefix ?? ""), message).catch((err: unknown) => {
        opts.logger?.warn({ err, scan_id: message.scan_id }, "browser push not sent; delivered here only");
        deliver(message);
      });
    },
    /** Starts hearing the pushes of every web process. */
    async start(): Promise<void> {
      if (unsubscribe || !opts.bus) return;
      unsubscribe = await opts.bus.psubscribe(pushChannel(opts.prefix ?? ""), (_channel, message) =>
        deliver(message as ScanStreamMessage),
      );
    },
    async stop(): Promise<void> {
      const stop = unsubscribe;
      unsubscribe = null;
      await stop?.();
    },
    subscribe(scanId: string, listener: Listener): () => void {
      const set = listeners.get(scanId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(scanId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(scanId);
      };
    },
    listenerCount(scanId: string): number {
      return listeners.get(scanId)?.size ?? 0;
    },
  };
}

export type ScanStreamHub = ReturnType<typeof createScanStreamHub>;

/** The stream name the contract gives a scan. */
export const streamName = (scanId: string) => `scan_${scanId}`;
