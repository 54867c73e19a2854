import { globMatch } from "../glob/redis-glob.ts";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import type { Bus, BusHandler } from "./bus.ts";
import { decodeMessage, encodeMessage } from "./codec.ts";

interface Subscription {
  pattern: string;
  handler: BusHandler;
  active: boolean;
}

export interface MemoryBusOptions {
  logger?: Logger;
}

/** In-process bus for the embedded mode; behaves like Redis pub/sub as seen from one process. */
export function createMemoryBus(opts: MemoryBusOptions = {}): Bus {
  const logger = opts.logger ?? createSilentLogger();
  const subscriptions = new Set<Subscription>();
  let closed = false;

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

  return {
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
    async close() {
      closed = true;
      for (const sub of subscriptions) sub.active = false;
      subscriptions.clear();
    },
  };
}
