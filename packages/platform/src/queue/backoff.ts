/** Delay before attempt `attempt + 1` after `attempt` failed: base * 2^(attempt-1), as BullMQ's "exponential". */
export function exponentialBackoffMs(baseMs: number, attempt: number): number {
  return baseMs * 2 ** (attempt - 1);
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_CONCURRENCY = 1;
