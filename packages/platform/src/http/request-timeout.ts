/**
 * Fastify options that bound how long a client may take to send its whole request (headers and
 * body): past `ms` the server answers 408 and closes the connection, so slow or stalled clients
 * cannot hold sockets forever. Only receiving is bounded: a response that streams for hours (the
 * scan event stream) is not affected. Node checks open requests every `connectionsCheckingInterval`
 * (30 s by default), so it is made a fraction of the limit. 0 turns the limit off.
 */
export function requestTimeoutOptions(ms: number) {
  return {
    requestTimeout: ms,
    // Node arms its request checks only when the server is created with the limit (not when set later).
    http: {
      requestTimeout: ms,
      connectionsCheckingInterval: ms > 0 ? Math.max(50, Math.min(30_000, Math.floor(ms / 4))) : 30_000,
    },
  };
}
