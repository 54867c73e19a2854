import { globMatch } from "../glob/redis-glob.ts";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import { DEFAULT_STREAM_LIMITS, type Bus, type BusHandler, type StreamLimits } from "./bus.ts";
import { decodeMessage, encodeMessage } from "./codec.ts";
import { runGroupConsumer, stopWhenClosed } from "./consumer-loop.ts";
import { createMemoryLeases } from "./leases.ts";
import { createMemoryStreams } from "./memory-streams.ts";
import { runPartitionedConsumer } from "./partitioned-consumer.ts";

interface Subscription {
  pattern: string;
  handler: BusHandler;
  active: boolean;
}

export interface MemoryBusOptions {
  logger?: Logger;
  limits?: StreamLimits;
}

/**
 * In-process bus for the embedded mode; behaves like Redis pub/sub and Redis Streams as seen from
 * one process (streams live as long as the process: a restart starts with none).
 */
export function createMemoryBus(opts: MemoryBusOptions = {}): Bus {
  const logger = opts.logger ?? createSilentLogger();
  const subscriptions = new Set<Subscription>();
  let closed = false;
  const streams = createMemoryStreams(opts.limits ?? DEFAULT_STREAM_LIMITS);
  const consumers = new Set<() => Promise<void>>();
  const tails = new Set<() => Promise<void>>();
  const leases = createMemoryLeases();

  function deliver(sub: Subscription, channel: string, text: string): void {
    // Delivery is asynchronous like Redis: publish never runs subscriber code on the caller's stack.
    // setImmediate callbacks run in FIFO order, so per-publisher order is preserved.
    setImmediate(() => {
      if (!sub.active || closed) return;
      try {
        const result = sub.handler(channel, decodeMessage(text));
        if (result instanceof Promise) result.catch((err: unknown) => logHandlerError(channel, err));
      } catch (err) {
        logHandlerError(channel, err);
      }
    });
  }

  function logHandlerError(channel: string, err: unknown): void {
    logger.error({ err, channel }, "bus handler failed");
  }

  const bus: Bus = {
    async publish(channel, message) {
      if (closed) throw new Error("bus is closed");
      const text = encodeMessage(message);
      for (const sub of subscriptions) {
        if (globMatch(sub.pattern, channel)) deliver(sub, channel, text);
      }
    },
    async psubscribe(pattern, handler) {
      if (closed) throw new Error("bus is closed");
      const sub: Subscription = { pattern, handler, active: true };
      subscriptions.add(sub);
      return async () => {
        sub.active = false;
        subscriptions.delete(sub);
      };
    },
    async append(stream, message) {
      if (closed) throw new Error("bus is closed");
      return streams.append(stream, message);
    },
    async consume(stream, consumeOpts, handler) {
      if (closed) throw new Error("bus is closed");
      const onLoss = (reason: "trimmed_unread") => {
        logger.error(
          { stream, group: consumeOpts.group },
          "stream entries were trimmed before being handled",
        );
        consumeOpts.onLoss?.({ stream, reason });
      };
      const consumer = runGroupConsumer(
        streams.reader(stream, consumeOpts.group, consumeOpts.consumer, onLoss),
        consumeOpts,
        handler,
        logger,
        stream,
      );
      return { caughtUp: consumer.caughtUp, stop: stopWhenClosed(consumers, () => consumer.stop()) };
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
      return { caughtUp: consumer.caughtUp, stop: stopWhenClosed(consumers, () => consumer.stop()) };
    },
    async lastId(stream) {
      return streams.lastId(stream);
    },
    async acknowledged(stream, group, id) {
      return streams.acknowledged(stream, group, id);
    },
    async range(stream, count) {
      return streams.range(stream, count);
    },
    async remove(stream, ids) {
      return streams.remove(stream, ids);
    },
    async streamLength(stream) {
      return streams.length(stream);
    },
    async tail(stream, sinceMs, handler) {
      if (closed) throw new Error("bus is closed");
      const stop = streams.tail(stream, sinceMs, handler, (err) => logHandlerError(stream, err));
      return stopWhenClosed(tails, stop);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...consumers].map((stop) => stop()));
      await Promise.all([...tails].map((stop) => stop()));
      streams.close();
      for (const sub of subscriptions) sub.active = false;
      subscriptions.clear();
    },
  };
  return bus;
}
