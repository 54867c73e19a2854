import { Redis } from "ioredis";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import { DEFAULT_COMMAND_TIMEOUT_MS } from "../kv/redis-kv.ts";
import {
  compareStreamIds,
  DEFAULT_STREAM_LIMITS,
  type Bus,
  type BusHandler,
  type StreamConsumer,
  type StreamLimits,
} from "./bus.ts";
import { decodeMessage, encodeMessage } from "./codec.ts";
import { runGroupConsumer, stopWhenClosed } from "./consumer-loop.ts";
import { blockingConnection, type BlockingConnection } from "./blocking-connection.ts";
import { createRedisLeases } from "./leases.ts";
import { runPartitionedConsumer } from "./partitioned-consumer.ts";
import { createRedisGroupReader, FIELD, streamEntries, type XEntry } from "./redis-streams.ts";

/** Stream bounds below this are kept exactly. */
const EXACT_BELOW = 10_000;

export interface RedisBusOptions {
  url: string;
  logger?: Logger;
  limits?: StreamLimits;
  /**
   * A Redis command without an answer this long fails ("Command timed out"), also while Redis is
   * away, instead of waiting for it forever. Blocking reads have their own bound. Default 10 s.
   */
  commandTimeoutMs?: number;
}

/**
 * Redis pub/sub and Streams. A connection in subscriber mode cannot publish, so there are two:
 * one for commands and one dedicated to pattern subscriptions. Each pattern is PSUBSCRIBEd once
 * and fanned out to its local handlers. Streams: XADD with an approximate MAXLEN bound; every
 * consumer and tail reader blocks on a connection of its own; partition leases are Redis keys.
 */
