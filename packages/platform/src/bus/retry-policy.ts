import { isConnectionError } from "../util/connection-error.ts";

/** How a stream consumer retries an entry whose handler failed. */
export interface RetryPolicy {
  /** Failures that are not connection errors an entry may have before it is dead-lettered. */
  maxDeliveries: number;
  /** First retry delay; doubles per attempt. */
  retryBaseMs: number;
  /** Longest retry delay (also while waiting out an outage). */
  retryMaxMs: number;
  /** A dependency is unreachable: wait for it, never dead-letter. Default: `isConnectionError`. */
  isTransient?: (err: unknown) => boolean;
}

/** What one entry has been through so far. */
export interface RetryCount {
  /** Failures of the work itself (poison candidates). */
  failures: number;
  /** Failures because a dependency was unreachable, in a row. */
  outage: number;
}

export type RetryDecision =
  | { action: "retry"; delayMs: number; transient: boolean; count: RetryCount }
  | { action: "dead_letter"; count: RetryCount };

/**
 * After a failure: a connection error is retried with capped exponential backoff for as long as
 * it lasts (an outage of any length loses nothing); any other error counts towards
 * `maxDeliveries`, after which the entry is poison and goes to the dead letters.
 */
export function decideRetry(policy: RetryPolicy, count: RetryCount, err: unknown): RetryDecision {
  const transient = (policy.isTransient ?? isConnectionError)(err);
  const next: RetryCount = transient
    ? { failures: count.failures, outage: count.outage + 1 }
    : { failures: count.failures + 1, outage: 0 };
  if (!transient && next.failures >= Math.max(1, policy.maxDeliveries))
    return { action: "dead_letter", count: next };
  const exponent = Math.min(30, (transient ? next.outage : next.failures) - 1);
  const delayMs = Math.min(
    Math.max(policy.retryBaseMs, policy.retryMaxMs),
    policy.retryBaseMs * 2 ** exponent,
  );
  return { action: "retry", delayMs, transient, count: next };
}
