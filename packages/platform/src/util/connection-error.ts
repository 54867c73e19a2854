/**
 * The one rule for "a dependency is unreachable" (PostgreSQL, Redis, a peer service) as opposed
 * to "this work is wrong": connection errors are retried until the dependency is back, anything
 * else may be poison. Drivers wrap errors (drizzle's query error, AggregateError of a dual-stack
 * connect), so causes are followed.
 */

/** SQLSTATE classes and codes that mean the server is unreachable, restarting or shedding load. */
const PG_TRANSIENT_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovery)
  "53300", // too_many_connections
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

const NODE_CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "ECONNABORTED",
  "ENOTCONN",
]);

const MESSAGES = [
  /connection terminated/i, // pg: server went away, or connectionTimeoutMillis
  /timeout exceeded when trying to connect/i, // pg pool
  /query read timeout/i, // pg query_timeout
  /canceling statement due to statement timeout/i, // statement_timeout (57014)
  /client has encountered a connection error/i,
  /connection is closed/i, // ioredis
  /command timed out/i, // ioredis commandTimeout
  /reached the max retries per request/i, // ioredis MaxRetriesPerRequestError
  /enableOfflineQueue options is false/i, // ioredis, failing fast while disconnected
  /^(LOADING|READONLY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN)\b/, // Redis restarting or failing over
];

/** True when `err` (or an error it wraps) says a dependency is unreachable, not that the work is bad. */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 8) return false;
  const e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  if (/^08[0-9A-Z]{3}$/.test(code) || PG_TRANSIENT_CODES.has(code) || NODE_CONNECTION_CODES.has(code))
    return true;
  if (e.name === "MaxRetriesPerRequestError" || MESSAGES.some((re) => re.test(message))) return true;
  return [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])].some((inner) =>
    isConnectionError(inner, depth + 1),
  );
}
