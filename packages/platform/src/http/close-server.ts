import type { Server } from "node:http";

/**
 * Closes a Fastify app's server without waiting on kept-alive connections. Node closes the
 * connections that are idle when `close` is called, but one busy then stays open after its
 * response until the keep-alive timeout (72 s in Fastify), past any shutdown deadline: each is
 * closed as soon as its response is done.
 */
export async function closeServer(app: { close(): PromiseLike<unknown>; server: Server }): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

const SWEEP_MS = 50;
