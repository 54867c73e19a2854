import type { TWatchCycle, TWatchRequest } from "@brandwarden/contract/watch";

// The full candidate set on a cycle (issue 28): besides the top names, each round re-resolves the
// next slice of every other candidate, so that all of them are checked once per full cycle. The
// position is an index into the ranked list (prior risk, ties by name: the same order every round
// while the brand profile stays the same); the web app keeps it between rounds.

/** Candidates per round so that `rest` of them are all checked within one full cycle (at least 1, at most all). */
export function sliceSize(rest: number, intervalMs: number, fullCycleMs: number): number {
  if (rest <= 0) return 0;
  return Math.min(rest, Math.max(1, Math.ceil((rest * intervalMs) / fullCycleMs)));
}

export interface CycleSlice<T> {
  /** The candidates this round re-resolves for the cycle, in ranked order. */
  names: T[];
  /** Candidates in the ranked list (the cycle's length in positions). */
  total: number;
  /** Candidates the cycle covers beyond those checked anyway (top, pinned, tracked, skipped). */
  rest: number;
  start: number;
  /** Where the next round's slice starts: 0 when this one reached the end. */
  next: number;
  /** This slice reached the end of the list: a cycle completed. */
  wrapped: boolean;
}

/**
 * How many of the `left` candidates not yet checked this cycle this round takes: an even share of
 * the rounds that still fit before the cycle is due, so rounds that run longer than the interval,
 * or a worker that was away, still complete the cycle on time (an overdue cycle takes all that is
 * left). Without the cycle's clock, `sliceSize` of the whole rest.
 */
export function roundShare(left: number, rest: number, cycle: TWatchCycle): number {
  if (left <= 0) return 0;
  if (cycle.remaining_ms === undefined) return sliceSize(rest, cycle.interval_ms, cycle.full_cycle_ms);
  const step = Math.max(cycle.round_ms ?? cycle.interval_ms, cycle.interval_ms);
  const rounds = Math.max(1, Math.floor(cycle.remaining_ms / step));
  return Math.min(left, Math.ceil(left / rounds));
}

/**
 * The slice from `cycle.offset` on: up to `roundShare` candidates that `covered` does not already
 * check. An offset past the end (the profile changed and the list shrank) is clamped: that round
 * completes the cycle with an empty slice, and the next starts again from the top.
 */
export function takeCycleSlice<T extends { domain: string }>(
  ranked: readonly T[],
  covered: (domain: string) => boolean,
  cycle: TWatchCycle,
): CycleSlice<T> {
  const total = ranked.length;
  let rest = 0;
  for (const r of ranked) if (!covered(r.domain)) rest++;
  const start = Math.min(cycle.offset, total);
  let left = 0;
  for (let k = start; k < total; k++) if (!covered(ranked[k]!.domain)) left++;
  const size = roundShare(left, rest, cycle);
  const names: T[] = [];
  let i = start;
  while (i < total && names.length < size) {
    const r = ranked[i++]!;
    if (!covered(r.domain)) names.push(r);
  }
  // Covered names at the end need no round of their own: the slice that took the last candidate completes the cycle.
  while (i < total && covered(ranked[i]!.domain)) i++;
  const wrapped = i >= total;
  return { names, total, rest, start, next: wrapped ? 0 : i, wrapped };
}

/** Names a round never re-resolves as candidates: the brand's own, and those checked otherwise. */
export function excludedNames(req: TWatchRequest): Set<string> {
  return new Set([...req.owned_domains, ...req.tracked.map((t) => t.domain), ...req.skip]);
}
