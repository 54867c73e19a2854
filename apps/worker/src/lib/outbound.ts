// What the worker's outbound requests are counted by (metrics.ts keeps the counter): the kind of
// request and how it went. `rate_limited` is a refusal for the caller's rate (HTTP 429, a WHOIS
// "limit exceeded"); `error` is anything else that gave no usable answer.

export type OutboundKind = "dns" | "rdap" | "whois" | "http" | "tls" | "social" | "llm";
type OutboundOutcome = "ok" | "error" | "rate_limited";
export type CountOutbound = (kind: OutboundKind, outcome: OutboundOutcome) => void;

/** `promise` counted as `kind` once it settles (`rateLimited` picks refusals out of its errors). */
export function counted<T>(
  count: CountOutbound | undefined,
  kind: OutboundKind,
  promise: Promise<T>,
  rateLimited: (err: unknown) => boolean = () => false,
): Promise<T> {
  if (!count) return promise;
  return promise.then(
    (value) => {
      count(kind, "ok");
      return value;
    },
    (err: unknown) => {
      count(kind, rateLimited(err) ? "rate_limited" : "error");
      throw err;
    },
  );
}
