/**
 * A per-scan token budget shared by concurrent requests: each request reserves its estimate
 * (prompt + maximum answer) before it is sent and settles to the real usage afterwards, so
 * requests in flight can never together overspend the budget.
 */
interface TokenReservation {
  /** Replaces the reserved estimate with what the call really used. */
  settle(used: number): void;
}

export interface TokenBudget {
  readonly limit: number;
  /** Tokens charged (settled) plus tokens reserved by calls in flight. */
  committed(): number;
  used(): number;
  /** Null when the estimate does not fit in what is left. */
  reserve(estimate: number): TokenReservation | null;
}

export function createTokenBudget(limit: number): TokenBudget {
  let used = 0;
  let reserved = 0;
  return {
    limit,
    committed: () => used + reserved,
    used: () => used,
    reserve(estimate) {
      if (used + reserved + estimate > limit) return null;
      reserved += estimate;
      let settled = false;
      return {
        settle(actual) {
          if (settled) return;
          settled = true;
          reserved -= estimate;
          used += Math.max(0, actual);
        },
      };
    },
  };
}
