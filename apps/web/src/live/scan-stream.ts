/** Browser message types on stream `scan_<id>` (contract part 6). */
export type ScanStreamType =
  "findings" | "log" | "phase_progress" | "phase_update" | "complete" | "failed" | "cancelled";

export interface ScanStreamMessage {
  type: ScanStreamType;
  scan_id: string;
  data: unknown;
}

type Listener = (message: ScanStreamMessage) => void;

/**
 * In-process fan-out of scan events to the browsers connected to this web process. Every web
 * process consumes the bus, so each one can serve its own server-sent-event clients.
 */
export function createScanStreamHub() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    publish(message: ScanStreamMessage): void {
      for (const listener of listeners.get(message.scan_id) ?? []) listener(message);
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