export function createRedisBus(opts: RedisBusOptions): Bus {
  const logger = opts.logger ?? createSilentLogger();
  const commandTimeout = opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const publisher = new Redis(opts.url, { commandTimeout });
  const subscriber = new Redis(opts.url, { commandTimeout });
  for (const conn of [publisher, subscriber]) {
    // ioredis reconnects by itself; without a listener an error event would crash the process.
    conn.on("error", (err) => logger.warn({ err }, "redis bus connection error"));
  }
  const handlers = new Map<string, Set<BusHandler>>();
  let closed = false;
  const limits = opts.limits ?? DEFAULT_STREAM_LIMITS;
  const readers = new Set<() => Promise<void>>();
  const leases = createRedisLeases(publisher);
  const knownGroups = new Set<string>();

  /** A connection for one blocking reader, closed with it. */
  function newBlockingConnection(): BlockingConnection {
    // Blocked reads (XREADGROUP BLOCK) wait longer than a command may: no command timeout here.
    const conn = publisher.duplicate({ commandTimeout: undefined });
    conn.on("error", (err) => logger.warn({ err }, "redis stream connection error"));
    return blockingConnection(conn);
  }

  async function tailLoop(
    conn: BlockingConnection,
    stream: string,
    sinceMs: number,
    handler: (m: unknown, id: string) => unknown,
    isActive: () => boolean,
  ) {
    // XREAD returns ids after `last`: start just before the first id of millisecond `sinceMs`.
    let last = sinceMs > 0 ? `${sinceMs - 1}-18446744073709551615` : "0-0";
    while (isActive()) {
      try {
        const reply = await conn.call("XREAD", "COUNT", 100, "BLOCK", 2000, "STREAMS", stream, last);
        for (const [id, fields] of streamEntries(reply)) {
          last = id;
          const at = fields?.indexOf(FIELD) ?? -1;
          if (!fields || at < 0 || !isActive()) continue;
          try {
            await handler(decodeMessage(fields[at + 1]!), id);
          } catch (err) {
            logHandlerError(stream, err);
          }
        }
      } catch (err) {
        if (!isActive()) return;
        logger.warn({ err, stream }, "stream tail read failed; retrying");
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  subscriber.on("pmessage", (pattern: string, channel: string, text: string) => {
    const set = handlers.get(pattern);
    if (!set || set.size === 0) return;
    let message: unknown;
    try {
      message = decodeMessage(text);
    } catch (err) {
      logger.warn({ err, channel }, "bus message is not JSON; dropped");
      return;
    }
    for (const handler of set) {
      try {
        const result = handler(channel, message);
        if (result instanceof Promise) result.catch((err: unknown) => logHandlerError(channel, err));
      } catch (err) {
        logHandlerError(channel, err);
      }
    }
  });

  function logHandlerError(channel: string, err: unknown): void {
    logger.error({ err, channel }, "bus handler failed");
  }

  const bus: Bus = {
    async publish(channel, message) {
      if (closed) throw new Error("bus is closed");
      await publisher.publish(channel, encodeMessage(message));
    },
    async psubscribe(pattern, handler) {
      if (closed) throw new Error("bus is closed");
      let set = handlers.get(pattern);
      if (!set) {
        set = new Set();
        handlers.set(pattern, set);
      }
      set.add(handler);
      // Always await the PSUBSCRIBE reply (idempotent on the server) so the promise only resolves
      // once the subscription is live, even when a concurrent call created the set.
      await subscriber.psubscribe(pattern);
      const own = set;
      return async () => {
        own.delete(handler);
        if (own.size === 0 && handlers.get(pattern) === own) {
          handlers.delete(pattern);
          if (!closed) await subscriber.punsubscribe(pattern);
        }
      };
    },
    async append(stream, message) {
      if (closed) throw new Error("bus is closed");
      const text = encodeMessage(message);
      // Approximate trimming (whole radix-tree nodes) is cheaper; small bounds are kept exactly.
      const bound = limits.maxLen >= EXACT_BELOW ? ["MAXLEN", "~", limits.maxLen] : ["MAXLEN", limits.maxLen];
      return (await publisher.call("XADD", stream, ...bound, "*", FIELD, text)) as string;
    },
    async consume(stream, consumeOpts, handler) {
      if (closed) throw new Error("bus is closed");
      const blocking = newBlockingConnection();
      const reader = createRedisGroupReader({
        commands: publisher,
        blocking,
        stream,
        ...consumeOpts,
        knownGroups,
        onLoss: (reason) => {
          logger.error({ stream, group: consumeOpts.group, reason }, "stream entries may have been lost");
          consumeOpts.onLoss?.({ stream, reason });
        },
      });
      const consumer: StreamConsumer = runGroupConsumer(reader, consumeOpts, handler, logger, stream);
      return { caughtUp: consumer.caughtUp, stop: stopWhenClosed(readers, () => consumer.stop()) };
    },
    async consumePartitions(partitions, consumeOpts, handler) {
      if (closed) throw new Error("bus is closed");
      const consumer = await runPartitionedConsumer({
        streams: partitions,
        opts: consumeOpts,
        handler,
        leases,
        consume: (stream, o, h) => bus.consume(stream, o, h),
        logger,
      });
      return { caughtUp: consumer.caughtUp, stop: stopWhenClosed(readers, () => consumer.stop()) };
    },
    async lastId(stream) {
      try {
        const info = (await publisher.call("XINFO", "STREAM", stream)) as unknown[];
        return String(info[info.indexOf("last-generated-id") + 1]);
      } catch (err) {
        if (/no such key/i.test(String((err as Error).message))) return "0-0";
        throw err;
      }
    },
    async acknowledged(stream, group, id) {
      const groups = (await publisher.call("XINFO", "GROUPS", stream).catch(() => [])) as unknown[][];
      const info = groups.find((g) => g[g.indexOf("name") + 1] === group);
      if (!info) return false;
      const delivered = String(info[info.indexOf("last-delivered-id") + 1]);
      if (compareStreamIds(id, delivered) > 0) return false;
      const pending = (await publisher.xpending(stream, group, id, id, 1)) as unknown[];
      return pending.length === 0;
    },
    async range(stream, count) {
      const entries = (await publisher.xrange(stream, "-", "+", "COUNT", count)) as XEntry[];
      return entries.flatMap(([id, fields]) => {
        const at = fields?.indexOf(FIELD) ?? -1;
        return fields && at >= 0 ? [{ id, message: decodeMessage(fields[at + 1]!) }] : [];
      });
    },
    async remove(stream, ids) {
      return ids.length ? publisher.xdel(stream, ...ids) : 0;
    },
    async streamLength(stream) {
      return publisher.xlen(stream);
    },
    async tail(stream, sinceMs, handler) {
      if (closed) throw new Error("bus is closed");
      // Streams read this way have no groups: their old entries go by age.
      await publisher.xtrim(stream, "MINID", "~", `${Date.now() - limits.maxAgeMs}-0`);
      const conn = newBlockingConnection();
      let active = true;
      const done = tailLoop(conn, stream, sinceMs, handler, () => active && !closed);
      const stop = async () => {
        active = false;
        conn.disconnect();
        await done;
      };
      return stopWhenClosed(readers, stop);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([...readers].map((stop) => stop()));
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
  return bus;
}
