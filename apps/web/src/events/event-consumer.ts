import { ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";

export type EventHandlers = { [K in TEventKind]: (message: TEventOf<K>) => Promise<void> };

/**
 * Consumes the worker's event stream `<prefix>:<kind>`: validates each envelope with the contract,
 * drops what does not parse (logged), and hands it to the handler of its kind. Handlers are
 * idempotent, since pub/sub may deliver to several web processes and a worker may repeat itself.
 */
export function createEventConsumer(deps: {
  bus: Bus;
  prefix: string;
  handlers: EventHandlers;
  logger: Logger;
}) {
  let unsubscribe: (() => Promise<void>) | null = null;
  // Messages of one scan are applied one after another in arrival order: handlers are async, and an
  // initial batch overtaken by its delta would otherwise overwrite the delta's fields.
  const chains = new Map<string, Promise<void>>();
  const inOrder = (key: string, work: () => Promise<void>): Promise<void> => {
    const next = (chains.get(key) ?? Promise.resolve()).then(work);
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  };

  async function handle(channel: string, raw: unknown): Promise<void> {
    const kind = channel.slice(deps.prefix.length + 1);
    if (kind === "control") return;
    const parsed = ZEventMessage.safeParse(raw);
    if (!parsed.success) {
      deps.logger.warn({ channel, issues: parsed.error.issues.slice(0, 5) }, "dropped malformed event");
      return;
    }
    const message = parsed.data;
    if (message.kind !== kind) {
      deps.logger.warn({ channel, kind: message.kind }, "dropped event published on another kind's channel");
      return;
    }
    await inOrder(message.scan_id ?? message.kind, async () => {
      try {
        await (deps.handlers[message.kind] as (m: typeof message) => Promise<void>)(message);
      } catch (err) {
        deps.logger.error({ err, kind: message.kind, scan_id: message.scan_id }, "event handler failed");
      }
    });
  }

  return {
    async start(): Promise<void> {
      unsubscribe = await deps.bus.psubscribe(`${deps.prefix}:*`, handle);
    },
    async stop(): Promise<void> {
      await unsubscribe?.();
      unsubscribe = null;
    },
    /** For tests and replays: process one message as if it came from the bus. */
    handle,
  };
}

export type EventConsumer = ReturnType<typeof createEventConsumer>;
