import type { Bus } from "../bus/bus.ts";

/**
 * The durable streams between the services, named under EVENT_CHANNEL_PREFIX:
 * - `<prefix>:stream:events:<0..7>`: every worker→web message (scan updates, findings, profiles,
 *   logs), in one of eight partitions by scan (by user for messages of no scan). The web processes
 *   read them as one group: each partition is read by one web process at a time, so a scan's
 *   messages are applied once, in order, never by two processes at once;
 * - `<prefix>:stream:control`: web→worker commands (`cancel`), read by every worker.
 */
const EVENT_PARTITIONS = 8;
export const eventStreams = (prefix: string) =>
  Array.from({ length: EVENT_PARTITIONS }, (_, i) => `${prefix}:stream:events:${i}`);
export const controlStream = (prefix: string) => `${prefix}:stream:control`;

/** The consumer group the web processes share. */
export const WEB_GROUP = "web";

/** How far back a starting worker reads commands: a cancel sent while it restarted still counts. */
export const CONTROL_REPLAY_MS = 60 * 60 * 1000;

/** What keeps a message's order: its scan, else the user it concerns, else its kind. */
export function eventKey(message: unknown): string {
  const m = (message ?? {}) as { scan_id?: unknown; kind?: unknown; data?: { user_id?: unknown } };
  if (typeof m.scan_id === "string" && m.scan_id) return m.scan_id;
  if (typeof m.data?.user_id === "string" && m.data.user_id) return `user:${m.data.user_id}`;
  return `kind:${String(m.kind ?? "")}`;
}

/** FNV-1a: a stable spread of keys over the partitions. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The partition stream a message belongs to. */
const eventStreamFor = (prefix: string, message: unknown) =>
  eventStreams(prefix)[hash(eventKey(message)) % EVENT_PARTITIONS]!;

export interface AppendedEvent {
  stream: string;
  id: string;
}

/** Appends a worker→web message to its partition. */
export async function appendEvent(bus: Bus, prefix: string, message: unknown): Promise<AppendedEvent> {
  const stream = eventStreamFor(prefix, message);
  return { stream, id: await bus.append(stream, message) };
}

/** Has the web app applied (and acknowledged) this appended message? */
export const eventApplied = (bus: Bus, appended: AppendedEvent) =>
  bus.acknowledged(appended.stream, WEB_GROUP, appended.id);

/** Reads every worker→web message appended from `sinceMs` on, as one more reader (tests, tools). */
export async function tailEvents(
  bus: Bus,
  prefix: string,
  handler: (message: unknown) => void | Promise<void>,
  sinceMs = Date.now(),
): Promise<() => Promise<void>> {
  const stops = await Promise.all(
    eventStreams(prefix).map((stream) => bus.tail(stream, sinceMs, (message) => handler(message))),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
