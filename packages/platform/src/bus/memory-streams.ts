import {
  compareStreamIds,
  deadLetterStream,
  DEFAULT_STREAM_LIMITS,
  type StreamHandler,
  type StreamLimits,
} from "./bus.ts";
import { decodeMessage, encodeMessage } from "./codec.ts";
import type { GroupReader, RawEntry } from "./consumer-loop.ts";

interface Entry extends RawEntry {
  ms: number;
  seq: number;
}

interface Group {
  /** Entries after this position have not been delivered to the group. */
  delivered: number;
  /** Id of the last entry delivered to the group. */
  deliveredId: string;
  pending: Map<string, { consumer: string; at: number; entry: Entry }>;
  /** Consumers by name, with when each last read. */
  consumers: Map<string, number>;
}

interface Stream {
  entries: Entry[];
  /** Position (1-based count of appends) of entries[0]; positions never repeat. */
  firstPosition: number;
  groups: Map<string, Group>;
  waiters: Set<() => void>;
  tails: Set<(entry: Entry) => void>;
  /** Id of the last entry ever appended. */
  lastId: string;
}

/**
 * Redis Streams semantics in one process (embedded mode): ids `<ms>-<seq>`, consumer groups with
 * pending entries, claims by idle time, trimming of what every group acknowledged.
 */
