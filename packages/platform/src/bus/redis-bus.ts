import { Redis } from "ioredis";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import type { Bus, BusHandler } from "./bus.ts";
import { decodeMessage, encodeMessage } from "./codec.ts";

export interface RedisBusOptions {
  url: string;
  logger?: Logger;
}

/**
 * Redis pub/sub. A connection in subscriber mode cannot publish, so there are two: one that
 * publishes and one dedicated to pattern subscriptions. Each pattern is PSUBSCRIBEd once and
 * fanned out to its local handlers.
 */
export function createRedisBus(opts: RedisBusOptions): Bus {
  const logger = opts.logger ?? createSilentLogger();
  const publisher = new Redis(opts.url);
  const subscriber = new Redis(opts.url);
  for (const conn of [publisher, subscriber]) {
    // ioredis reconnects by itself; without a listener an error event would crash the process.
    conn.on("error", (err) => logger.warn({ err }, "redis bus connection error"));
  }
  const handlers = new Map<string, Set<BusHandler>>();
  let closed = false;

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

  return {
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
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
