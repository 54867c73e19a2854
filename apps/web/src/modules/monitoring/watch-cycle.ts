import type { TWatchCycleView } from "@brandwarden/contract/browser/monitoring";

// The watch's full cycle, web side (issue 28): its position lives in the stats of the rounds
// (no table of its own). The worker reports where each round's slice started and where the next
// one starts; a completed round also carries when its cycle started, how many cycles completed
// and when the last one did, so the next round and the watch view read one row.

type Stats = Record<string, number>;

interface RoundTimes {
  started_at: Date;
  finished_at: Date | null;
}

/** Where the next round's slice starts: the last completed round's next offset (a failed round does not advance). */
function nextOffset(lastCompleted: { stats: Stats | null } | null): number {
  return lastCompleted?.stats?.cycle_next ?? 0;
}

/**
 * Where the next round stands in the cycle: its slice's offset, the time left until the cycle is
 * due (a new cycle has all of it) and how long rounds take from start to start (the interval, or
 * the last round's run when that was longer), so the worker spreads what is left over the rounds
 * that still fit.
 */
export function cyclePosition(
  last: (RoundTimes & { stats: Stats | null }) | null,
  settings: { intervalMs: number; fullCycleMs: number },
  now: Date,
): { offset: number; remaining_ms: number; round_ms: number } {
  const offset = nextOffset(last);
  const s = last?.stats;
  const ran = last?.finished_at ? last.finished_at.getTime() - last.started_at.getTime() : 0;
  const round_ms = Math.max(settings.intervalMs, Math.round(ran));
  const started = offset === 0 ? undefined : s?.cycle_started_ms;
  const due = (started ?? now.getTime()) + settings.fullCycleMs;
  return { offset, remaining_ms: Math.max(0, Math.round(due - now.getTime())), round_ms };
}

/**
 * The stats stored for a completed round: the worker's, plus the cycle's bookkeeping carried on
 * from the previous completed round. Rounds without a cycle are stored as they came.
 */
export function carryCycle(
  stats: Stats,
  round: RoundTimes,
  previous: { stats: Stats | null } | null,
  settings: { intervalMs: number; fullCycleMs: number },
  now: Date,
): Stats {
  if (stats.cycle_total === undefined) return stats;
  const before = previous?.stats ?? {};
  const wrapped = stats.cycle_wrapped === 1;
  const startedHere = stats.cycle_start === 0 || before.cycle_started_ms === undefined;
  const completedMs = wrapped ? now.getTime() : before.cycle_completed_ms;
  return {
    ...stats,
    cycle_started_ms: startedHere ? round.started_at.getTime() : before.cycle_started_ms!,
    cycles_completed: (before.cycles_completed ?? 0) + (wrapped ? 1 : 0),
    ...(completedMs !== undefined && { cycle_completed_ms: completedMs }),
    interval_ms: settings.intervalMs,
    full_cycle_ms: settings.fullCycleMs,
  };
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/**
 * Where the cycle stands after the last completed round: candidates checked this cycle (every
 * position before the next offset was checked, by the slices or as a top, pinned or tracked
 * name), of how many, and when the cycle should complete. Null before
 * the first round with a cycle.
 */
export function cycleView(last: (RoundTimes & { stats: Stats | null }) | null): TWatchCycleView | null {
  const s = last?.stats;
  if (!last || !s || s.cycle_total === undefined || s.cycle_next === undefined) return null;
  const total = s.cycle_total;
  const wrapped = s.cycle_wrapped === 1;
  const checked = wrapped ? 0 : Math.min(s.cycle_next, total);
  const intervalMs = s.interval_ms ?? 0;
  const fullCycleMs = s.full_cycle_ms ?? 0;
  const from = (last.finished_at ?? last.started_at).getTime();
  // The slices spread what is left over the rounds that fit before the cycle is due: it completes
  // then, or with the next round once it is overdue.
  let completesMs: number | undefined;
  if (wrapped) completesMs = fullCycleMs ? from + fullCycleMs : undefined;
  else if (s.cycle_started_ms !== undefined && fullCycleMs)
    completesMs = Math.max(s.cycle_started_ms + fullCycleMs, from + Math.max(intervalMs, s.duration_ms ?? 0));
  return {
    checked,
    total,
    started_at: wrapped ? null : iso(s.cycle_started_ms),
    completes_at: iso(completesMs),
    cycles_completed: s.cycles_completed ?? 0,
    last_completed_at: iso(s.cycle_completed_ms),
    interval_ms: intervalMs,
    full_cycle_ms: fullCycleMs,
    paced_seconds: s.paced_seconds ?? null,
    over_interval: s.over_interval === 1,
  };
}
