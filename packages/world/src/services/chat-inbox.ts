import type { FastifyInstance } from "fastify";
import { ChatFaultsSchema, type createChatFaults } from "./chat-faults.ts";

/**
 * What a chat receiver (the world's Slack and Teams webhooks) keeps for tests: every request with
 * the answer it got, the messages it accepted, and a wait for a message to arrive.
 */
export function createChatInbox<M, R>(service: string) {
  const messages: M[] = [];
  const requests: R[] = [];
  const listeners = new Set<(m: M) => void>();
  return {
    messages,
    requests,
    accept(m: M): void {
      messages.push(m);
      for (const l of listeners) l(m);
    },
    clear(): void {
      messages.length = 0;
      requests.length = 0;
    },
    /** The first accepted message `pred` takes, waiting up to `timeoutMs` for it. */
    waitFor(pred: (m: M) => boolean, timeoutMs = 5_000): Promise<M> {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no ${service} message matched within ${timeoutMs} ms`));
        }, timeoutMs);
        const listener = (m: M) => {
          if (!pred(m)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(m);
        };
        listeners.add(listener);
      });
    },
  };
}

/**
 * The control routes both chat receivers share: read and clear what arrived, read and switch the
 * faults (`POST /__control/faults`, 422 for a bad body).
 */
export function registerChatControl(
  app: FastifyInstance,
  inbox: { messages: unknown[]; clear(): void },
  faults: ReturnType<typeof createChatFaults>,
): void {
  const jsonBody = (body: unknown): unknown => JSON.parse(typeof body === "string" && body ? body : "{}");
  app.get("/__control/messages", async () => ({ messages: inbox.messages }));
  app.delete("/__control/messages", async () => {
    inbox.clear();
    return { messages: inbox.messages };
  });
  app.get("/__control/faults", async () => faults.get());
  app.post("/__control/faults", async (req, reply) => {
    const r = ChatFaultsSchema.partial().safeParse(jsonBody(req.body));
    if (!r.success) return reply.code(422).send({ error: "invalid", message: r.error.message });
    faults.set(r.data);
    return faults.get();
  });
}