export function createMemoryStreams(limits: StreamLimits = DEFAULT_STREAM_LIMITS) {
  const streams = new Map<string, Stream>();
  let lastMs = 0;
  let lastSeq = 0;

  const streamOf = (name: string): Stream => {
    let s = streams.get(name);
    if (!s) {
      s = {
        entries: [],
        firstPosition: 1,
        groups: new Map(),
        waiters: new Set(),
        tails: new Set(),
        lastId: "0-0",
      };
      streams.set(name, s);
    }
    return s;
  };
  const position = (s: Stream, entry: Entry) => s.firstPosition + s.entries.indexOf(entry);
  const lastPosition = (s: Stream) => s.firstPosition + s.entries.length - 1;

  function trimTo(s: Stream, keepFrom: number): void {
    const drop = Math.max(0, keepFrom - s.firstPosition);
    if (drop === 0) return;
    s.entries.splice(0, drop);
    s.firstPosition += drop;
  }

  function append(name: string, message: unknown): string {
    const text = encodeMessage(message);
    const now = Date.now();
    if (now > lastMs) [lastMs, lastSeq] = [now, 0];
    else lastSeq++;
    const entry: Entry = { id: `${lastMs}-${lastSeq}`, ms: lastMs, seq: lastSeq, text };
    const s = streamOf(name);
    s.entries.push(entry);
    s.lastId = entry.id;
    if (s.entries.length > limits.maxLen) trimTo(s, lastPosition(s) - limits.maxLen + 1);
    for (const wake of [...s.waiters]) wake();
    for (const tail of s.tails) tail(entry);
    return entry.id;
  }

  function reader(
    name: string,
    groupName: string,
    consumer: string,
    onLoss?: (reason: "trimmed_unread") => void,
  ): GroupReader {
    const s = streamOf(name);
    let group = s.groups.get(groupName);
    if (!group) {
      // A new group starts at the stream's beginning: entries appended before it are delivered
      // (and those the bound already dropped count as missed, as in Redis).
      group = { delivered: 0, deliveredId: "0-0", pending: new Map(), consumers: new Map() };
      s.groups.set(groupName, group);
    }
    const g = group;
    let closed = false;
    let wakeClosed: (() => void) | null = null;
    const live = (entry: Entry) => s.entries.includes(entry);

    function take(entries: Entry[]): RawEntry[] {
      const at = Date.now();
      g.consumers.set(consumer, at);
      for (const e of entries) g.pending.set(e.id, { consumer, at, entry: e });
      return entries.map(({ id, text }) => ({ id, text }));
    }

    function undelivered(count: number): RawEntry[] {
      const from = Math.max(g.delivered + 1, s.firstPosition);
      const batch = s.entries.slice(from - s.firstPosition, from - s.firstPosition + count);
      if (batch.length) {
        g.delivered = position(s, batch.at(-1)!);
        g.deliveredId = batch.at(-1)!.id;
      }
      return take(batch);
    }

    return {
      async ownPending(count) {
        const mine = [...g.pending.values()].filter((p) => p.consumer === consumer);
        const gone = mine.filter((p) => !live(p.entry));
        for (const p of gone) g.pending.delete(p.entry.id);
        if (gone.length) onLoss?.("trimmed_unread");
        return take(
          mine
            .filter((p) => live(p.entry))
            .slice(0, count)
            .map((p) => p.entry),
        );
      },
      async claimIdle(minIdleMs, count) {
        const now = Date.now();
        const idle = [...g.pending.values()].filter((p) => now - p.at >= minIdleMs);
        const gone = idle.filter((p) => !live(p.entry));
        for (const p of gone) g.pending.delete(p.entry.id);
        if (gone.length) onLoss?.("trimmed_unread");
        return take(
          idle
            .filter((p) => live(p.entry))
            .sort((a, b) => position(s, a.entry) - position(s, b.entry))
            .slice(0, count)
            .map((p) => p.entry),
        );
      },
      async readNew(count, blockMs) {
        const ready = undelivered(count);
        if (ready.length || blockMs === 0 || closed) return ready;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            s.waiters.delete(wake);
            wakeClosed = null;
            resolve();
          };
          const timer = setTimeout(wake, blockMs);
          s.waiters.add(wake);
          wakeClosed = wake;
        });
        return closed ? [] : undelivered(count);
      },
      async ack(ids) {
        for (const id of ids) g.pending.delete(id);
      },
      async deadLetter(entry, why) {
        append(deadLetterStream(name), {
          stream: name,
          group: groupName,
          id: entry.id,
          text: entry.text,
          ...why,
        });
        g.pending.delete(entry.id);
      },
      async trimAcknowledged() {
        let keepFrom = lastPosition(s) + 1;
        for (const other of s.groups.values()) {
          keepFrom = Math.min(keepFrom, other.delivered + 1);
          for (const p of other.pending.values())
            if (live(p.entry)) keepFrom = Math.min(keepFrom, position(s, p.entry));
        }
        trimTo(s, keepFrom);
        // Only the maxLen bound drops entries past a group's last read one.
        return { trimmedUnread: g.delivered < s.firstPosition - 1 };
      },
      async removeIdleConsumers(minIdleMs) {
        const now = Date.now();
        const holding = new Set([...g.pending.values()].map((p) => p.consumer));
        for (const [name, at] of g.consumers)
          if (name !== consumer && !holding.has(name) && now - at >= minIdleMs) g.consumers.delete(name);
      },
      async close() {
        closed = true;
        wakeClosed?.();
      },
    };
  }

  function tail(name: string, sinceMs: number, handler: StreamHandler, onError: (err: unknown) => void) {
    const s = streamOf(name);
    const cutoff = Date.now() - limits.maxAgeMs;
    // Streams read this way have no groups: their old entries go by age.
    const keep = s.entries.findIndex((e) => e.ms >= cutoff);
    trimTo(s, keep === -1 ? lastPosition(s) + 1 : s.firstPosition + keep);
    let active = true;
    let chain = Promise.resolve();
    const deliver = (entry: Entry) => {
      chain = chain.then(async () => {
        if (!active || entry.ms < sinceMs) return;
        try {
          await handler(decodeMessage(entry.text), entry.id);
        } catch (err) {
          onError(err);
        }
      });
    };
    // Delivery is asynchronous, never on the appender's stack.
    const backlog = s.entries.filter((e) => e.ms >= sinceMs);
    chain = new Promise((resolve) => setImmediate(resolve));
    for (const e of backlog) deliver(e);
    const onAppend = (entry: Entry) => deliver(entry);
    s.tails.add(onAppend);
    return async () => {
      active = false;
      s.tails.delete(onAppend);
    };
  }

  /** Delivered to the group and no longer pending (handled, or dead-lettered). */
  function acknowledged(name: string, groupName: string, id: string): boolean {
    const g = streams.get(name)?.groups.get(groupName);
    return Boolean(g && !g.pending.has(id) && compareStreamIds(id, g.deliveredId) <= 0);
  }

  return {
    append,
    reader,
    tail,
    acknowledged,
    length: (name: string) => streams.get(name)?.entries.length ?? 0,
    range: (name: string, count: number) =>
      (streams.get(name)?.entries ?? [])
        .slice(0, count)
        .map((e) => ({ id: e.id, message: decodeMessage(e.text) })),
    remove(name: string, ids: string[]): number {
      const s = streams.get(name);
      if (!s) return 0;
      // Positions of group reads would shift; dead-letter streams have no groups.
      if (s.groups.size) throw new Error(`remove: ${name} is read by a group`);
      const drop = new Set(ids);
      const before = s.entries.length;
      s.entries = s.entries.filter((e) => !drop.has(e.id));
      return before - s.entries.length;
    },
    lastId: (name: string) => streams.get(name)?.lastId ?? "0-0",
    close() {
      for (const s of streams.values()) for (const wake of [...s.waiters]) wake();
    },
  };
}
